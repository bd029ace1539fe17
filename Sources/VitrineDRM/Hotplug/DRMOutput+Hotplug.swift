import VitrineCore
import VitrineUdev

extension DRMOutput {
    /// Listens for `drm` uevents and reacts to hotplug. Without udevd this logs once and the
    /// output works on, without hotplug.
    public func monitorHotplug(context: UdevContext) -> UdevMonitor? {
        do {
            return try UdevMonitor(subsystem: "drm", context: context, loop: self.loop) { [weak self] event in
                self?.handleUdevEvent(event)
            }
        } catch {
            self.logger.warning("display hotplug is unavailable: \(error)")
            return nil
        }
    }

    /// Reacts to one `drm` uevent: a `change` on our card (the kernel sends `HOTPLUG=1` when a
    /// connector's state changes; a synthetic one from `udevadm trigger --action=change` is
    /// treated the same, since re-probing is cheap), or a card's `add`/`remove`.
    ///
    /// - The displayed connector disconnected → pause (frames are kept).
    /// - A display connected while waiting → modeset and show the current frame.
    /// - The card itself removed → close it and wait for a card to appear.
    public func handleUdevEvent(_ event: UdevDevice) {
        guard self.state != .shutDown else { return }
        let ours = event.devnode == self.devicePath
        switch event.action {
        case "remove" where ours:
            self.logger.notice("\(self.devicePath) was removed; waiting for a display")
            self.closeDevice()
            self.pauseShowing(.waitingForDisplay, reason: "display device removed")
        case "add" where self.device == nil && event.sysname.hasPrefix("card"):
            guard let node = event.devnode, self.options.devicePath == nil || node == self.options.devicePath else { return }
            self.adopt(cardAt: node)
        case "change" where ours:
            self.reprobe()
        default:
            break
        }
    }

    /// Re-reads the connectors after a hotplug uevent.
    func reprobe() {
        guard let device = self.device else { return }
        let connectors: [KMSConnector]
        do {
            connectors = try Self.probeConnectors(device, probe: true)
        } catch {
            self.logger.warning("probing connectors of \(device.path) after a hotplug: \(error)")
            return
        }
        switch self.state {
        case .active:
            guard let pipeline = self.pipeline else { return }
            let current = connectors.first { $0.id == pipeline.connector.id }
            if current?.status != .connected {
                self.logger.notice("\(pipeline.connector.name) disconnected; output paused")
                self.pauseShowing(.waitingForDisplay, reason: "display \(pipeline.connector.name) disconnected")
            } else if let current, current.modes != pipeline.connector.modes {
                // Another display on the same connector: pick its mode again.
                self.logger.notice("\(current.name) changed displays; setting its mode again")
                self.presentQueue.pause()
                self.reconnect()
            }
        case .waitingForDisplay:
            self.reconnect()
        case .waitingForMaster, .suspended, .shutDown:
            break
        }
    }

    private func reconnect() {
        do {
            guard try self.connectDisplay(probe: false) else {
                if self.state == .active { self.pauseShowing(.waitingForDisplay, reason: "no display connected") }
                return
            }
            self.logger.notice("display connected: \(self.name)")
            self.resumeShowing()
        } catch {
            self.logger.error("\(error)")
        }
    }

    private func adopt(cardAt path: String) {
        do {
            let device = try self.openDevice(path)
            guard device.supportsKMS else { return }
            try self.adoptDevice(device)
            self.logger.notice("display device \(path) appeared")
            self.reconnect()
        } catch {
            self.logger.warning("cannot use new display device \(path): \(error)")
        }
    }
}
