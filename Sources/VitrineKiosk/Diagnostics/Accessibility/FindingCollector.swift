/// Findings gathered over every language and laid-out state, each once: one found in some of the
/// kiosk's languages only says which.
struct FindingCollector {
    let languages: [String]
    private var order: [String] = []
    private var found: [String: (finding: AccessibilityFinding, languages: Set<String>, everywhere: Bool)] = [:]

    init(languages: [String]) { self.languages = languages }

    /// Adds `finding`, found in `language` (nil: not laid out, so in every language). A target's
    /// size differs between languages; it is one finding whatever its measurements.
    mutating func add(_ finding: AccessibilityFinding, language: String? = nil) {
        let message = finding.check == .targets ? "" : finding.message
        let key = [finding.check.rawValue, finding.screen ?? "", finding.path ?? "", message].joined(separator: "\u{1F}")
        if var entry = self.found[key] {
            if let language { entry.languages.insert(language) } else { entry.everywhere = true }
            self.found[key] = entry
            return
        }
        self.order.append(key)
        self.found[key] = (finding, language.map { [$0] } ?? [], language == nil)
    }

    var findings: [AccessibilityFinding] {
        self.order.compactMap { key in
            guard let entry = self.found[key] else { return nil }
            var finding = entry.finding
            if !entry.everywhere, self.languages.count > 1, entry.languages.count < self.languages.count {
                finding.languages = self.languages.filter { entry.languages.contains($0) }
            }
            return finding
        }
    }
}
