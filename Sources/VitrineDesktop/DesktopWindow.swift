import CSDL2
import Glibc
import VitrineCore

/// The preview's window on the desktop: one SDL window (X11 or Wayland, whichever SDL picks)
/// showing the panel upright, and the pump that reads SDL's events on the run loop.
///
/// - Pixels go to SDL's *window surface* (no GPU renderer): the window shows exactly the bytes
///   the panel's scanout buffer holds, only the damaged rectangles are sent to the display
///   server, and nothing needs OpenGL (Xvfb has none). The window surface has no vsync, so
///   `DesktopOutput` paces frames by a timer at the refresh, as the headless twin does.
/// - SDL has no file descriptor to wait on, so events are polled by a loop timer every
///   `pollInterval` (one refresh, 16.7 ms): a poll that finds nothing costs microseconds, so an
///   idle preview stays near 0 % CPU (`Tests/VitrineDesktopTests`, "idle CPU").
/// - The mouse is one finger; SDL touch events (a touchscreen on the laptop) are fingers.
///   SDL's own mouse-from-touch and touch-from-mouse emulation are switched off, so one real
///   contact is never reported twice.
public final class DesktopWindow {
    /// What a key in the window asks for (`vitrine preview --help` lists them).
    public enum Command: Sendable, Equatable {
        case reload
        case screenshot
        case rotate
        case nextSize
        case close
    }

    /// One contact as the window saw it, in window pixels (the panel's logical pixels).
    public struct Contact: Sendable, Equatable {
        /// `TouchContact.pointerID` for the mouse; SDL's finger index for a touch.
        public var id: Int
        public var phase: TouchContact.Phase
        public var x: Double
        public var y: Double
    }

    /// SDL's `SDL_TOUCH_MOUSEID` ((Uint32)-1): mouse events SDL made up from a touch.
    static let touchMouseID = UInt32.max

    /// How often SDL's event queue is read.
    public static let pollInterval = Nanoseconds.seconds(1.0 / 60)

    public var onContact: ((Contact) -> Void)?
    public var onCommand: ((Command) -> Void)?
    /// The window was uncovered or shown again: its pixels must be sent in full.
    public var onExposed: (() -> Void)?

    /// The window's size in pixels (the panel's logical size: it shows the panel upright).
    public private(set) var size: PixelSize
    public let title: String
    private let window: OpaquePointer
    private var pollTimer: TimerID?
    private weak var loop: Clock?
    private var mouseDown = false
    /// SDL finger ids → the contact id they were given (the lowest free of 0–31).
    private var fingers: [SDL_FingerID: Int] = [:]

