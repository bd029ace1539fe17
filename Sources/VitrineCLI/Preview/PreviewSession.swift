import VitrineCore
import VitrineDesktop
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineSystem

/// One `vitrine preview` run: the runner with a desktop window as its output and input, the
/// watch that reloads on every save, and the window's keys.
final class PreviewSession {
    /// Panel sizes the P key steps through (native pixels, landscape): the 7-inch 800x480 and
    /// 1024x600 panels, the 10.1-inch 1280x800, and 1920x1080 — the sizes of the panels in
    /// shared/research (display.md) and the examples.
    static let presetSizes = [
        PixelSize(width: 800, height: 480), PixelSize(width: 1024, height: 600),
        PixelSize(width: 1280, height: 800), PixelSize(width: 1920, height: 1080)
    ]
    /// How long after a file event the config is read again: editors write a file in a few
    /// steps (write a copy, rename it over, touch the backup) within a few milliseconds.
    static let settleTime = Nanoseconds.milliseconds(15)

    let path: String
    let runner: Runner
    let logger = Logger("preview")
    private(set) var output: DesktopOutput?
    private var input: DesktopInput?
    private var watch: FileWatch?
    private var pendingReload: TimerID?
    private var screenshotCount = 0
    let screenshotDirectory: String
    /// Reloads so far (for the title, and the tests' log lines).
    private(set) var reloads = 0

    init(path: String, runner: Runner, screenshotDirectory: String) {
        self.path = path
        self.runner = runner
        self.screenshotDirectory = screenshotDirectory
        runner.showsRejectedReload = true
        runner.errorPageShowsDetails = true
        runner.errorPageHint = "Fix the file and save it: the preview reloads on every save (R reloads by hand)."
        runner.keepsPositionOnReload = true
        // The author's own user runs the preview: no service group to hand the socket to.
        runner.controlGroup = nil
        runner.openDisplay = { [unowned self] configuration, loop throws(VitrineError) in try self.openWindow(configuration, loop: loop) }
        runner.openInput = { [unowned self] configuration, loop throws(VitrineError) in
            guard let output = self.output else { throw VitrineError(.notFound, "the preview window is not open") }
            let input = DesktopInput(window: output.window, transform: configuration.transform, clock: loop)
            self.input = input
            return input
        }
    }

    private var fileName: String { String(self.path.split(separator: "/").last ?? Substring(self.path)) }

    private func openWindow(_ configuration: DisplayConfiguration, loop: EventLoop) throws(VitrineError) -> OpenedDisplay {
        let native = configuration.headlessSize
        let window = try DesktopWindow(title: "Vitrine preview: \(self.fileName)", size: configuration.rotation.logicalSize(forNative: native))
        let output = DesktopOutput(
            window: window, nativeSize: native, rotation: configuration.rotation, refreshRate: configuration.headlessRefreshRate,
            bufferCount: configuration.drm.bufferCount, loop: loop)
        window.onCommand = { [weak self] command in self?.handle(command) }
        window.startPumping(on: loop)
        self.output = output
        self.updateTitle()
        // Once the runner showed the scene (the loop's first pass), so its data files are known.
        loop.schedule(at: loop.now) { [weak self] in self?.follow(loop: loop) }
        let id = window.x11WindowID.map { "X11 window \($0)" } ?? "\(window.driver) window"
        StandardStreams.writeOutput(
            "preview: \(id) shows \(self.path) at \(native.width)x\(native.height) px; R reload, S screenshot, O rotate, P next size, Q close\n")
        return OpenedDisplay(output: output)
    }

    // MARK: - Live reload

    /// Follows the config file, and every file in its folder and the folders beside it (images/,
    /// data/) and the data files' folders (those of the scene on screen; a config that does not
    /// load at start has none yet): a save there reloads.
    private func follow(loop: EventLoop) {
        guard self.path != "demo" else { return }
        let base = KioskConfigLoader.baseDirectory(ofFile: self.path)
        var folders = [base]
        for name in Directory.entryNames(base).sorted() where !name.hasPrefix(".") {
            let folder = base.hasSuffix("/") ? base + name : base + "/" + name
            if Directory.isDirectory(folder) { folders.append(folder) }
        }
        if let scene = self.runner.scene as? KioskScene {
            for source in scene.configuration.data {
                let file = source.file.hasPrefix("/") ? source.file : base + "/" + source.file
                let folder = Directory.parent(of: file)
                if !folders.contains(folder), Directory.isDirectory(folder) { folders.append(folder) }
            }
        }
        do {
            self.watch = try FileWatch(paths: [self.path], wholeFolders: folders, loop: loop, logger: self.logger) { [weak self] changed in
                self?.changed(changed, loop: loop)
            }
            self.logger.notice("following \(folders.joined(separator: ", ")): a save reloads the preview")
        } catch {
            self.logger.warning("\(error); press R to reload")
        }
    }

    private func changed(_ paths: [String], loop: EventLoop) {
        if let pending = self.pendingReload { loop.cancel(pending) }
        self.pendingReload = loop.schedule(after: Self.settleTime) { [weak self] in
            self?.pendingReload = nil
            self?.reload(because: paths)
        }
    }

    func reload(because paths: [String] = []) {
        self.reloads += 1
        let started = self.runner.loop.now
        let error = self.runner.reload()
        let took = " in \(String(fixed: (self.runner.loop.now - started).milliseconds, decimals: 0)) ms"
        let why = paths.isEmpty ? "" : " (\(paths.prefix(3).joined(separator: ", ")) changed)"
        if let error {
            StandardStreams.writeOutput("preview: reload \(self.reloads)\(why)\(took): error page: \(error.message.split(separator: "\n").first ?? "")\n")
        } else {
            StandardStreams.writeOutput("preview: reload \(self.reloads)\(why)\(took): ok\n")
        }
        self.updateTitle()
    }

    private func updateTitle() {
        guard let output = self.output else { return }
        let state = self.runner.errorPage != nil ? " (error: see the window)" : ""
        output.window.setTitle("Vitrine preview: \(self.fileName) \(output.nativeSize.width)x\(output.nativeSize.height) \(output.rotation.degrees)°\(state)")
    }

    // MARK: - Keys

    func handle(_ command: DesktopWindow.Command) {
        guard let output = self.output else { return }
        switch command {
        case .reload:
            self.reload()
        case .screenshot:
            self.screenshotCount += 1
            let file = "\(self.screenshotDirectory)/vitrine-preview-\(self.screenshotCount).png"
            do {
                try self.runner.writeScreenshot(to: file)
                StandardStreams.writeOutput("preview: screenshot \(file)\n")
            } catch {
                self.logger.error("\(error)")
            }
        case .rotate:
            let next = Rotation(degrees: (output.rotation.degrees + 90) % 360) ?? .none
            output.reconfigure(nativeSize: output.nativeSize, rotation: next)
            self.updateTitle()
        case .nextSize:
            let sizes = Self.presetSizes
            let next = sizes.first { $0.width * $0.height > output.nativeSize.width * output.nativeSize.height } ?? sizes[0]
            output.reconfigure(nativeSize: next, rotation: output.rotation)
            self.updateTitle()
        case .close:
            self.runner.loop.stop()
        }
    }
}
