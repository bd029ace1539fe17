/// Copies logical pixels to a native (scanout-oriented) buffer, turning them by a `Rotation`.
///
/// This is the one place rotation happens on the way to the screen: every output (DRM, fbdev,
/// headless) calls it, so the headless tests prove the code the panel runs. Writes go to the
/// destination row by row, left to right — the order write-combined scanout memory wants — and
/// the source is only read (never the destination).
public enum RotatedCopy {
    /// Writes `count` pixels of a row from `source` to `destination` (for the outputs' streaming
    /// stores, `ScanoutStores.copyRow` in VitrineSystem).
    public typealias RowCopy = (_ destination: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>, _ count: Int) -> Void

    /// Side of the square tiles used for quarter turns, so the strided reads stay in cache.
    static let tile = 32

    /// Copies every rectangle of `region` (logical coordinates) from `source` into the
    /// native-oriented buffer `target` (of the size `rotation.nativeSize(forLogical:)`): what an
    /// in-memory scanout (headless, the preview window) does for each frame.
    public static func copy(_ region: Region, from source: PixelBuffer, rotation: Rotation, into target: PixelBuffer, rows: RowCopy? = nil) {
        for rect in region.rects {
            self.copy(rect, from: source, rotation: rotation, to: target.pixels, destinationStride: target.stride, destinationSize: target.size, rows: rows)
        }
    }

    /// Copies `rect` (logical coordinates, clipped to the source) from `source` into
    /// `destination`, whose pixel (0, 0) is native pixel (0, 0) of the screen.
    /// - Parameters:
    ///   - destination: native-oriented pixels; `destinationStride` words per row.
    ///   - destinationSize: the native size, which must equal `rotation.nativeSize(forLogical:)`.
    ///   - rows: how an unturned frame's rows are written (nil: plain stores).
    public static func copy(
        _ rect: PixelRect, from source: PixelBuffer, rotation: Rotation,
        to destination: UnsafeMutablePointer<UInt32>, destinationStride: Int, destinationSize: PixelSize, rows: RowCopy? = nil
    ) {
        let logical = source.size
        precondition(rotation.nativeSize(forLogical: logical) == destinationSize, "rotated size mismatch")
        let r = rect.intersection(source.bounds)
        guard !r.isEmpty else { return }
        let src = source.pixels
        let srcStride = source.stride
        let n = rotation.nativeRect(r, logical: logical)
        switch rotation {
        case .none:
            for y in r.minY..<r.maxY {
                let dstRow: UnsafeMutablePointer<UInt32> = destination + y &* destinationStride
                let srcRow: UnsafeMutablePointer<UInt32> = src + y &* srcStride
                if let rows {
                    rows(dstRow + r.minX, srcRow + r.minX, r.width)
                } else {
                    (dstRow + r.minX).update(from: srcRow + r.minX, count: r.width)
                }
            }
        case .upsideDown:
            // Native row ny shows logical row (H-1-ny), reversed.
            let w = logical.width
            let h = logical.height
            for ny in n.minY..<n.maxY {
                let dst = destination + ny &* destinationStride
                let srcRow = src + (h &- 1 &- ny) &* srcStride
                for nx in n.minX..<n.maxX {
                    dst[nx] = srcRow[w &- 1 &- nx]
                }
            }
        case .clockwise90, .clockwise270:
            // Native (nx, ny) shows logical (ny, H-1-nx) for 90° and (W-1-ny, nx) for 270°.
            let w = logical.width
            let h = logical.height
            let quarter = rotation == .clockwise90
            var ty = n.minY
            while ty < n.maxY {
                let tyEnd = min(ty &+ tile, n.maxY)
                var tx = n.minX
                while tx < n.maxX {
                    let txEnd = min(tx &+ tile, n.maxX)
                    for ny in ty..<tyEnd {
                        let dst = destination + ny &* destinationStride
                        if quarter {
                            // logical x = ny, logical y = h-1-nx: walks up a source column.
                            let column = src + ny
                            for nx in tx..<txEnd { dst[nx] = column[(h &- 1 &- nx) &* srcStride] }
                        } else {
                            // logical x = w-1-ny, logical y = nx: walks down a source column.
                            let column = src + (w &- 1 &- ny)
                            for nx in tx..<txEnd { dst[nx] = column[nx &* srcStride] }
                        }
                    }
                    tx = txEnd
                }
                ty = tyEnd
            }
        }
    }
}
