import VitrineCore

/// CMYK pixels (libjpeg-turbo's `TJPF_CMYK`: bytes C, M, Y, K) turned into opaque RGB words in
/// place, by the naive formula every JPEG viewer without colour management uses (Skia, Pillow,
/// ImageMagick's default): R = (255 − C)(255 − K) / 255, likewise G from M and B from Y.
///
/// With an Adobe APP14 marker the file stores the channels inverted (Adobe's convention, 0 =
/// full ink), so R = C·K / 255.
enum CMYKConversion {
    static func convert(_ buffer: PixelBuffer, inverted: Bool) {
        let width = buffer.width
        for y in 0..<buffer.height {
            let row = buffer.row(y)
            for x in 0..<width {
                // Bytes C, M, Y, K are the little-endian word 0xKKYYMMCC.
                let word = row[x]
                var c = word & 0xFF
                var m = (word >> 8) & 0xFF
                var yellow = (word >> 16) & 0xFF
                var k = word >> 24
                if !inverted {
                    c = 255 &- c
                    m = 255 &- m
                    yellow = 255 &- yellow
                    k = 255 &- k
                }
                // (a·b + 127) / 255, rounded.
                let r = (c &* k &+ 127) / 255
                let g = (m &* k &+ 127) / 255
                let b = (yellow &* k &+ 127) / 255
                row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
    }
}
