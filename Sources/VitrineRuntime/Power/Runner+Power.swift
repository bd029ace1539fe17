import VitrineCore
import VitrineDRM
import VitrineHeadless
import VitrineUI

extension Runner {
    /// Blanks the panel until `wake` or a touch (the control socket's `blank`).
    public func blank(reason: DisplayPower.Reason = .control) {
        self.power?.blank(reason: reason)
    }

    /// Lights the panel again (the control socket's `wake`).
    public func wake(reason: DisplayPower.Reason = .control) {
        self.power?.wake(reason: reason)
    }

    /// Whether the panel is blank now (false before `run` opened the display).
    public var isBlank: Bool { self.power?.isBlank ?? false }

    /// On, dimmed or blank (on before `run` opened the display).
    public var powerState: DisplayPower.State { self.power?.state ?? .on }

    /// Display power for the opened output: created once the first window exists, with the
    /// config's `display.power` (always on, no idle blanking, when absent — the control
    /// commands still work). Its events go where the scene's go.
    func startPower(_ settings: PowerSettings?, output: DisplayOutput) {
        let panel = DisplayPower.panel(
            for: output, backlight: settings?.backlight ?? .auto, logger: self.powerLogger,
            redraw: { [weak self] in
                self?.window?.compositor.setNeedsFullRedraw()
                self?.window?.setNeedsFrame()
            })
        let power = DisplayPower(settings: settings ?? PowerSettings(), clock: self.loop, wallClock: self.wallClock, panel: panel, logger: self.powerLogger)
        power.onEvent = { [weak self] event in self?.deliver(event) }
        self.power = power
        if let window = self.window { power.attach(to: window) }
        power.start()
    }

    /// The display power's log, where the runner's goes: a headless run's is quiet, so `vitrine
    /// render` and `check-config --accessibility` print no "display on (at start)" per screen set.
    var powerLogger: Logger { Logger("power", sink: self.logger.sink) }
}

extension DisplayPower {
    /// Routes `window`'s touches through `filter` (a waking touch is swallowed). `onTouch`
    /// stays the scene's.
    public func attach(to window: Window) {
        window.touchFilter = { [weak self] frame in self?.filter(frame) ?? true }
        window.wakeFilter = { [weak self] _ in self?.filterKey() ?? true }
    }

    /// The backends for `output`: frames pause first, then the display's own switch (DPMS,
    /// FBIOBLANK; the headless twin records), then the backlight, if one is chosen and present.
    /// - Parameters:
    ///   - backlightRoot: where backlight devices are (tests use a temporary directory).
    ///   - redraw: draws the whole window again after waking.
    public static func panel(
        for output: DisplayOutput, backlight: BacklightChoice, backlightRoot: String = BacklightPower.classDirectory,
        logger: Logger = Logger("power"), redraw: @escaping () -> Void
    ) -> PanelPowerGroup {
        var members: [PanelPower] = []
        if let drm = output as? DRMOutput {
            members.append(FramePause(output: output, canShow: { [weak drm] in drm?.isShowing ?? false }, redraw: redraw))
            members.append(
                OutputPowerSwitch(name: "DPMS on \(drm.name)", logger: logger) { [weak drm] on throws(VitrineError) in try drm?.setDisplayPower(on: on) })
        } else if let fbdev = output as? FBDevOutput {
            members.append(FramePause(output: output, redraw: redraw))
            members.append(
                OutputPowerSwitch(name: "FBIOBLANK on \(fbdev.device.path)", logger: logger) { [weak fbdev] on throws(VitrineError) in
                    try fbdev?.setDisplayPower(on: on)
                })
        } else {
            members.append(FramePause(output: output, redraw: redraw))
            if output is HeadlessOutput { members.append(HeadlessPanelPower()) }
        }
        if let light = BacklightPower.resolve(backlight, root: backlightRoot, logger: logger) {
            members.append(light)
        }
        return PanelPowerGroup(members)
    }
}
