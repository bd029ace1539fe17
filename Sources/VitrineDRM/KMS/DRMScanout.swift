import Glibc
import VitrineCore
import VitrineSystem

/// The DRM output's scanout side: copies into the pipeline's dumb buffers and shows them with
/// a modeset (the first frame, and the first after a reconnect or failure) or a page flip.
///
/// A page flip completes with an event on the card's fd, which `DRMOutput` reads and hands to
/// the queue; a modeset or a single buffer is on screen at once. Another DRM master (EACCES,
/// EBUSY) is `.screenLost`: the output hears of it from the queue and takes the card back.
final class DRMScanout: ScanoutBackend {
    let bufferCount: Int
    let rotation: Rotation
    let clock: Clock
    let logger: Logger
    /// The card, connector, mode and buffers frames go to; nil without a display.
    var pipeline: DRMPipeline?

    init(bufferCount: Int, rotation: Rotation, clock: Clock, logger: Logger) {
        self.bufferCount = bufferCount
        self.rotation = rotation
        self.clock = clock
        self.logger = logger
    }

    func copy(_ region: Region, from frame: PixelBuffer, toBuffer index: Int) {
        guard let pipeline = self.pipeline else { return }
        let buffer = pipeline.buffers[index]
        for rect in region.rects {
            RotatedCopy.copy(
                rect, from: frame, rotation: self.rotation, to: buffer.pixels, destinationStride: buffer.stride, destinationSize: buffer.size,
                rows: ScanoutStores.copyRow)
        }
        if pipeline.buffers.count == 1 && pipeline.modeSet && pipeline.dirtyFBSupported {
            let logical = self.rotation.logicalSize(forNative: pipeline.mode.size)
            let rects = region.rects.map { self.rotation.nativeRect($0, logical: logical) }
            do {
                try pipeline.device.markDirty(framebufferID: buffer.framebufferID, rects: rects)
            } catch {
                // ENOSYS: the driver scans out continuously and needs no DIRTYFB.
                pipeline.dirtyFBSupported = false
                if error.errno != ENOSYS { self.logger.warning("DIRTYFB: \(error); not calling it again") }
            }
        }
    }

    func queueFlip(toBuffer index: Int) -> FlipOutcome {
        guard let pipeline = self.pipeline else {
            // The queue is paused whenever there is no pipeline; this is a flip raced past that.
            return .failed(VitrineError(.unsupported, "no display is connected to show a frame on"))
        }
        let buffer = pipeline.buffers[index]
        do {
            if !pipeline.modeSet {
                try pipeline.device.setCRTC(
                    pipeline.crtcID, framebufferID: buffer.framebufferID, x: 0, y: 0, connectorIDs: [pipeline.connector.id], mode: pipeline.mode)
                pipeline.modeSet = true
                pipeline.hasShown = true
                // SetCrtc completes synchronously: reported on the loop's next turn.
                return .onScreen(FlipEvent(timestamp: self.clock.now))
            } else if pipeline.buffers.count == 1 {
                // Single buffer: already on screen and marked dirty; only the pacing remains.
                return .onScreen(FlipEvent(timestamp: self.clock.now))
            } else {
                try pipeline.device.pageFlip(pipeline.crtcID, framebufferID: buffer.framebufferID)
                return .queued
            }
        } catch {
            if error.code == .displayBusy { return .screenLost(error) }
            // Recover on the next frame with a full modeset (the CRTC may have been reset).
            pipeline.modeSet = false
            return .failed(error)
        }
    }
}
