import VitrineCore
import VitrineKeys
import VitrineUI

/// The runner's devices: touch input opened (or the kiosk runs without it), the output's events
/// (a VT switch, a display that comes back at another size) and readiness to systemd at the
/// first frame.
extension Runner {
    func openInput(_ settings: RuntimeSettings, output: DisplayOutput) {
        var configuration = InputConfiguration(
            transform: TouchTransform(nativeSize: output.rotation.nativeSize(forLogical: output.size), rotation: output.rotation, scale: settings.scale))
        configuration.seat = settings.input.seat
        configuration.calibrationDirectory = settings.input.calibrationDirectory
        (configuration.keymap, configuration.scanners) = Self.keys(settings.input, logger: self.logger)
        configuration.detectScanners = settings.input.detectScanners
        do {
            let opened =
                try self.openInput.map { open throws(VitrineError) in try open(configuration, self.loop) }
                ?? InputOpener.open(configuration, loop: self.loop, logger: Logger("input"))
            guard let input = opened else { return }
            // The scene's window, or the error page's (its 3-second hold needs touch too).
            if let window = self.window {
                input.onFrame = self.touchHandler(for: window)
                if self.scene != nil { self.attachKeys(input, to: window) }
            }
            // Without this the sources' warnings went nowhere: an unreadable calibration
            // directory left the panel uncalibrated with no message. (Added and removed devices
            // the sources log themselves.)
            let inputLogger = Logger("input")
            input.onDeviceEvent = { event in
                switch event {
                case .error(let error): inputLogger.error("\(error)")
                case .warning(let warning): inputLogger.warning("\(warning)")
                case .added, .removed, .calibrationChanged: break
                }
            }
            try input.start()
            self.input = input
            self.calibrationWatch = InputOpener.followCalibrationChanges(of: input, directory: configuration.calibrationDirectory, loop: self.loop)
        } catch {
            // A kiosk without touch still shows its screen.
            self.logger.error("\(error); running without touch input")
        }
    }

    /// The keymap and scanners the settings name, as the sources take them; what cannot be
    /// read is logged and left out (check-config says so first).
    static func keys(_ input: InputSettings, logger: Logger) -> (KeymapNames, [ScannerMatch]) {
        var keymap = KeymapNames()
        if !input.keymap.isEmpty {
            if let parsed = KeymapNames(parsing: input.keymap) {
                keymap = parsed
            } else {
                logger.error("keyboard.hardware: \(QuotedValue.quoted(input.keymap)) is not an xkb layout (de, or de(nodeadkeys)); keyboards type with us")
            }
        }
        var scanners: [ScannerMatch] = []
        for text in input.scanners {
            do {
                scanners.append(try ScannerMatch(parsing: text))
            } catch {
                logger.error("keyboard.scanners: \(error); that entry is left out")
            }
        }
        return (keymap, scanners)
    }

    func presented(at time: MonotonicTime) {
        self.hasPresentedFrame = true
        guard !self.readySent else { return }
        self.sendReady(status: self.scene != nil ? "showing the kiosk" : "showing the configuration error")
        let firstFrame = self.onFirstFrame
        self.onFirstFrame = nil
        firstFrame?(time)
    }

    func sendReady(status: String) {
        guard !self.readySent else { return }
        self.readySent = true
        self.notifier?.ready(status: status)
    }

    func outputChanged(_ event: OutputEvent) {
        switch event {
        case .resumed:
            if let window = self.window, let output = self.display?.output, window.compositor.frame.size != output.size {
                // Another display, another size: build the screen again for it, and map touch
                // onto it.
                self.input?.transform = TouchTransform(
                    nativeSize: output.rotation.nativeSize(forLogical: output.size), rotation: output.rotation,
                    scale: self.input?.transform.scale ?? window.scale)
                if let loaded = self.lastGood, self.scene != nil {
                    do { try self.show(loaded) } catch { self.logger.error("\(error)") }
                } else if let page = self.errorPage {
                    self.showError(VitrineError(.invalidData, page.message))
                }
            }
            self.notifier?.status(self.scene != nil ? "showing the kiosk" : "showing the configuration error")
            self.window?.compositor.setNeedsFullRedraw()
            self.window?.setNeedsFrame()
            self.power?.reapply()
        case .paused(let reason):
            self.notifier?.status("paused: \(reason)")
        }
    }
}
