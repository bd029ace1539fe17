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

    /// The longest file path a message repeats whole: 160 characters, longer than any path a
    /// kiosk is set up with (`/etc/vitrine/images/…`).
    public static let longestPath = 160

    /// A file path as a message names it: whole up to `longestPath` characters, else its first
    /// 60 and last 80 (a path is read by its end, the file's name) around "…", with its length.
    public static func path(_ path: String) -> String {
        let count = path.count
        guard count > self.longestPath else { return path }
        return String(path.prefix(60)) + "…" + String(path.suffix(80)) + " (a path of \(count) characters)"
    }

    /// A JSON value as a message quotes it: compact (one line), cut like `quoted` (an array or
    /// object is shown as written, `[1, 2]`, not pretty-printed over several lines).
    public static func json(_ value: JSONValue) -> String {
        self.shortened(value.serialized(pretty: false))
    }

    /// `text` as it is when short enough, else cut the same way without quotes (for messages
    /// that quote with `'…'`).
    public static func shortened(_ text: String) -> String {
        let count = text.count
        guard count > self.maximumCharacters else { return text }
        return String(text.prefix(self.maximumCharacters)) + "…(\(count) characters)"
    }
}
