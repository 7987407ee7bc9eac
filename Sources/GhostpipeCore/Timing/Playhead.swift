/// Maps instants on the player's clock to positions on a media timeline (subtitle time) and back:
/// `position(t) = anchorPosition + (t − anchorInstant) × speed`, or frozen while paused.
///
/// Every change (seek, speed, pause, offset) re-anchors at the current instant, so positions stay
/// continuous and exact: no accumulated error however often the user presses a key.
public struct Playhead: Sendable, Equatable {
    public private(set) var anchorInstant: Nanoseconds
    public private(set) var anchorPosition: Nanoseconds
    public private(set) var speed: Double
    public private(set) var isPaused = false

    public init(instant: Nanoseconds, position: Nanoseconds, speed: Double = 1, paused: Bool = false) {
        anchorInstant = instant
        anchorPosition = position
        self.speed = speed
        isPaused = paused
    }

    /// The media position at clock instant `t`.
    public func position(at t: Nanoseconds) -> Nanoseconds {
        if isPaused { return anchorPosition }
        if speed == 1 { return anchorPosition.saturatingAdding(t.saturatingSubtracting(anchorInstant)) }
        return anchorPosition.saturatingAdding(Nanoseconds(saturating: (Double(t - anchorInstant) * speed).rounded()))
    }

    /// The clock instant at which the media reaches `position` (nil while paused or if it is behind).
    public func instant(of position: Nanoseconds) -> Nanoseconds? {
        guard !isPaused else { return nil }
        let distance = position.saturatingSubtracting(anchorPosition)
        if speed == 1 { return anchorInstant.saturatingAdding(distance) }
        // Saturated: a far cue at a small speed is past any instant the clock reaches, not a trap.
        var instant = anchorInstant.saturatingAdding(Nanoseconds(saturating: (Double(distance) / speed).rounded(.up)))
        // Far from the anchor a Double holds fewer nanoseconds than an Int64: step on until the
        // position is really reached, or a waiting loop would wake short of it for ever.
        var step: Nanoseconds = 1
        while self.position(at: instant) < position && instant < .max {
            instant = instant.saturatingAdding(step)
            step = step.saturatingAdding(step)
        }
        return instant
    }


    public mutating func seek(to position: Nanoseconds, at t: Nanoseconds) {
        anchorInstant = t
        anchorPosition = position
    }

    public mutating func setSpeed(_ newSpeed: Double, at t: Nanoseconds) {
        anchorPosition = position(at: t)
        anchorInstant = t
        speed = newSpeed
    }

    /// Lets the clock run on by `delta` without the media moving (the process was stopped).
    public mutating func delay(by delta: Nanoseconds) {
        if !isPaused { anchorInstant += delta }
    }

    public mutating func setPaused(_ paused: Bool, at t: Nanoseconds) {
        anchorPosition = position(at: t)
        anchorInstant = t
        isPaused = paused
    }
}
