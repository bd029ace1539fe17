/// A value from outside (a config field, a command-line option) as an error or warning line
/// quotes it: JSON-escaped between double quotes, and cut to `maximumCharacters` so one bad
/// value cannot fill the journal or the error page — `"aaaa…"…(10000 characters)`.
public enum QuotedValue {
    /// The most characters of a value a message repeats (80): a line of a terminal, more than
    /// any colour, size, name, path or id needs to be recognised.
    public static let maximumCharacters = 80

    /// `text` escaped and in double quotes; longer than `maximumCharacters`, its start, "…"
    /// and how long it was.
    public static func quoted(_ text: String) -> String {
        let count = text.count
        guard count > self.maximumCharacters else { return JSONValue.quoted(text) }
        return JSONValue.quoted(String(text.prefix(self.maximumCharacters)) + "…") + "…(\(count) characters)"
    }

    /// `text` as it is when short enough, else cut the same way without quotes (for messages
    /// that quote with `'…'`).
    public static func shortened(_ text: String) -> String {
        let count = text.count
        guard count > self.maximumCharacters else { return text }
        return String(text.prefix(self.maximumCharacters)) + "…(\(count) characters)"
    }
}
