@testable import GhostpipeCore

/// Shorthands for the format tests.
func ms(_ milliseconds: Int64) -> Nanoseconds { milliseconds * Time.millisecond }

func srt(_ text: String) -> (cues: [Cue], diagnostics: [Diagnostic]) {
    let (cues, diagnostics) = SubRipParser.parse(text)
    return (Array(cues), diagnostics)
}

func vtt(_ text: String) -> (cues: [Cue], diagnostics: [Diagnostic]) {
    let (cues, diagnostics) = WebVTTParser.parse(text)
    return (Array(cues), diagnostics)
}

/// Runs of the first cue of an SRT snippet whose cue text is `text`.
func srtRuns(_ text: String) -> [StyledRun] {
    srt("1\n00:00:01,000 --> 00:00:02,000\n\(text)\n").cues.first?.runs ?? []
}

/// Runs of the only cue of a WebVTT snippet whose cue text is `text`.
func vttRuns(_ text: String, header: String = "") -> [StyledRun] {
    vtt("WEBVTT\n\(header)\n00:01.000 --> 00:02.000\n\(text)\n").cues.first?.runs ?? []
}

let italic = Style(attributes: .italic)
let bold = Style(attributes: .bold)
func fg(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ attributes: TextAttributes = []) -> Style {
    Style(foreground: .rgb(r, g, b), attributes: attributes)
}
