import VitrineCore
import VitrineGraphics
import VitrineUI

/// Lists (`ListNode`): the sections and rows a config writes or repeats over its data, made
/// again when that data changes.
extension SceneBuilder {
    /// A list, made again when its data changes; with a `filter`, narrowed by its text at
    /// every change of it without its rows being made again (`ListSearch`).
    func listView(_ list: ListNode, path: String) throws(VitrineError) -> ListView {
        let sections = try self.sections(list, path: path)
        let search = list.filter.map { ListSearch(filter: $0, list: list) }
        if let search {
            _ = search.rowsChanged(data: self.data, language: self.language)
            search.index(sections)
        }
        let view = ListView(sections: sections, theme: self.theme)
        if let search, let filter = list.filter { view.setFilter(search.matches(for: self.text(filter.text))) }
        let bound =
            list.filter?.text.binding != nil
            || list.sections.contains { section in
                section.repeating != nil || section.header?.binding != nil || section.footer?.binding != nil
                    || section.rows.contains { row in
                        row.title.binding != nil || row.subtitle?.binding != nil || row.trailing?.binding != nil || row.thumbnail?.binding != nil
                    }
            }
        self.bind(view, when: bound) { [unowned self] view in
            guard let view = view as? ListView else { return }
            do {
                guard let search, let filter = list.filter else {
                    view.setSections(try self.sections(list, path: path))
                    return
                }
                if search.rowsChanged(data: self.data, language: self.language) {
                    let sections = try self.sections(list, path: path)
                    search.index(sections)
                    view.setSections(sections, filter: search.matches(for: self.text(filter.text)))
                } else {
                    view.setFilter(search.matches(for: self.text(filter.text)))
                }
            } catch {
                self.logger.error("\(error); keeping the last rows")
            }
        }
        return view
    }

    /// A list's sections with every text resolved and repeated rows made from the data.
    func sections(_ list: ListNode, path: String) throws(VitrineError) -> [ListSection] {
        var sections: [ListSection] = []
        for (s, section) in list.sections.enumerated() {
            var rows: [ListRow] = []
            for (r, row) in section.rows.enumerated() {
                rows.append(try self.row(row, path: path + ".sections[\(s)].rows[\(r)]", item: nil))
            }
            if let repeating = section.repeating, case .array(let items)? = repeating.source.value(in: self.data, item: nil, language: self.language) {
                if items.count > Self.mostRepeatedRows {
                    self.logger.warning(
                        "\(path): \(repeating.source.path) has \(items.count) rows; a list shows the first \(Self.mostRepeatedRows) (split the data, or show fewer)"
                    )
                }
                for (index, item) in items.prefix(Self.mostRepeatedRows).enumerated() {
                    rows.append(try self.row(repeating.row, path: path + ".sections[\(s)].rows[\(repeating.source.path)[\(index)]]", item: item))
                }
            }
            sections.append(ListSection(header: section.header.map { self.text($0) }, footer: section.footer.map { self.text($0) }, rows: rows))
        }
        return sections
    }

    /// Repeated rows shown at most. A list makes views only for the rows in view (`ListView`),
    /// so what a row costs beyond that is its data and one height: 100,000 rows is what a
    /// 16 MiB data file (the largest read) holds at about 160 bytes a row.
    public static let mostRepeatedRows = 100_000

    func row(_ row: ListNode.Row, path: String, item: JSONValue?) throws(VitrineError) -> ListRow {
        var thumbnail: PixelBuffer?
        if let value = row.thumbnail {
            do {
                let side = ListRowView.thumbnailSize
                thumbnail = try self.picture(value, field: path + ".thumbnail", item: item, shownAt: Size(width: side, height: side))
            } catch  where item != nil || value.binding != nil {
                // A picture named by the data that cannot be shown: the row goes without it.
                self.logger.error("\(error)")
            }
        }
        return ListRow(
            title: self.text(row.title, item: item), subtitle: row.subtitle.map { self.text($0, item: item) },
            trailing: row.trailing.map { self.text($0, item: item) },
            thumbnail: thumbnail, disclosure: row.showsDisclosure, identifier: path, action: self.action(row.action, at: path + ".action", item: item))
    }
}
