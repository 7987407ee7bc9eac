// The enumerations options choose from, with the line each value gets in the man page and in the
// completions that show descriptions.

extension ColorChoice: OptionChoice {
    public var summary: String {
        switch self {
        case .auto: "as the environment says: NO_COLOR and TERM=dumb mean none, COLORTERM and TERM the depth"
        case .always: "colour even where NO_COLOR or TERM=dumb say not"
        case .never: "no colour (the animation still runs)"
        }
    }
}

extension SubtitleLayout: OptionChoice {
    public var summary: String {
        switch self {
        case .band: "cues appear in a band of rows at the bottom, lines centred, redrawn in place and cleared at their end; the shell around it is undisturbed"
        case .scroll: "each cue is appended below the last, a transcript that stays in the scrollback"
        case .slides: "one paragraph or cue at a time in the same place, each replacing the one before through the effect (morph by default); left and right step between them"
        }
    }
}

extension MeasuredWidths.Policy: OptionChoice {
    public var summary: String {
        switch self {
        case .auto: "ask the terminal about the clusters terminals disagree on, when the output is a terminal"
        case .spec: "the Unicode widths only; ask the terminal nothing"
        case .terminal: "ask about every cluster outside ASCII"
        }
    }
}

extension CompletionShell: OptionChoice {
    public var summary: String {
        switch self {
        case .bash: "for bash (with or without the bash-completion package)"
        case .zsh: "for zsh's completion system (compinit)"
        case .fish: "for fish"
        }
    }
}

extension RowAlignment: OptionChoice {
    /// `middle` is --place's word for it: accepted here too.
    public var aliases: [String] { self == .center ? ["centre", "middle"] : [] }
    public var summary: String {
        switch self {
        case .left: "flush left, as cat leaves it"
        case .center: "centred by its longest line"
        case .right: "flush right by its longest line"
        }
    }
}

extension BlockPlace: OptionChoice {
    /// `center` is --align's word for it: accepted here too.
    public var aliases: [String] { self == .middle ? ["center", "centre"] : [] }
    public var summary: String {
        switch self {
        case .top: "where the text starts, flowing down as cat's would; cues at the terminal's top rows"
        case .middle: "in the middle of a full screen; cues in the terminal's middle rows"
        case .bottom: "at the bottom of a full screen; cues at the terminal's last rows (their default)"
        case .inline: "cues in a band just under the prompt, where ghostpipe starts; text as with top"
        }
    }
}

extension TypingStyle: OptionChoice {
    public var summary: String {
        switch self {
        case .even: "every grapheme the same time apart, pauses aside (default)"
        case .human: "each grapheme its own interval, as a person types: the same pace on average, the same intervals with the same --seed"
        }
    }
}
