/// An eSpeak NG voice, as `espeak_GetCurrentVoice` describes the one in use.
public struct SpeechVoice: Sendable, Equatable, CustomStringConvertible {
    /// Its given name: "German", "English (Great Britain)".
    public var name: String
    /// Its file in espeak-ng-data/voices: "gmw/de", "gmw/en".
    public var identifier: String
    /// The language it was chosen for (the primary subtag asked for, or "en" after a fallback).
    public var language: String

    public init(name: String, identifier: String, language: String) {
        self.name = name
        self.identifier = identifier
        self.language = language
    }

    public var description: String { "\(self.name) (\(self.identifier))" }
}
