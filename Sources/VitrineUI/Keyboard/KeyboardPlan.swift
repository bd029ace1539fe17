import VitrineCore

/// Where every key of one page of the on-screen keyboard goes: rows of `KeyboardKey`s from a
/// `KeyboardLayout`, and their frames for a keyboard of a given width.
///
/// Letters: the layout's three rows, Shift and Backspace flanking the third, then the symbols
/// switch, the space bar and the submit key (an e-mail field adds `@` and `.` beside the space,
/// as iOS's e-mail keyboard does). Symbols: digits, then the common punctuation, the same bottom
/// row. The number pad is a phone's: 1–9 in three rows, 0 below, Backspace and the submit key in
/// a fourth column.
public struct KeyboardPlan: Equatable, Sendable {
    public var page: KeyboardPage
    public var rows: [[KeyboardKey]]

    /// Key height and the gaps around keys, in points: 50-point keys (above the 44-point minimum
    /// target, HIG and WCAG 2.5.5; a kiosk is used standing, at arm's length) with 8-point gaps
    /// (iOS's keyboards leave about 6 between keys of 42).
    public static let keyHeight = 50.0
    public static let gap = 8.0
    /// The widest a letter key gets (a 1920-point-wide screen would otherwise give 160-point
    /// keys, far beyond a finger's reach across a row); the keyboard is centred.
    public static let maximumKeyWidth = 96.0
    /// The number pad's widest column.
    public static let maximumPadKeyWidth = 150.0

    /// - Parameters:
    ///   - shifted: Shift or Caps Lock is on (letters are capitals, variants too).
    ///   - email: the bottom row offers `@` and `.`.
    ///   - decimalSeparator: the decimal pad's separator (`,` in German and French, `.` in English).
    public init(page: KeyboardPage, layout: KeyboardLayout, shifted: Bool = false, email: Bool = false, decimalSeparator: String = ".") {
        self.page = page
        func character(_ text: String, variants: [String] = []) -> KeyboardKey {
            KeyboardKey(.character(text), name: text, variants: variants)
        }
        let bottom: [KeyboardKey] = {
            var row = [
                page == .letters
                    ? KeyboardKey(.page(.symbols), name: "page:symbols", width: 1.5) : KeyboardKey(.page(.letters), name: "page:letters", width: 1.5)
            ]
            if email { row.append(character("@")) }
            row.append(KeyboardKey(.space, name: "space", width: email ? 4 : 5))
            if email { row.append(character(".")) }
            row.append(KeyboardKey(.submit, name: "submit", width: 2))
            row.append(KeyboardKey(.hide, name: "hide", width: 1.5))
            return row
        }()
        switch page {
        case .letters:
            var rows = layout.rows.map { row in
                row.map { cap in
                    let text = shifted ? cap.shifted : cap.base
                    return character(text, variants: AccentVariants.variants(of: cap.base, shifted: shifted))
                }
            }
            while rows.count < 3 { rows.append([]) }
            rows[2] = [KeyboardKey(.shift, name: "shift", width: 1.5)] + rows[2] + [KeyboardKey(.backspace, name: "backspace", width: 1.5)]
            self.rows = rows + [bottom]
        case .symbols:
            self.rows = [
                "1234567890".map { character(String($0)) },
                ["-", "/", ":", ";", "(", ")", "€", "&", "@", "\""].map { character($0) },
                ["."].map { character($0) } + [",", "?", "!", "'", "#", "%", "+", "="].map { character($0) }
                    + [KeyboardKey(.backspace, name: "backspace", width: 1.5)],
                bottom
            ]
        case .numberPad, .decimalPad:
            let separator = page == .decimalPad ? character(decimalSeparator) : KeyboardKey(.hide, name: "hide")
            self.rows = [
                ["1", "2", "3"].map { character($0) } + [KeyboardKey(.backspace, name: "backspace")],
                ["4", "5", "6"].map { character($0) } + [KeyboardKey(.submit, name: "submit")],
                ["7", "8", "9"].map { character($0) },
                [separator, character("0")]
            ]
        }
    }

    /// Whether this is one of the pads (frames are a grid, not centred rows).
    public var isPad: Bool { self.page == .numberPad || self.page == .decimalPad }

    /// The keyboard's height for this page: four rows and the gaps, plus 8 points below the last
    /// row.
    public var height: Double { 4 * Self.keyHeight + 5 * Self.gap }

    /// Every key's frame in a keyboard `width` points wide, row by row, keys in order.
    public func frames(width: Double) -> [[Rect]] {
        self.isPad ? self.padFrames(width: width) : self.rowFrames(width: width)
    }

    private func rowFrames(width: Double) -> [[Rect]] {
        let widest = self.rows.map { $0.reduce(0) { $0 + $1.width } }.max() ?? 1
        let widestCount = Double(self.rows.map(\.count).max() ?? 1)
        let unit = min(Self.maximumKeyWidth, max(1, (width - Self.gap * (widestCount + 1)) / widest))
        var frames: [[Rect]] = []
        for (index, row) in self.rows.enumerated() {
            let units = row.reduce(0) { $0 + $1.width }
            let rowWidth = units * unit + Self.gap * Double(max(0, row.count - 1))
            var x = ((width - rowWidth) / 2).rounded()
            let y = Self.gap + Double(index) * (Self.keyHeight + Self.gap)
            var rects: [Rect] = []
            for key in row {
                let keyWidth = key.width * unit
                rects.append(Rect(x: x, y: y, width: keyWidth, height: Self.keyHeight))
                x += keyWidth + Self.gap
            }
            frames.append(rects)
        }
        return frames
    }

    /// Four columns; Backspace and submit in the fourth, the separator (or hide) and 0 under
    /// the digits, 0 two columns wide when there is no separator.
    private func padFrames(width: Double) -> [[Rect]] {
        let column = min(Self.maximumPadKeyWidth, (width - 5 * Self.gap) / 4)
        let left = ((width - 4 * column - 3 * Self.gap) / 2).rounded()
        func cell(_ c: Int, _ r: Int, columns: Int = 1, rows: Int = 1) -> Rect {
            Rect(
                x: left + Double(c) * (column + Self.gap), y: Self.gap + Double(r) * (Self.keyHeight + Self.gap),
                width: Double(columns) * column + Double(columns - 1) * Self.gap, height: Double(rows) * Self.keyHeight + Double(rows - 1) * Self.gap)
        }
        return [
            [cell(0, 0), cell(1, 0), cell(2, 0), cell(3, 0)],
            [cell(0, 1), cell(1, 1), cell(2, 1), cell(3, 1, rows: 3)],
            [cell(0, 2), cell(1, 2), cell(2, 2)],
            [cell(0, 3), cell(1, 3, columns: 2)]
        ]
    }
}
