/// Where a line may end, and the greedy choice of where each one does.
///
/// Breaks are allowed after a run of spaces, after a zero-width space, and between CJK
/// ideographs or kana (not before closing CJK punctuation, so "。" never starts a line). This
/// is the part of UAX #14 (Unicode line breaking) a kiosk's text needs; there is no hyphenation
/// and no dictionary-based breaking (Thai, Lao, Khmer run on to the in-word fallback).
/// A word wider than the box is broken inside, at the last cluster boundary that fits (CSS's
/// `overflow-wrap: break-word`), with at least one cluster per line.
enum LineBreaker {
    /// Spaces a line can break after and drops at its end: U+0020, U+1680, U+2000–U+2006,
    /// U+2008–U+200A, U+205F, U+3000 (UAX #14 class BA/SP spaces; no-break spaces U+00A0,
    /// U+2007 and U+202F are not among them). Tabs are spaces by the time they get here.
    @inline(__always)
    static func isSpace(_ s: UInt32) -> Bool {
        s == 0x20 || s == 0x1680 || (0x2000...0x2006).contains(s) || (0x2008...0x200A).contains(s) || s == 0x205F || s == 0x3000
    }

    /// Han ideographs, radicals and kana: lines may break between any two of them.
    static func isCJKLetter(_ s: UInt32) -> Bool {
        (0x2E80...0x2FDF).contains(s) || (0x3040...0x309F).contains(s) || (0x30A0...0x30FF).contains(s) && s != 0x30FC
            || (0x3400...0x4DBF).contains(s) || (0x4E00...0x9FFF).contains(s) || (0xF900...0xFAFF).contains(s)
            || (0x20000...0x3FFFF).contains(s)
    }

    /// CJK punctuation that closes (、。」』）】！？，．): a break may follow it, never precede it.
    static func isCJKClosing(_ s: UInt32) -> Bool {
        s == 0x3001 || s == 0x3002 || s == 0x300D || s == 0x300F || s == 0x3011 || s == 0xFF09 || s == 0xFF01 || s == 0xFF1F
            || s == 0xFF0C || s == 0xFF0E
    }

    /// Ascending offsets where a line may end; the last is `scalars.count`.
    static func opportunities(_ scalars: [UInt32], clusterStart: [Bool]) -> [Int] {
        var breaks: [Int] = []
        var i = 1
        while i < scalars.count {
            let previous = scalars[i - 1]
            let current = scalars[i]
            let afterSpace = (Self.isSpace(previous) || previous == 0x200B) && !Self.isSpace(current)
            let betweenCJK = (Self.isCJKLetter(previous) || Self.isCJKClosing(previous)) && Self.isCJKLetter(current)
            if (afterSpace || betweenCJK) && clusterStart[i] { breaks.append(i) }
            i += 1
        }
        breaks.append(scalars.count)
        return breaks
    }

    /// `end` moved back over trailing spaces, not before `start`.
    static func contentEnd(_ scalars: [UInt32], _ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && Self.isSpace(scalars[e - 1]) { e -= 1 }
        return e
    }

    /// Where the line starting at `start` ends (the next line's start): the furthest break whose
    /// content fits `maxWidth` (26.6 pixels; nil is unbounded), else a break inside the first
    /// word. `cursor` indexes `breaks` and only moves forward over a paragraph.
    static func lineEnd(_ paragraph: ShapedParagraph, _ scalars: [UInt32], breaks: [Int], from start: Int, cursor: inout Int, maxWidth: Int?) -> Int {
        while breaks[cursor] <= start { cursor += 1 }
        guard let maxWidth else { return scalars.count }
        var chosen: Int?
        var j = cursor
        while j < breaks.count && paragraph.width(start, Self.contentEnd(scalars, start, breaks[j])) <= maxWidth {
            chosen = breaks[j]
            j += 1
        }
        if let chosen { return chosen }
        let limit = max(start + 1, Self.contentEnd(scalars, start, breaks[cursor]))
        var end = start + 1
        while end < limit && !paragraph.clusterStart[end] { end += 1 }
        var candidate = end + 1
        while candidate <= limit {
            if paragraph.clusterStart[candidate] {
                guard paragraph.width(start, candidate) <= maxWidth else { break }
                end = candidate
            }
            candidate += 1
        }
        // Spaces right after the break hang at the end of this line rather than start the next.
        while end < scalars.count && Self.isSpace(scalars[end]) { end += 1 }
        return end
    }

    /// For a truncated last line: the end of the longest stretch of whole clusters from `start`
    /// (before `end`) whose width plus `reserve` (the ellipsis) fits, trailing spaces dropped.
    static func truncatedEnd(_ paragraph: ShapedParagraph, _ scalars: [UInt32], from start: Int, to end: Int, maxWidth: Int?, reserve: Int) -> Int {
        let limit = Self.contentEnd(scalars, start, end)
        guard let maxWidth else { return limit }
        var best = start
        var candidate = start + 1
        while candidate <= limit {
            if paragraph.clusterStart[candidate] {
                guard paragraph.width(start, candidate) &+ reserve <= maxWidth else { break }
                best = candidate
            }
            candidate += 1
        }
        return Self.contentEnd(scalars, start, best)
    }
}
