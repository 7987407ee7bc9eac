/// A value that does not say what it must (a palette, a track order): the reason, in words. The
/// command line phrases it as a usage error naming the option; the library names no option.
public struct InvalidValue: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
