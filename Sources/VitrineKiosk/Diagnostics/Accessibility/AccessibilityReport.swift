import VitrineCore

/// What `AccessibilityAudit` found in one config: the findings for the kiosk as a whole, then
/// per screen, and how the screens were laid out. `text` is what `vitrine check-config
/// --accessibility` prints.
public struct AccessibilityReport: Sendable {
    /// The config file's path as given.
    public var file: String
    /// The screen the screens were laid out on, in pixels, and its scale.
    public var size: PixelSize
    public var scale: Double
    /// The kiosk's languages, each laid out; empty for a kiosk in one language.
    public var languages: [String]
    /// The screens audited (every one the kiosk can reach), in the file's order.
    public var screens: [String]
    /// The kiosk's findings first, then each screen's in the order of `screens`; within those
    /// by level, then by check (`AccessibilityFinding.Check`'s order), then in the order found.
    public var findings: [AccessibilityFinding]

    public init(file: String, size: PixelSize, scale: Double, languages: [String], screens: [String], findings: [AccessibilityFinding]) {
        self.file = file
        self.size = size
        self.scale = scale
        self.languages = languages
        self.screens = screens
        let order = Dictionary(screens.enumerated().map { ($0.element, $0.offset + 1) }, uniquingKeysWith: { first, _ in first })
        let checks = Dictionary(uniqueKeysWithValues: AccessibilityFinding.Check.allCases.enumerated().map { ($0.element, $0.offset) })
        // Stable: a finding keeps its place among those of its screen and level.
        self.findings = findings.enumerated().sorted { a, b in
            let (screenA, screenB) = (a.element.screen.map { order[$0] ?? Int.max } ?? 0, b.element.screen.map { order[$0] ?? Int.max } ?? 0)
            if screenA != screenB { return screenA < screenB }
            if a.element.level != b.element.level { return a.element.level < b.element.level }
            let (checkA, checkB) = (checks[a.element.check] ?? 0, checks[b.element.check] ?? 0)
            if checkA != checkB { return checkA < checkB }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// How many findings of `level` there are.
    public func count(_ level: AccessibilityFinding.Level) -> Int { self.findings.count { $0.level == level } }

    /// The findings of `screen` (nil: the kiosk's own).
    public func findings(on screen: String?) -> [AccessibilityFinding] { self.findings.filter { $0.screen == screen } }

    /// The report grouped per screen, each screen's findings indented under it, a screen without
    /// any saying `ok`, then the summary line.
    public var text: String {
        let laidOut = "\(self.size.width)×\(self.size.height) px" + (self.scale == 1 ? "" : ", scale \(JSONValue.number(self.scale).serialized())")
        let inLanguages = self.languages.isEmpty ? "" : " in " + self.languages.joined(separator: ", ")
        var lines = ["\(self.file): accessibility: \(self.screens.count) screen\(self.screens.count == 1 ? "" : "s") laid out at \(laidOut)\(inLanguages)"]
        let kiosk = self.findings(on: nil)
        if !kiosk.isEmpty {
            lines.append("  the kiosk:")
            lines += kiosk.map { "    \($0)" }
        }
        for screen in self.screens {
            let found = self.findings(on: screen)
            if found.isEmpty {
                lines.append("  screen \(screen): ok")
            } else {
                lines.append("  screen \(screen):")
                lines += found.map { "    \($0)" }
            }
        }
        lines.append(self.summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `kiosk.json: accessibility: 1 error, 0 warnings, 3 notices`.
    public var summary: String {
        func counted(_ level: AccessibilityFinding.Level) -> String {
            let count = self.count(level)
            return "\(count) \(level)\(count == 1 ? "" : "s")"
        }
        return "\(self.file): accessibility: " + AccessibilityFinding.Level.allCases.map(counted).joined(separator: ", ")
    }
}
