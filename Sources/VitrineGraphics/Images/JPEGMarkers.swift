/// What a walk over a JPEG's marker segments finds before anything is decoded: how many scans
/// (SOS markers) the file holds and whether it carries Adobe's APP14 marker.
///
/// The walk is linear in the file and allocates nothing, so a hostile file is measured before
/// libjpeg-turbo spends time on it (ITU-T T.81 annex B: markers are 0xFF and a code; every
/// marker but SOI, EOI, RSTn and TEM is followed by a two-byte big-endian length; a scan's
/// entropy-coded data ends at the first 0xFF that is not followed by 0x00 or an RSTn).
public struct JPEGMarkers: Equatable, Sendable {
    /// Start-of-scan markers: 1 for a baseline JPEG, about 10 for an ordinary progressive one.
    public var scanCount = 0
    /// An `Adobe` APP14 segment is present. libjpeg writes one into every CMYK and YCCK file,
    /// and Photoshop and Pillow store the ink inverted under it (255 = no ink), so Vitrine, like
    /// Skia and Pillow when reading, takes CMYK under this marker as inverted.
    public var hasAdobeMarker = false

    public init(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { self.walk($0) }
    }

    private mutating func walk(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        var index = 2  // after SOI
        while index + 1 < count {
            guard bytes[index] == 0xFF else { return }  // not at a marker: let libjpeg-turbo say why
            var code = bytes[index + 1]
            index += 2
            // Fill bytes: any number of 0xFF may precede a marker code.
            while code == 0xFF, index < count {
                code = bytes[index]
                index += 1
            }
            switch code {
            case 0xD9: return  // EOI
            case 0x01, 0xD0...0xD7: continue  // TEM, RSTn: no length
            default: break
            }
            guard index + 1 < count else { return }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            guard length >= 2 else { return }
            if code == 0xEE, length >= 7, index + 7 <= count,
                bytes[index + 2] == 0x41, bytes[index + 3] == 0x64, bytes[index + 4] == 0x6F, bytes[index + 5] == 0x62, bytes[index + 6] == 0x65
            {
                self.hasAdobeMarker = true  // "Adobe"
            }
            index += length
            guard code == 0xDA else { continue }
            self.scanCount += 1
            // Entropy-coded data up to the next marker that is not a stuffed 0x00 or an RSTn.
            while index + 1 < count {
                if bytes[index] == 0xFF {
                    let next = bytes[index + 1]
                    if next != 0x00 && !(0xD0...0xD7).contains(next) && next != 0xFF { break }
                }
                index += 1
            }
        }
    }
}
