import VitrineUI

/// A list's `filter` at work (issue 32, "Search a list"): the rows are made from the data once
/// and their searched texts folded once; each key the visitor types only searches those texts
/// again — within the last result while the text only grows — and hands the list the indices to
/// show (`ListView.setFilter`), so no row is made, folded or measured again per key.
final class ListSearch {
    let filter: ListNode.Filter
    /// The data sources the rows read (not the filter's text): when one of them changes, or the
    /// language, the rows are made again.
    let rowSources: Set<String>
    private var versions: [String: UInt64]?
    private var language: String?
    /// Each row's searched fields, folded, as UTF-8: section by section.
    private var folded: [[[UInt8]]] = []
    private var lastQuery: [UInt8]?
    private var lastMatches: [[Int]]?

    init(filter: ListNode.Filter, list: ListNode) {
        self.filter = filter
        var roots = Set<String>()
        func add(_ binding: DataBinding?) {
            guard let binding else { return }
            for root in binding.expression?.roots ?? binding.components.prefix(1).map({ $0 }) where root != DataStore.itemRoot {
                roots.insert(root)
            }
        }
        for section in list.sections {
            add(section.header?.binding)
            add(section.footer?.binding)
            for row in section.rows + [section.repeating?.row].compactMap({ $0 }) {
                add(row.title.binding)
                add(row.subtitle?.binding)
                add(row.trailing?.binding)
                add(row.thumbnail?.binding)
            }
            add(section.repeating?.source)
        }
        self.rowSources = roots
    }

    /// Whether the rows must be made again: a source they read changed, or the language.
    func rowsChanged(data: DataStore?, language: String?) -> Bool {
        let versions = Dictionary(uniqueKeysWithValues: self.rowSources.map { ($0, data?.sourceVersions[$0] ?? 0) })
        defer {
            self.versions = versions
            self.language = language
        }
        return versions != self.versions || language != self.language
    }

    /// New rows: their texts folded, the last search forgotten.
    func index(_ sections: [ListSection]) {
        self.folded = sections.map { section in
            section.rows.map { row in
                var text = ""
                for field in self.filter.fields {
                    switch field {
                    case .title: text += row.title
                    case .subtitle: text += "\n" + (row.subtitle ?? "")
                    case .trailing: text += "\n" + (row.trailing ?? "")
                    }
                }
                return Array(TextFolding.fold(text).utf8)
            }
        }
        self.lastQuery = nil
        self.lastMatches = nil
    }

    /// The rows to show for `text` (nil: all, the text is empty).
    func matches(for text: String) -> [[Int]]? {
        let query = Array(TextFolding.fold(text).utf8)
        let words = query.split { $0 == 0x20 || $0 == 0x09 }.map(Array.init)
        guard !words.isEmpty else {
            self.lastQuery = query
            self.lastMatches = nil
            return nil
        }
        // A text that only grew can only match fewer rows: search within the last result.
        let narrowing = self.lastQuery.map { query.starts(with: $0) } == true
        var matches: [[Int]] = []
        for (section, rows) in self.folded.enumerated() {
            let candidates = narrowing ? self.lastMatches?[section] : nil
            var kept: [Int] = []
            func consider(_ index: Int) {
                let text = rows[index]
                if words.allSatisfy({ Self.contains(text, $0) }) { kept.append(index) }
            }
            if let candidates {
                for index in candidates { consider(index) }
            } else {
                for index in rows.indices { consider(index) }
            }
            matches.append(kept)
        }
        self.lastQuery = query
        self.lastMatches = matches
        return matches
    }

    /// Whether `needle` occurs in `haystack` (bytes; both folded, so a plain search).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        let last = haystack.count - needle.count
        var index = 0
        while index <= last {
            if haystack[index] == first {
                var match = true
                var offset = 1
                while offset < needle.count {
                    if haystack[index + offset] != needle[offset] {
                        match = false
                        break
                    }
                    offset += 1
                }
                if match { return true }
            }
            index += 1
        }
        return false
    }
}
