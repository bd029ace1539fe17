/// One thing the kiosk says in speech mode: the text, the language whose voice says it, and why
/// it is said (Docs/accessibility.md, "What the kiosk says").
///
/// The text is what a sighted visitor reads, joined with commas: "Day pass, € 7.50, button,
/// 2 of 3". eSpeak NG reads the punctuation as pauses, and the same text is what the transcript
/// (the state dump's `speech` member, the tests) records.
public struct Utterance: Sendable, Equatable, CustomStringConvertible {
    /// Why the kiosk says it: the transcript and the control socket name it.
    public enum Kind: String, Sendable, Equatable {
        /// A screen's title on arrival.
        case screen
        /// The element the focus moved to (keys) or the finger is on (touch exploration).
        case focus
        /// A sheet or an alert as it opens.
        case sheet
        /// An error the visitor should know about.
        case error
        /// What an action did ("Ticket added").
        case result
        /// The help key's answer: where the visitor is and which keys do what.
        case help
        /// A question that needs an answer ("Do you need more time?").
        case prompt
    }

    public var text: String
    /// A BCP 47 tag ("en", "de-CH"); the voice is chosen by its primary subtag.
    public var language: String
    public var kind: Kind

    public init(_ text: String, language: String, kind: Kind) {
        self.text = text
        self.language = language
        self.kind = kind
    }

    public var description: String { "\(self.kind.rawValue) [\(self.language)] \(self.text)" }
}
