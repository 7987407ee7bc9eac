extension SubtitleStream {
    public struct Batch {
        public var cues: [Cue] = []
        /// SubRip cues as parsed, not built yet (with `keepsParsed`): a text output writes most of
        /// them from their bytes (`CuePlayback.sendAhead`); `cues` builds them all.
        var parsed: ParsedCues?
        public var messages: [String] = []
        /// A live recogniser's partial hypotheses (see `LiveCaptions.swift`), in the order they
        /// came: tentative text, never cues.
        public var partials: [PartialHypothesis] = []
    }

    /// A part's cues as the parser left them (records over the part's text), numbered from the
    /// part's first line: `cue(at:)` builds one as the batch's `cues` would have it.
    struct ParsedCues {
        let list: CompactCues
        let lineShift: Int

        var count: Int { list.records.count }

        func cue(at index: Int) -> Cue {
            var cue = SubtitleStream.cut(list.cue(at: index))
            cue.sourceLine += lineShift
            return cue
        }

        /// Every cue, built.
        var cues: [Cue] { (0..<count).map(cue(at:)) }
    }
}
