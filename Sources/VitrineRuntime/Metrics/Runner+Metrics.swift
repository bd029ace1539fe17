import VitrineCore
import VitrineUI

/// `vitrine run --metrics FILE`: the kiosk's numbers for node_exporter, every
/// `MetricsFile.interval` from the start, and a last time with `vitrine_up 0` at a clean stop
/// (Docs/fleet.md, "Metrics").
extension Runner {
    /// What the metrics file says now. The render times since the previous call make the
    /// percentile (and are forgotten), so the file's p99 is over the last interval.
    public func takeMetricsSnapshot() -> MetricsSnapshot {
        var snapshot = MetricsSnapshot()
        let clock = self.output?.frameClock
        snapshot.frameTimeP99 = self.metrics?.takeFrameTimeP99() ?? 0
        // Frame callbacks run, as the control socket's `frames_drawn` counts them (a callback that
        // found nothing changed draws nothing new), but across reloads: the clock is the output's.
        snapshot.framesDrawn = clock?.sequence ?? 0
        snapshot.framesDropped = clock?.lateFrames ?? 0
        snapshot.secondsSinceTouch = self.lastTouchTime.map { (self.loop.now - $0).seconds }
        snapshot.blank = self.isBlank
        snapshot.config = self.shownConfig
        if let version = self.scene?.state().objectValue?.first(where: { $0.key == "data_version" })?.value, case .number(let number) = version {
            snapshot.dataVersion = number
        }
        snapshot.controlClients = self.control?.clientCount ?? 0
        snapshot.error = self.errorPage != nil
        return snapshot
    }

    /// The touch handler for `window`: the frame goes to the window, and its time is kept for
    /// `vitrine_last_touch_seconds`.
    func touchHandler(for window: Window) -> (TouchFrame) -> Void {
        { [weak self] frame in
            self?.lastTouchTime = self?.loop.now
            window.handle(frame)
        }
    }

    /// Keys go to the window's focus, scans to the scene (an error page takes neither).
    func attachKeys(_ input: InputSource, to window: Window) {
        input.onKey = { [weak self, weak window] key in
            self?.lastTouchTime = self?.loop.now
            window?.handle(key)
        }
        input.onScan = { [weak self] scan in
            // A scan lights a blank panel and still acts: what it read is meant, not a press on
            // something unseen.
            _ = self?.power?.filterKey()
            (self?.scene as? ScanningScene)?.scanned(scan)
        }
    }

    /// Starts the file when `metricsPath` is set: written now, then every interval.
    func startMetrics() {
        guard let path = self.metricsPath else { return }
        let file = MetricsFile(path: path, logger: Logger("metrics", sink: self.logger.sink))
        self.metrics = file
        self.output?.frameClock.onRendered = { [weak file] took in file?.record(renderTime: took) }
        self.writeMetrics()
    }

    private func writeMetrics() {
        guard let file = self.metrics else { return }
        file.write(self.takeMetricsSnapshot())
        self.metricsTimer = self.loop.schedule(at: self.loop.now + MetricsFile.interval) { [weak self] in self?.writeMetrics() }
    }

    /// The last write, with `vitrine_up 0`: a fleet tells a kiosk that was stopped from one that
    /// died (whose file keeps `vitrine_up 1` and grows old).
    func finishMetrics() {
        if let timer = self.metricsTimer { self.loop.cancel(timer) }
        self.metricsTimer = nil
        guard let file = self.metrics else { return }
        var snapshot = self.takeMetricsSnapshot()
        snapshot.up = false
        file.write(snapshot)
        self.metrics = nil
    }
}
