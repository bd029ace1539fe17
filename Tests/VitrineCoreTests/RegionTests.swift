import Testing

@testable import VitrineCore

@Suite("Region")
struct RegionTests {
    let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
    let b = PixelRect(x: 5, y: 5, width: 10, height: 10)

    @Test("union of overlapping rects covers exactly their pixels")
    func unionArea() {
        let region = Region(a).union(Region(b))
        #expect(region.area == 100 + 100 - 25)
        #expect(region.contains(x: 12, y: 12))
        #expect(!region.contains(x: 12, y: 2))
        #expect(region.bounds == PixelRect(x: 0, y: 0, width: 15, height: 15))
    }

    @Test("the representation is canonical: the same pixels compare equal however built")
    func canonical() {
        let oneWay = Region(rects: [a, b])
        let otherWay = Region(rects: [
            PixelRect(x: 0, y: 0, width: 10, height: 5),
            PixelRect(x: 0, y: 5, width: 15, height: 5),
            PixelRect(x: 5, y: 10, width: 10, height: 5)
        ])
        #expect(oneWay == otherWay)
        // Two halves of a rectangle merge into the rectangle.
        let halves = Region(rects: [PixelRect(x: 0, y: 0, width: 4, height: 8), PixelRect(x: 4, y: 0, width: 4, height: 8)])
        #expect(halves == Region(PixelRect(x: 0, y: 0, width: 8, height: 8)))
        #expect(halves.rects.count == 1)
    }

    @Test("intersection and subtraction")
    func intersectSubtract() {
        #expect(Region(a).intersection(Region(b)) == Region(PixelRect(x: 5, y: 5, width: 5, height: 5)))
        let hole = Region(a).subtracting(Region(PixelRect(x: 2, y: 2, width: 6, height: 6)))
        #expect(hole.area == 100 - 36)
        #expect(!hole.contains(x: 4, y: 4))
        #expect(hole.contains(x: 1, y: 4))
        #expect(Region(a).subtracting(Region(a)).isEmpty)
        #expect(Region(a).intersection(Region(PixelRect(x: 20, y: 20, width: 2, height: 2))).isEmpty)
    }

    @Test("empty and degenerate rects add nothing")
    func empties() {
        #expect(Region(PixelRect(x: 3, y: 3, width: 0, height: 5)).isEmpty)
        #expect(Region(PixelRect(x: 3, y: 3, width: -4, height: 5)).isEmpty)
        #expect(Region(a).union(Region()) == Region(a))
    }

    @Test("offset moves every band")
    func offset() {
        #expect(Region(a).offsetBy(dx: 3, dy: -2) == Region(PixelRect(x: 3, y: -2, width: 10, height: 10)))
    }

    @Test("random unions agree with a pixel-set model", arguments: 0..<8)
    func matchesModel(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        var region = Region()
        var model = Set<Int>()
        for _ in 0..<12 {
            let r = PixelRect(x: Int(generator.next() % 20), y: Int(generator.next() % 20), width: Int(generator.next() % 8), height: Int(generator.next() % 8))
            if generator.next() % 3 == 0 {
                region = region.subtracting(Region(r))
                for y in r.minY..<max(r.minY, r.maxY) { for x in r.minX..<max(r.minX, r.maxX) { model.remove(y * 100 + x) } }
            } else {
                region.formUnion(r)
                for y in r.minY..<max(r.minY, r.maxY) { for x in r.minX..<max(r.minX, r.maxX) { model.insert(y * 100 + x) } }
            }
        }
        #expect(region.area == model.count)
        for y in 0..<30 { for x in 0..<30 { #expect(region.contains(x: x, y: y) == model.contains(y * 100 + x)) } }
    }

    /// A random region: rectangles added and cut out, up to 40 pixels each way.
    static func randomRegion(_ generator: inout SplitMix64) -> Region {
        var region = Region()
        for _ in 0..<(1 + Int(generator.next() % 10)) {
            let r = PixelRect(
                x: Int(generator.next() % 36) - 4, y: Int(generator.next() % 36) - 4, width: Int(generator.next() % 14), height: Int(generator.next() % 14))
            region = generator.next() % 4 == 0 ? region.subtracting(Region(r)) : region.union(Region(r))
        }
        return region
    }

    /// Every pixel in -8..<48 that `region` holds.
    static func pixels(_ region: Region) -> Set<Int> {
        var set = Set<Int>()
        for y in -8..<48 { for x in -8..<48 where region.contains(x: x, y: y) { set.insert(y * 1000 + x) } }
        return set
    }

    @Test("union, intersection and subtraction of random regions agree with pixel sets, and stay canonical", arguments: 0..<6)
    func operationsMatchModel(seed: Int) {
        var generator = SplitMix64(seed: UInt64(100 + seed))
        for _ in 0..<60 {
            let a = Self.randomRegion(&generator)
            let b = Self.randomRegion(&generator)
            let (pa, pb) = (Self.pixels(a), Self.pixels(b))
            for (result, model) in [(a.union(b), pa.union(pb)), (a.intersection(b), pa.intersection(pb)), (a.subtracting(b), pa.subtracting(pb))] {
                #expect(Self.pixels(result) == model)
                #expect(result.area == model.count)
                // Canonical: non-empty bands top to bottom, a band touching the next differs from
                // it, spans left to right with a gap between them.
                for (index, band) in result.bands.enumerated() {
                    #expect(band.y0 < band.y1 && !band.spans.isEmpty)
                    if index > 0 {
                        let above = result.bands[index - 1]
                        #expect(above.y1 <= band.y0 && (above.y1 < band.y0 || above.spans != band.spans))
                    }
                    for (k, span) in band.spans.enumerated() {
                        #expect(span.x0 < span.x1)
                        if k > 0 { #expect(band.spans[k - 1].x1 < span.x0) }
                    }
                }
                // The same pixels built another way compare equal.
                #expect(result == Region(rects: result.rects))
            }
        }
    }
}
