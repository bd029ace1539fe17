import CPixman
import VitrineCore
import VitrineGraphics
import VitrineSystem

/// Issue 18's "big photos" case: five 8000×8000 JPEGs, one filling each screen of a kiosk at
/// 1920×1080. `vitrine bench`'s `big-photos` rows and the test that checks their memory and
/// their look (`BigPhotoTests`) write the same files.
///
/// Each photo is a 4×4 grid of 2000-pixel blocks of flat colours with content that shows a
/// scaling error where it is expected: fine stripes 2 pixels wide (one stripe pair is 0.96 of a
/// screen pixel at the 0.24 scale that covers 1080p: an area average makes them an even grey, a
/// nearest-neighbour pick black and white moiré), coarse stripes 40 pixels wide (9.6 screen
/// pixels: sharp edges at known rows) and a seven-segment digit, the photo's number, drawn
/// with 200-pixel bars (text-like edges, and which photo is on which screen). Flat rectangles
/// (`PixelBuffer.fill`) under sensor-like grain (`grain`), so every area's mean is known and
/// the files are the size of real photos' (about 10 MB each, like the PIL-made ones measured
/// before; flat colours alone gave 1.7 MB, which made the decode's transient bytes too small).
public enum BigPhotos {
    /// The photos' size: issue 18's case.
    public static let size = PixelSize(width: 8000, height: 8000)
    /// How many photos, one per screen.
    public static let count = 5
    /// The screen they are shown on.
    public static let screen = PixelSize(width: 1920, height: 1080)
    /// libjpeg's usual "high" quality; the PIL-made photos measured before were quality 90 too
    /// (9.8 MB files).
    public static let quality = 90

    /// Block colours (opaque words), chosen far apart so a block's centre is recognisable
    /// after JPEG's chroma subsampling.
    public static let palette: [UInt32] = [
        0xFFD0_3030, 0xFF30_A040, 0xFF30_50C0, 0xFFE0_C020, 0xFF20_B0B0, 0xFFB0_40B0, 0xFFF0_8020, 0xFF10_5060
    ]
    public static let black: UInt32 = 0xFF10_1010
    public static let white: UInt32 = 0xFFF0_F0F0

    /// The width of one block: a quarter of the photo.
    static let block = 2000
    /// The fine and coarse stripes' widths (pixels of the photo).
    public static let fineStripe = 2
    public static let coarseStripe = 40
    /// The digit's bar thickness and its box inside the two middle blocks of the third row.
    static let bar = 200
    /// Grain: each channel of each pixel gets 0…2·`grain` added to its colour less `grain`, so
    /// the mean stays the colour (a pseudo-random 509×509 tile, repeated: 509 is prime, so the
    /// tile's seams fall nowhere in particular).
    public static let grain: UInt32 = 8
    static let grainTile = 509

    /// The colour of a plain block: columns 0 and 3 of every row, and rows 0 and 3 whole.
    public static func blockColor(photo: Int, row: Int, column: Int) -> UInt32 {
        self.palette[(row * 4 + column + photo * 3) % self.palette.count]
    }

    /// The segments (a–g, clockwise from the top, g the middle) of the digits 1–9.
    public static let segments: [Int: String] = [
        1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc", 5: "afgcd", 6: "afgedc", 7: "abc", 8: "abcdefg", 9: "abcdfg"
    ]

    /// Photo `index` (0-based; it shows the digit `index + 1`) at `size`, scaled from the
    /// 8000-pixel layout (other sizes are for quick tests).
    public static func make(_ index: Int, size: PixelSize = size) -> PixelBuffer {
        let image = PixelBuffer(size: size, format: .xrgb8888)
        let unit = Double(size.width) / Double(self.size.width)
        func scaled(_ value: Int) -> Int { Int((Double(value) * unit).rounded()) }
        func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> PixelRect {
            PixelRect(minX: scaled(x), minY: scaled(y), maxX: scaled(x + width), maxY: scaled(y + height))
        }
        let block = self.block
        let black = self.lessGrain(self.black)
        let white = self.lessGrain(self.white)
        for row in 0..<4 {
            for column in 0..<4 {
                image.fill(rect(column * block, row * block, block, block), with: self.lessGrain(self.blockColor(photo: index, row: row, column: column)))
            }
        }
        // Row 1, column 1: vertical fine stripes; column 2: horizontal coarse stripes.
        image.fill(rect(block, block, block, block), with: white)
        var x = block
        while x < 2 * block {
            image.fill(rect(x, block, self.fineStripe, block), with: black)
            x += 2 * self.fineStripe
        }
        image.fill(rect(2 * block, block, block, block), with: white)
        var y = block
        while y < 2 * block {
            image.fill(rect(2 * block, y, block, self.coarseStripe), with: black)
            y += 2 * self.coarseStripe
        }
        // Row 2, columns 1–2: the digit on white.
        image.fill(rect(block, 2 * block, 2 * block, block), with: white)
        for segment in self.segments[index + 1] ?? "" {
            let (sx, sy, sw, sh) = self.segmentRect(segment)
            image.fill(rect(sx, sy, sw, sh), with: black)
        }
        self.addGrain(to: image, seed: UInt64(index + 1))
        return image
    }

