import Glibc
import VitrineCore
import VitrineGraphics
import VitrineHeadless
import VitrineSystem
import VitrineUI

extension Runner {
    /// The commands the runtime answers itself; the rest go to the scene (`ControllableScene`).
    public static let runtimeCommands = ["state", "reload", "screenshot", "blank", "wake"]

    /// Where the control socket goes when `controlPath` is not set: `control.sock` in the
    /// service's runtime directory (systemd sets `RUNTIME_DIRECTORY=/run/vitrine` for
    /// `RuntimeDirectory=vitrine`); nil outside such a service, so a kiosk started by hand opens
    /// no socket unless asked to (`vitrine run --control PATH`).
    public static var defaultControlPath: String? {
        guard let directories = Environment.value("RUNTIME_DIRECTORY"), let first = directories.split(separator: ":").first, !first.isEmpty else {
            return nil
        }
        return String(first) + "/control.sock"
    }

    /// Opens the control socket at `controlPath`, if one is set. A socket that cannot be opened is
    /// logged and named in the unit's status; the kiosk runs on without it.
    func startControl() {
        guard let path = self.controlPath, self.control == nil else { return }
        do {
            self.control = try ControlServer(
                path: path, group: self.controlGroup, loop: self.loop, logger: Logger("control"),
                commands: { [weak self] in Self.runtimeCommands + ((self?.scene as? ControllableScene)?.controlCommands ?? []) },
                handler: { [weak self] request in self?.answer(request) ?? .failure("the kiosk is stopping") })
        } catch {
            Logger("control").error("\(error); running without the control socket")
            self.notifier?.status("showing the kiosk; no control socket: \(error.message)")
        }
    }

    /// Sends `event` to the clients subscribed to its kind, as
    /// `{"event":"emit","name":"purchase","payload":{…},"time_ms":…}`.
    func broadcast(_ event: SceneEvent) {
        guard let control = self.control else { return }
        control.broadcast(
            .object([
                ("event", .string(event.kind.rawValue)), ("name", .string(event.name)), ("payload", event.payload),
                ("time_ms", .number((Double(event.time.nanoseconds) / 1e6).rounded()))
            ]), kind: event.kind.rawValue)
    }

    /// One command from a control client (Docs/operations.md, "Control socket").
    func answer(_ request: ControlRequest) -> ControlReply {
        switch request.command {
        case "state":
            return .success(self.controlState)
        case "reload":
            if let error = self.reload() { return .failure("reload: \(error.description)") }
            return .success(.object([("reloaded", .bool(true))]))
        case "screenshot":
            guard let path = request.arguments["path"]?.stringValue else {
                return .failure("screenshot: \"path\" must name a PNG file the kiosk may write, e.g. /var/lib/vitrine/screen.png")
            }
            guard path.hasPrefix("/"), path.hasSuffix(".png") else {
                return .failure("screenshot: \(QuotedValue.quoted(path)) is not an absolute path to a .png file; e.g. /var/lib/vitrine/screen.png")
            }
            guard self.mayWriteScreenshot(at: path) else {
                return .failure(
                    "screenshot: \(QuotedValue.quoted(path)) is not in a folder the kiosk writes screenshots to (\(self.screenshotDirectories.joined(separator: ", "))); e.g. /var/lib/vitrine/screen.png"
                )
            }
            do {
                try self.writeScreenshot(to: path)
            } catch {
                return .failure("screenshot: \(error.description)")
            }
            return .success(.object([("path", .string(path))]))
        case "blank":
            self.blank()
            return .success(.object([("blank", .bool(self.isBlank))]))
        case "wake":
            self.wake()
            return .success(.object([("blank", .bool(self.isBlank))]))
        default:
            guard let scene = self.scene as? ControllableScene else {
                let why = self.scene == nil ? "the kiosk is showing its configuration error (fix the config and reload)" : "this scene takes no commands"
                return .failure("\(request.command): \(why); the runtime's commands are \(Self.runtimeCommands.joined(separator: ", "))")
            }
            guard scene.controlCommands.contains(request.command) else {
                let all = ControlServer.ownCommands + Self.runtimeCommands + scene.controlCommands
                return .failure("unknown command \(QuotedValue.quoted(request.command)); the commands are \(all.joined(separator: ", "))")
            }
            do {
                return .success(try scene.control(request.command, arguments: request.arguments))
            } catch {
                return .failure(error.description)
            }
        }
    }

    /// The scene's state, with what the runtime knows: whether the panel is blank, which output
    /// it is on, the configuration error shown (if any), frames drawn (the control socket's
    /// `state` reply).
    public var controlState: JSONValue {
        var members = self.scene?.state().objectValue ?? []
        members.append(
            (
                "runtime",
                .object([
                    ("blank", .bool(self.isBlank)),
                    ("output", self.output.map { .string($0.name) } ?? .null),
                    ("error", self.errorPage.map { .string($0.message) } ?? .null),
                    ("control_clients", .number(Double(self.control?.clientCount ?? 0))),
                    // Frames drawn since start: still while blank (animations and `time_ms` move
                    // on in dark frames, nothing is drawn), so a client can tell.
                    ("frames_drawn", .number(Double(self.window?.framesRendered ?? 0)))
                ])
            ))
        return .object(members)
    }

    /// The folders `screenshot` may write in: the service's state and runtime directories
    /// (`/var/lib/vitrine`, `/run/vitrine`, and `$STATE_DIRECTORY`/`$RUNTIME_DIRECTORY` under
    /// systemd). The unit's sandbox allows only those too; the program enforces it itself so a
    /// kiosk run as root by hand does not write a client's PNG over `/etc` (issue 29).
    public static var defaultScreenshotDirectories: [String] {
        var folders = ["/var/lib/vitrine", "/run/vitrine"]
        for variable in ["STATE_DIRECTORY", "RUNTIME_DIRECTORY"] {
            for folder in (Environment.value(variable) ?? "").split(separator: ":") where !folders.contains(String(folder)) {
                folders.append(String(folder))
            }
        }
        return folders
    }

    /// Whether `path`'s folder, with its symbolic links followed, is one of
    /// `screenshotDirectories` or inside one.
    func mayWriteScreenshot(at path: String) -> Bool {
        guard let folder = Directory.realPath(Directory.parent(of: path)) else { return false }
        return self.screenshotDirectories.contains { allowed in
            guard let real = Directory.realPath(allowed) else { return false }
            return folder == real || folder.hasPrefix(real.hasSuffix("/") ? real : real + "/")
        }
    }

    /// Writes what is on screen, upright, as PNG to `path`: the headless output's scanout, else
    /// the last frame drawn.
    /// - Throws: when nothing was drawn yet, or the file cannot be written (under the unit's sandbox only `/var/lib/vitrine` and `/run/vitrine`
    ///   are writable).
    public func writeScreenshot(to path: String) throws(VitrineError) {
        if let headless = self.output as? HeadlessOutput {
            try headless.writePNG(to: path)
        } else if let frame = self.window?.compositor.frame {
            do {
                try PNGCodec.write(frame, to: path)
            } catch {
                var error = error
                if error.hint == nil { error.hint = "the kiosk's service may write /var/lib/vitrine and /run/vitrine only" }
                throw error
            }
        } else {
            throw VitrineError(.invalidArgument, "nothing was drawn, so there is no screenshot to write to \(path)")
        }
    }
}
