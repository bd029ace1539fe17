import Glibc
import VitrineCore
import VitrineGraphics
import VitrineKiosk
import VitrineRuntime
import VitrineSystem
import VitrineUI

/// `data-update-applied` (issue 14): a price changed in a data file, from the file's rename into
/// place to the presentation of the first frame drawn with it — inotify, the parse, the bound
/// views, the frame and its wait for the (headless, 60 Hz) vsync — on the real runner and epoll
/// loop. Peer: the same change made the only way there was before, a SIGHUP reload of the
/// whole config, measured the same way.
///
/// `data-update-100000-rows` (issue 29): the same for a menu of 100,000 items (a list repeating
/// them, its rows made from the data), against the 12-item menu in the same run: what a large
/// feed costs the loop.
struct DataUpdateBenchmark: Benchmark {
    let name: String
    /// The menu's items in the timed updates.
    let items: Int

    /// The 12-item update against a reload.
    static let small = DataUpdateBenchmark(name: "data-update-applied", items: 12)
    /// The 100,000-item update against the 12-item one.
    static let large = DataUpdateBenchmark(name: "data-update-100000-rows", items: 100_000)

    static let config = #"""
        {"version": 2, "display": {"output": "headless", "headlessSize": "1280x800", "headlessRefreshRate": 60},
         "data": {"menu": "menu.json"},
         "screens": {"home": {"title": "Menu", "content": {"type": "vstack", "padding": 32, "spacing": 16, "children": [
           {"type": "text", "text": {"bind": "menu.special", "format": "Today: {}"}, "style": "title"},
           {"type": "list", "rows": {"repeat": "menu.items", "row": {"title": {"bind": "item.name"}, "trailing": {"bind": "item.price", "format": "€ {}"}}}}
         ]}}}}
        """#

    /// The menu with `special` and `items` priced items.
    static func menu(_ special: String, items: Int = 12) -> String {
        let list = (0..<items).map { #"{"name": "Item \#($0)", "price": "\#(2 + $0 % 20).50"}"# }.joined(separator: ", ")
        return #"{"special": "\#(special)", "items": [\#(list)]}"#
    }

    /// Writes `text` beside `path` and renames it over `path`, as a data feed does (no fsync:
    /// the time measured is Vitrine's, not the disk's).
    static func place(_ text: String, at path: String) throws(VitrineError) {
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw VitrineError(.ioFailure, "cannot write \(temporary)", cause: SystemError("open", errno: errno)) }
        let written = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == text.utf8.count, rename(temporary, path) == 0 else {
            throw VitrineError(.ioFailure, "cannot write \(path)", cause: SystemError("rename", errno: errno))
        }
    }

    func run(_ context: BenchContext) throws -> [BenchRow] {
        context.report("bench: \(self.name): a data file renamed into place, to its frame on screen (real loop, inotify, 60 Hz headless vsync)")
        var template = Array("/tmp/vitrine-bench-data-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw VitrineError(.ioFailure, "\(self.name): cannot make a folder in /tmp") }
        let directory = String(cString: made)
        let configPath = directory + "/kiosk.json"
        let menuPath = directory + "/menu.json"
        defer {
            for file in [configPath, menuPath] { unlink(file) }
            rmdir(directory)
        }
        try Self.place(Self.config, at: configPath)
        try Self.place(Self.menu("soup"), at: menuPath)
        let loop = try EpollEventLoop()
        let runner = Runner(loop: loop, notifier: nil, logger: Logger("bench", sink: MemoryLogSink())) { () throws(VitrineError) -> LoadedScene in
            let loaded = try KioskConfigLoader.load(path: configPath)
            return LoadedScene(
                settings: loaded.configuration.settings, scene: KioskScene(configuration: loaded.configuration, baseDirectory: loaded.baseDirectory))
        }
        let large = self.items > 12
        let count = context.options.runs(normal: large ? 10 : 40)
        // Ours, and the peer's: a reload, or (for the large menu) the 12-item update.
        var updates = TimingSamples()
        var reloads = TimingSamples()
        var failure: String?
        /// What the next frame must show, when it was asked for, and where the sample goes.
        var pending: (text: String, since: MonotonicTime, reload: Bool, drawn: Bool)?
        var step = 0
        var reinstall: (() -> Void)?

        func label() -> String? {
            guard let controller = (runner.scene as? KioskScene)?.controller else { return nil }
            func find(_ view: View) -> Label? {
                if let label = view as? Label, label.text.hasPrefix("Today: ") { return label }
                for child in view.subviews { if let found = find(child) { return found } }
                return nil
            }
            return controller.window.flatMap { find($0.root) }?.text
        }
        func next() {
            guard step < 2 * count else { return loop.stop() }
            // Interleaved: ours and the peer's take turns, so both see the same moments of load.
            let peer = step % 2 == 1
            let text = "special \(step)"
            step += 1
            do {
                if peer && !large {
                    try Self.place(Self.menu(text), at: menuPath)
                    pending = ("Today: " + text, loop.now, true, false)
                    runner.reload()
                    reinstall?()
                } else {
                    pending = ("Today: " + text, loop.now, peer, false)
                    try Self.place(Self.menu(text, items: peer ? 12 : self.items), at: menuPath)
                }
            } catch {
                failure = "\(error)"
                loop.stop()
            }
        }
        /// Wraps the frame clock's callbacks (a reload's new window sets them again).
        func installHooks() {
            guard let output = runner.output else { return }
            let present = output.frameClock.onPresent
            let frame = output.frameClock.onFrame
            // A frame counts when it was started after the label showed the new text.
            output.frameClock.onFrame = { time in
                if let wanted = pending, !wanted.drawn, label() == wanted.text { pending?.drawn = true }
                frame?(time)
            }
            output.frameClock.onPresent = { time in
                present?(time)
                guard let wanted = pending, wanted.drawn else { return }
                let milliseconds = (loop.now - wanted.since).milliseconds
                if wanted.reload { reloads.append(milliseconds) } else { updates.append(milliseconds) }
                pending = nil
                // Some room between changes, as a real feed leaves, at a different phase of
                // the vsync each time (the same phases for both sides).
                loop.schedule(after: .milliseconds(30 + Double(step * 7 % 17))) { next() }
            }
        }
        reinstall = installHooks
        runner.onFirstFrame = { _ in
            installHooks()
            loop.schedule(after: .milliseconds(30)) { next() }
        }
        try runner.run(seconds: 60)
        if let failure { throw VitrineError(.ioFailure, "\(self.name): \(failure)") }
        guard updates.milliseconds.count == count, reloads.milliseconds.count == count else {
            throw VitrineError(
                .invalidData,
                "\(self.name): only \(updates.milliseconds.count) updates and \(reloads.milliseconds.count) reloads of \(count) reached the screen")
        }
        context.note(
            large
                ? "\(self.name): ours = rename of a \(self.items)-item data file (a list repeating them) into place -> presentation of the first frame drawn with it (p99 of \(count)); peer = the same with 12 items, interleaved; both include the wait for the 60 Hz vsync"
                : "\(self.name): ours = rename of a new data file into place -> presentation of the first frame drawn with it (p99 of \(count)); "
                    + "peer = the same change by SIGHUP reload of the whole config (p99 of \(count)); both include the wait for the 60 Hz vsync (up to 16.7 ms)"
        )
        return [
            BenchRow(
                name: self.name, oursMilliseconds: updates.percentile(99), peer: large ? "12 items" : "config reload",
                peerMilliseconds: reloads.percentile(99), p50Milliseconds: updates.median, p99Milliseconds: updates.percentile(99))
        ]
    }
}