    /// Each channel less `grain` (the palette keeps every channel between 16 and 240).
    static func lessGrain(_ color: UInt32) -> UInt32 {
        let g = self.grain
        return 0xFF00_0000 | ((color >> 16 & 0xFF) - g) << 16 | ((color >> 8 & 0xFF) - g) << 8 | ((color & 0xFF) - g)
    }

    /// Adds the grain tile all over `image` (pixman's saturating ADD with a repeating source:
    /// 64 megapixels in a few tens of milliseconds, even in a debug build).
    static func addGrain(to image: PixelBuffer, seed: UInt64) {
        let tile = PixelBuffer(size: PixelSize(width: self.grainTile, height: self.grainTile), format: .xrgb8888)
        var random = SplitMix64(seed: seed)
        let range = 2 * UInt64(self.grain) + 1
        for y in 0..<tile.height {
            let row = tile.row(y)
            for x in 0..<tile.width {
                let bits = random.next()
                row[x] = UInt32(bits % range) << 16 | UInt32((bits >> 21) % range) << 8 | UInt32((bits >> 42) % range)
            }
        }
        let source = pixman_image_create_bits_no_clear(PIXMAN_x8r8g8b8, Int32(tile.width), Int32(tile.height), tile.pixels, Int32(tile.bytesPerRow))
        let destination = pixman_image_create_bits_no_clear(PIXMAN_x8r8g8b8, Int32(image.width), Int32(image.height), image.pixels, Int32(image.bytesPerRow))
        defer {
            pixman_image_unref(source)
            pixman_image_unref(destination)
        }
        pixman_image_set_repeat(source, PIXMAN_REPEAT_NORMAL)
        pixman_image_composite32(PIXMAN_OP_ADD, source, nil, destination, 0, 0, 0, 0, 0, 0, Int32(image.width), Int32(image.height))
        withExtendedLifetime(tile) {}
    }

    /// A segment's rectangle in photo pixels: the digit is 1000 wide and 1600 tall, centred in
    /// the white box (4000×2000 at x 2000, y 4000).
    public static func segmentRect(_ segment: Character) -> (x: Int, y: Int, width: Int, height: Int) {
        let left = 3500
        let top = 4200
        let width = 1000
        let half = 800
        switch segment {
        case "a": return (left, top, width, self.bar)
        case "b": return (left + width - self.bar, top, self.bar, half + self.bar / 2)
        case "c": return (left + width - self.bar, top + half - self.bar / 2, self.bar, half + self.bar / 2)
        case "d": return (left, top + 2 * half - self.bar, width, self.bar)
        case "e": return (left, top + half - self.bar / 2, self.bar, half + self.bar / 2)
        case "f": return (left, top, self.bar, half + self.bar / 2)
        default: return (left, top + half - self.bar / 2, width, self.bar)
        }
    }

    /// Writes the photos (`photo-1.jpg` …) and a kiosk config showing one per screen, each
    /// filling the screen (`kiosk.json`, 1920×1080 headless) into `directory`; returns the
    /// config's path.
    public static func write(into directory: String, size: PixelSize = size) throws(VitrineError) -> String {
        try Directory.create(directory)
        for index in 0..<self.count {
            // One photo in memory at a time: each is 256 MB at 8000×8000.
            let bytes = try JPEGCodec.encode(self.make(index, size: size), quality: self.quality)
            try FileBytes.writeAtomically(bytes, to: directory + "/photo-\(index + 1).jpg")
        }
        let path = directory + "/kiosk.json"
        try FileBytes.writeAtomically(Array(self.config.utf8), to: path)
        return path
    }

    /// Five screens, each a photo filling it and nothing over it (nothing leads from one to the
    /// next: `vitrine render` draws every screen, and check-config only warns).
    static var config: String {
        var screens: [String] = []
        for index in 1...self.count {
            screens.append("    \"photo-\(index)\": { \"background\": { \"image\": \"photo-\(index).jpg\" }, \"content\": { \"type\": \"spacer\" } }")
        }
        return """
            {
              "version": 2,
              "display": { "output": "headless", "headlessSize": "\(self.screen.width)x\(self.screen.height)" },
              "start": "photo-1",
              "screens": {
            \(screens.joined(separator: ",\n"))
              }
            }

            """
    }
}
