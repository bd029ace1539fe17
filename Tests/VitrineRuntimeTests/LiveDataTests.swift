import Glibc
import Testing
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineKiosk
import VitrineRuntime
import VitrineScene
import VitrineSystem
import VitrineTestSupport
import VitrineUI

/// Data files on a running kiosk: the real runner on the manual clock, whose loop reads the real
/// inotify descriptor, and real files written the ways integrators write them.
@Suite("Live data: a new version on the next frame, a bad one keeps the last good, a rename is picked up")
struct LiveDataTests {
    static let config = #"""
        {"version": 2, "data": {"menu": "menu.json"},
         "screens": {"home": {"title": "Menu", "content": {"type": "vstack", "children": [
           {"type": "button", "title": "Details", "action": {"push": "detail"}},
           {"type": "list", "rows": {"repeat": "menu.items", "row": {"title": {"bind": "item.name"}, "trailing": {"bind": "item.price", "format": "€ {}"}}}}
         ]}},
         "detail": {"title": {"bind": "menu.special"}, "content": {"type": "text", "text": {"bind": "menu.coffee", "format": "Coffee € {}"}}}}}
        """#

    static func menu(coffee: String, special: String = "Today") -> String {
        #"{"coffee": ""# + coffee + #"", "special": ""# + special + #"", "items": [{"name": "Tea", "price": "2.80"}, {"name": "Cake", "price": "3.50"}]}"#
    }

    /// The text of the label at `path` in the scene, if shown.
    static func label(_ runner: Runner, _ identifier: String) -> String? {
        func find(_ view: View) -> View? {
            if view.identifier == identifier, !view.isHidden { return view }
            for child in view.subviews.reversed() { if let found = find(child) { return found } }
            return nil
        }
        return runner.window.flatMap { find($0.root) as? Label }?.text
    }

    /// Every list row on screen: its title and trailing text.
    static func rows(_ runner: Runner) -> [String] {
        func collect(_ view: View) -> [String] {
            guard !view.isHidden else { return [] }
            if let row = view as? ListRowView { return [row.titleLabel.text + " " + (row.trailingLabel?.text ?? "")] }
            return view.subviews.flatMap(collect)
        }
        return runner.window.map { collect($0.root) } ?? []
    }

    static func controller(_ runner: Runner) -> SceneController? { (runner.scene as? KioskScene)?.controller }

    @Test(
        "a rewritten file shows on the next frame, the navigation stays; a truncated write keeps the last good data and says so in the status; a good one clears it"
    )
    func liveUpdates() throws {
        let fixture = try FixtureFolder()
        let path = try fixture.write(Self.config)
        let menu = fixture.directory.file("menu.json")
        try FileBytes.writeAtomically(Array(Self.menu(coffee: "3.20").utf8), to: menu)
        let server = try NotifySocket(abstract: true)
        let notifier = try SystemdNotifier(socketPath: server.path)
        let runner = try KioskRunnerTests.runner(path: path, notifier: notifier)
        var framesBefore = 0
        try KioskRunnerTests.run(
            runner,
            steps: [
                {
                    let controller = try #require(Self.controller(runner))
                    controller.perform(.push("detail"))
                },
                // The push's transition takes its time (steps are 100 ms apart).
                {}, {}, {}, {}, {}, {}, {},
                {
                    #expect(Self.controller(runner)?.navigationStack.map(\.model.id) == ["home", "detail"])
                    #expect(Self.label(runner, "screens.detail.content") == "Coffee € 3.20")
                    #expect(Self.controller(runner)?.topScreen?.bar?.titleLabel.text == "Today")
                    framesBefore = (runner.output as? HeadlessOutput)?.flipCount ?? 0
                    // Written in place (open, truncate, write, close), as a shell's > does.
                    _ = try Self.writeInPlace(Self.menu(coffee: "3.40", special: "Tuesday"), to: menu)
                },
                {
                    #expect(Self.label(runner, "screens.detail.content") == "Coffee € 3.40")
                    #expect(Self.controller(runner)?.topScreen?.bar?.titleLabel.text == "Tuesday")
                    #expect(Self.controller(runner)?.navigationStack.map(\.model.id) == ["home", "detail"], "a data update must not move the navigation")
                    #expect(((runner.output as? HeadlessOutput)?.flipCount ?? 0) > framesBefore, "the new version must be drawn")
                    // A writer that died half-way: not JSON.
                    _ = try Self.writeInPlace(#"{"coffee": "9.99", "items": ["#, to: menu)
                },
                {
                    #expect(Self.label(runner, "screens.detail.content") == "Coffee € 3.40", "a bad version must keep the last good data")
                    let status = notifier.sent.last { $0.hasPrefix("STATUS=") } ?? ""
                    #expect(status.contains("data rejected: \(menu)"), "\(notifier.sent)")
                    _ = try Self.writeInPlace(Self.menu(coffee: "3.50"), to: menu)
                },
                {
                    #expect(Self.label(runner, "screens.detail.content") == "Coffee € 3.50")
                    #expect(notifier.sent.last { $0.hasPrefix("STATUS=") } == "STATUS=showing the kiosk")
                }
            ])
    }

    @Test("a new version renamed over the file (the atomic replace) is picked up, again and again; a deleted file keeps the last good data")
    func renameReplace() throws {
        let fixture = try FixtureFolder()
        let path = try fixture.write(Self.config)
        let menu = fixture.directory.file("menu.json")
        try FileBytes.writeAtomically(Array(Self.menu(coffee: "1.00").utf8), to: menu)
        let runner = try KioskRunnerTests.runner(path: path, notifier: nil)
        try KioskRunnerTests.run(
            runner,
            steps: [
                {
                    #expect(Self.rows(runner) == ["Tea € 2.80", "Cake € 3.50"])
                    try FileBytes.writeAtomically(Array(Self.menu(coffee: "1.10").utf8), to: menu)
                    Self.controller(runner)?.perform(.push("detail"))
                },
                {
                    #expect(Self.label(runner, "screens.detail.content") == "Coffee € 1.10")
                    try FileBytes.writeAtomically(Array(Self.menu(coffee: "1.20").utf8), to: menu)
                },
                {
                    #expect(Self.label(runner, "screens.detail.content") == "Coffee € 1.20")
                    _ = try Syscall.retrying("unlink") { unlink(menu) }
                },
                {
                    #expect(Self.label(runner, "screens.detail.content") == "Coffee € 1.20")
                    try FileBytes.writeAtomically(Array(Self.menu(coffee: "1.30").utf8), to: menu)
                },
                {
                    #expect(Self.label(runner, "screens.detail.content") == "Coffee € 1.30")
                }
            ])
    }

    /// Opens `path` for writing, truncating it, writes `text` and closes it.
    static func writeInPlace(_ text: String, to path: String) throws -> Int {
        let fd = try Syscall.retrying("open") { open(path, O_WRONLY | O_TRUNC | O_CREAT | O_CLOEXEC, 0o644) }
        defer { close(fd) }
        return Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    @Test("a content sheet's header title bound to the data follows a new version, like a screen's bar title")
    func sheetHeaderTitle() throws {
        let fixture = try FixtureFolder()
        let path = try fixture.write(Self.config)
        let menu = fixture.directory.file("menu.json")
        try FileBytes.writeAtomically(Array(Self.menu(coffee: "1.00", special: "Monday").utf8), to: menu)
        let runner = try KioskRunnerTests.runner(path: path, notifier: nil)
        func header() -> String? { Self.controller(runner)?.contentSheet?.header?.titleLabel.text }
        try KioskRunnerTests.run(
            runner,
            steps: [
                { Self.controller(runner)?.perform(.present("detail", SheetPresentation())) },
                {}, {}, {}, {},
                {
                    #expect(header() == "Monday")
                    try FileBytes.writeAtomically(Array(Self.menu(coffee: "1.00", special: "Tuesday").utf8), to: menu)
                },
                {
                    #expect(header() == "Tuesday")
                    #expect(Self.controller(runner)?.contentSheet?.isPresented == true, "the update leaves the sheet open")
                }
            ])
    }
}
