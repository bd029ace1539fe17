import VitrineCore
import VitrineSystem

/// The headless output's scanout side: buffers in memory, a record of the recent flips, and
/// flips that "complete" at once, like bochs and virtio-gpu.
final class HeadlessScanout: ScanoutBackend {
    static let retainedFlips = HeadlessOutput.retainedFlips

    let name: String
    let rotation: Rotation
    /// Scanout buffers in native orientation.
    let buffers: [PixelBuffer]
    var failingFlips = 0
    /// Every flip queued so far.
    private(set) var flipCount = 0
    /// The last `retainedFlips` flips; `flipCount % retainedFlips` is where the next one goes.
    private var ring: [HeadlessOutput.Flip] = []
    private var copiedThisFlip = Region()

    init(name: String, nativeSize: PixelSize, rotation: Rotation, bufferCount: Int) {
        self.name = name
        self.rotation = rotation
        self.buffers = (0..<bufferCount).map { _ in PixelBuffer(size: nativeSize, format: .xrgb8888) }
        self.ring.reserveCapacity(Self.retainedFlips)
    }

    var bufferCount: Int { self.buffers.count }

    /// The retained flips, oldest first.
    var recentFlips: [HeadlessOutput.Flip] {
        guard self.ring.count == Self.retainedFlips else { return self.ring }
        let next = self.flipCount % Self.retainedFlips
        return Array(self.ring[next...] + self.ring[..<next])
    }

    func copy(_ region: Region, from frame: PixelBuffer, toBuffer index: Int) {
        RotatedCopy.copy(region, from: frame, rotation: self.rotation, into: self.buffers[index], rows: ScanoutStores.copyRow)
        self.copiedThisFlip.formUnion(region)
    }

    func queueFlip(toBuffer index: Int) -> FlipOutcome {
        self.record(HeadlessOutput.Flip(buffer: index, copied: self.copiedThisFlip))
        self.copiedThisFlip = Region()
        if self.failingFlips > 0 {
            self.failingFlips -= 1
            return .failed(VitrineError(.ioFailure, "simulated page flip failure on \(self.name)"))
        }
        // Like bochs: the flip is done at once; the queue's timer reports it at the next tick.
        return .onScreen(FlipEvent())
    }

    private func record(_ flip: HeadlessOutput.Flip) {
        if self.ring.count < Self.retainedFlips {
            self.ring.append(flip)
        } else {
            self.ring[self.flipCount % Self.retainedFlips] = flip
        }
        self.flipCount += 1
    }
}