    /// Opens the window.
    /// - Throws: when SDL 2 is not installed, or no desktop is reachable (no `DISPLAY` or
    ///   `WAYLAND_DISPLAY`), naming what SDL said and what to do.
    public init(title: String, size: PixelSize) throws(VitrineError) {
        try Self.loadSDL()
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        // The preview is a window among others: do not switch the desktop's screen saver off.
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        // The window surface in the display server's own memory (X11: MIT-SHM), not a GPU
        // texture: otherwise SDL re-creates the window for OpenGL at the first surface request.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        if SDL_InitSubSystem(SDL_INIT_VIDEO) != 0 {
            throw VitrineError(
                VitrineError.Code("no-desktop"), "the preview window cannot be opened: SDL found no desktop (\(Self.sdlError()))",
                hint:
                    "run it in a desktop session (DISPLAY or WAYLAND_DISPLAY set), or under `xvfb-run`; on a panel use `vitrine run`, without a desktop use `vitrine render`"
            )
        }
        // SDL falls back to drawing nowhere (its offscreen and dummy drivers) when there is no
        // desktop; a preview nobody sees is a mistake, unless SDL_VIDEODRIVER asked for it.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if ["offscreen", "dummy", "evdev"].contains(driver), getenv("SDL_VIDEODRIVER") == nil {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw VitrineError(
                VitrineError.Code("no-desktop"),
                "the preview window cannot be opened: there is no desktop (no DISPLAY or WAYLAND_DISPLAY; SDL found only its \(driver) driver)",
                hint: "run it in a desktop session, over `ssh -X`, or under `xvfb-run`; on a panel use `vitrine run`, without a desktop use `vitrine render`")
        }
        guard
            let window = SDL_CreateWindow(
                title, Int32(SDL_WINDOWPOS_UNDEFINED_MASK), Int32(SDL_WINDOWPOS_UNDEFINED_MASK), Int32(size.width), Int32(size.height),
                SDL_WINDOW_SHOWN.rawValue)
        else {
            let message = Self.sdlError()
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw VitrineError(.ioFailure, "the preview window of \(size.width)x\(size.height) pixels cannot be made: \(message)", hint: "try a smaller --size")
        }
        self.window = window
        self.size = size
        self.title = title
        // Make the surface now, so the window keeps the id it is reported by from here on.
        _ = SDL_GetWindowSurface(window)
    }

    deinit {
        if let timer = self.pollTimer { self.loop?.cancel(timer) }
        SDL_DestroyWindow(self.window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    /// The window's X11 id (what `xwd -id` and `xdotool` take), nil under Wayland.
    public var x11WindowID: UInt? {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(self.window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11 else { return nil }
        return UInt(info.info.x11.window)
    }

    /// The video driver SDL chose (`x11`, `wayland`).
    public var driver: String { SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown" }

    public func setTitle(_ title: String) { SDL_SetWindowTitle(self.window, title) }

    /// Makes the window `size` pixels (another panel size, or the panel turned).
    public func resize(to size: PixelSize) {
        SDL_SetWindowSize(self.window, Int32(size.width), Int32(size.height))
        // Centred again, so a window that grew stays on the desktop where it can.
        let centred = Int32(SDL_WINDOWPOS_CENTERED_MASK)
        SDL_SetWindowPosition(self.window, centred, centred)
        self.size = size
    }

    // MARK: - Pixels

    /// Sends `region` (window pixels) of the scanout buffer `native` to the window; `rotation`
    /// says how the panel is turned, so the window shows it upright.
    public func show(_ region: Region, of native: PixelBuffer, rotation: Rotation) {
        guard let surface = SDL_GetWindowSurface(self.window) else { return }
        let width = Int(surface.pointee.w)
        let height = Int(surface.pointee.h)
        guard width == self.size.width, height == self.size.height else { return }
        let format = surface.pointee.format.pointee.format
        let direct = format == SDL_PIXELFORMAT_RGB888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue
        SDL_LockSurface(surface)
        let pitch = Int(surface.pointee.pitch)
        let bytes = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var rects: [SDL_Rect] = []
        for rect in region.rects {
            let clipped = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
            guard !clipped.isEmpty else { continue }
            let row = UnsafeMutablePointer<UInt32>.allocate(capacity: clipped.width)
            defer { row.deallocate() }
            for y in clipped.y..<(clipped.y + clipped.height) {
                for x in 0..<clipped.width {
                    let n = rotation.nativePixel(x: clipped.x + x, y: y, logical: self.size)
                    row[x] = native[n.x, n.y] | 0xFF00_0000
                }
                let destination = bytes + y * pitch
                if direct {
                    (UnsafeMutableRawPointer(destination).assumingMemoryBound(to: UInt32.self) + clipped.x).update(from: row, count: clipped.width)
                } else {
                    // Another surface format (a 16-bit desktop): SDL converts the row.
                    let bpp = Int(surface.pointee.format.pointee.BytesPerPixel)
                    SDL_ConvertPixels(
                        Int32(clipped.width), 1, SDL_PIXELFORMAT_ARGB8888.rawValue, row, Int32(clipped.width * 4), format, destination + clipped.x * bpp,
                        Int32(pitch))
                }
            }
            rects.append(SDL_Rect(x: Int32(clipped.x), y: Int32(clipped.y), w: Int32(clipped.width), h: Int32(clipped.height)))
        }
        SDL_UnlockSurface(surface)
        if !rects.isEmpty { SDL_UpdateWindowSurfaceRects(self.window, &rects, Int32(rects.count)) }
    }

    // MARK: - Events

    /// Starts reading SDL's events every `pollInterval` on `loop`.
    public func startPumping(on loop: Clock) {
        self.loop = loop
        self.scheduleNextPoll()
    }

    private func scheduleNextPoll() {
        guard let loop = self.loop else { return }
        self.pollTimer = loop.scheduleInBackground(at: loop.now + Self.pollInterval) { [weak self] in
            guard let self else { return }
            self.pump()
            self.scheduleNextPoll()
        }
    }

    /// Reads every event SDL has queued and hands on what matters.
    public func pump() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            self.handle(event)
        }
    }

    private func handle(_ event: SDL_Event) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            self.onCommand?(.close)
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_CLOSE: self.onCommand?(.close)
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SIZE_CHANGED: self.onExposed?()
            default: break
            }
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != Self.touchMouseID:
            self.mouseDown = true
            self.onContact?(Contact(id: TouchContact.pointerID, phase: .began, x: Double(event.button.x), y: Double(event.button.y)))
        case SDL_MOUSEMOTION where self.mouseDown && event.motion.which != Self.touchMouseID:
            self.onContact?(Contact(id: TouchContact.pointerID, phase: .moved, x: Double(event.motion.x), y: Double(event.motion.y)))
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && self.mouseDown:
            self.mouseDown = false
            self.onContact?(Contact(id: TouchContact.pointerID, phase: .ended, x: Double(event.button.x), y: Double(event.button.y)))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            self.finger(event.tfinger, type: SDL_EventType(event.type))
        case SDL_KEYDOWN where event.key.repeat == 0:
            if let command = Self.command(for: event.key.keysym.sym) { self.onCommand?(command) }
        default:
            break
        }
    }

    private func finger(_ finger: SDL_TouchFingerEvent, type: SDL_EventType) {
        // SDL gives touch positions as fractions of the window.
        let x = Double(finger.x) * Double(self.size.width)
        let y = Double(finger.y) * Double(self.size.height)
        switch type {
        case SDL_FINGERDOWN:
            guard self.fingers[finger.fingerId] == nil,
                let id = (0..<TouchFrame.maximumContacts).first(where: { candidate in !self.fingers.values.contains(candidate) })
            else { return }
            self.fingers[finger.fingerId] = id
            self.onContact?(Contact(id: id, phase: .began, x: x, y: y))
        case SDL_FINGERMOTION:
            guard let id = self.fingers[finger.fingerId] else { return }
            self.onContact?(Contact(id: id, phase: .moved, x: x, y: y))
        default:
            guard let id = self.fingers.removeValue(forKey: finger.fingerId) else { return }
            self.onContact?(Contact(id: id, phase: .ended, x: x, y: y))
        }
    }

    /// The keys: R reloads, S writes a screenshot, O turns the panel, P tries the next preset
    /// size, Q or Escape closes the window.
    static func command(for key: SDL_Keycode) -> Command? {
        switch key {
        case SDL_Keycode(SDLK_r.rawValue): .reload
        case SDL_Keycode(SDLK_s.rawValue): .screenshot
        case SDL_Keycode(SDLK_o.rawValue): .rotate
        case SDL_Keycode(SDLK_p.rawValue): .nextSize
        case SDL_Keycode(SDLK_q.rawValue), SDL_Keycode(SDLK_ESCAPE.rawValue): .close
        default: nil
        }
    }

    /// Loads libSDL2 the first time a window opens: the panel's binary does not link it, and
    /// its package does not depend on it (a panel never opens a window; SDL would bring X11 and
    /// Wayland client libraries onto it). Issue 30.
    public static func loadSDL() throws(VitrineError) {
        var error = [CChar](repeating: 0, count: 512)
        if vitrine_sdl_load(&error, error.count) == 1 { return }
        let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw VitrineError(
            VitrineError.Code("no-sdl"), "the preview window needs SDL 2, which cannot be loaded (\(reason))",
            hint:
                "install it: apt-get install libsdl2-2.0-0 (the vitrine package leaves it out: a panel never opens a window); on a panel use `vitrine run`, without a desktop use `vitrine render`"
        )
    }

    static func sdlError() -> String {
        guard let text = SDL_GetError() else { return "no reason given" }
        let message = String(cString: text)
        return message.isEmpty ? "no reason given" : message
    }
}
