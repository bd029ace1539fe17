import VitrineCore
import VitrineGraphics
import VitrineScene
import VitrineUI

/// A version 2 file's scene: `start`, `onboarding` and `screens` (Docs/config.md).
extension ConfigReader {
    /// Screens in one file; more would be a generated file gone wrong.
    static let mostScreens = 1000

    mutating func readScene(_ root: ConfigObject) -> SceneModel {
        var screens: [ScreenModel] = []
        if let value = root.take("screens") {
            let path = "screens"
            if case .object(let members) = value {
                if members.isEmpty { self.error(path, "a kiosk needs at least one screen") }
                // Refused before anything is read: a file of 100,000 screens took over a minute
                // to be told it has too many (issue 29).
                guard members.count <= Self.mostScreens else {
                    self.error(path, "has \(members.count) screens; a kiosk has at most \(Self.mostScreens) (a generated file gone wrong?)")
                    // What names screens is not read either: it would only report the screens
                    // not read as missing.
                    _ = root.take("start")
                    _ = root.take("onboarding")
                    return SceneModel(screens: [], start: "", onboarding: nil)
                }
                self.object(value, at: path) { reader, object in
                    var seen: Set<String> = []
                    for member in members where !member.key.hasPrefix("//") {
                        let last = object.take(member.key)
                        guard seen.insert(member.key).inserted, let last else { continue }
                        guard Self.isScreenID(member.key) else {
                            reader.error(object.path(of: member.key), "\(Self.quoted(member.key)) is not a screen id (letters, digits, - _ and . only)")
                            continue
                        }
                        if let screen = reader.screen(last, id: member.key, at: object.path(of: member.key)) {
                            screens.append(screen)
                        }
                    }
                }
            } else {
                self.error(path, "expected an object of screens by id ({\"home\": {…}}), found \(value.kindName)")
            }
        } else {
            self.error("screens", "missing: a version 2 kiosk lists its screens by id ({\"screens\": {\"home\": {\"content\": …}}})")
        }
        var start = screens.first?.id ?? ""
        if let value = root.take("start"), let text = self.string(value, at: "start", expected: "a screen id") { start = text }
        var onboarding: OnboardingModel?
        self.section(root, "onboarding") { reader, object in onboarding = reader.onboarding(object) }
        return SceneModel(screens: screens, start: start, onboarding: onboarding)
    }

    static func isScreenID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 100
            && id.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_.".unicodeScalars.contains($0) }
    }

    private mutating func onboarding(_ object: ConfigObject) -> OnboardingModel? {
        var pages: [String] = []
        self.read(object, "pages", into: &pages)
        if pages.isEmpty, object.members.contains(where: { $0.key == "pages" }) {
            self.warning(object.path(of: "pages"), "empty: there is no onboarding")
        }
        var model = OnboardingModel(pages: pages)
        self.read(object, "completed", into: &model.completed)
        var progress: [Double] = []
        let count = self.array(object, "progress") { reader, item, path, _ in
            if let value = reader.number(item, at: path, .from(0, to: 1)) { progress.append(value) }
        }
        if count != nil {
            if count != pages.count { self.error(object.path(of: "progress"), "has \(count ?? 0) values for \(pages.count) pages") }
            model.progress = progress
        }
        self.read(object, "pageIndicator", into: &model.showsPageIndicator)
        self.read(object, "progressBar", into: &model.showsProgressBar)
        return pages.isEmpty ? nil : model
    }

    private mutating func screen(_ value: JSONValue, id: String, at path: String) -> ScreenModel? {
        var screen: ScreenModel?
        self.object(value, at: path) { reader, object in
            var model = ScreenModel(id: id, path: path)
            reader.readText(object, "title", into: &model.title, required: false)
            model.leftItem = reader.barItem(object, "left")
            model.rightItem = reader.barItem(object, "right")
            reader.read(object, "bar", into: &model.bar, noun: "a bar visibility")
            reader.read(object, "swipeBack", into: &model.swipeBack)
            reader.readBackground(object, into: &model.background)
            if let content = object.take("content") {
                if let node = reader.view(content, at: object.path(of: "content")) { model.content = node }
            } else {
                reader.error(object.path(of: "content"), "missing: a screen shows a view ({\"type\": \"vstack\", \"children\": […]})")
            }
            reader.section(object, "splitSheet") { reader, sheet in
                var split = SplitSheetModel(screen: "")
                reader.read(sheet, "screen", into: &split.screen, allowEmpty: false)
                if !sheet.members.contains(where: { $0.key == "screen" }) {
                    reader.error(sheet.path(of: "screen"), "missing: the id of the screen the sheet holds")
                }
                reader.read(sheet, "displaceContent", into: &split.displaceContent)
                reader.read(sheet, "showHandle", into: &split.showHandle)
                reader.read(sheet, "minimumSheetHeight", into: &split.minimumSheetHeight, .from(0, to: Self.largestLength))
                reader.read(sheet, "snappingDistance", into: &split.snappingDistance, .from(0, to: Self.largestLength))
                reader.read(sheet, "animationDuration", into: &split.animationDuration, .above(0, atMost: Self.longestAnimation))
                reader.read(sheet, "swipeUpToShowAllowed", into: &split.swipeUpToShowAllowed)
                reader.read(sheet, "shown", into: &split.initiallyShown)
                model.splitSheet = split
            }
            screen = model
        }
        // A screen with a mistake in it is kept (as far as it was read), so what names it — the
        // start, a push, the onboarding — is not reported as naming a missing screen, and the
        // screens it leads to not as unreachable: one typo is one error (issue 29). The file is
        // refused anyway.
        return screen ?? ScreenModel(id: id, path: path)
    }

    private mutating func barItem(_ parent: ConfigObject, _ key: String) -> ScreenModel.BarItem? {
        var item: ScreenModel.BarItem?
        self.section(parent, key) { reader, object in
            var title: TextValue = ""
            var icon: String?
            reader.readText(object, "title", into: &title, required: false)
            reader.read(object, "icon", into: &icon)
            if title.isEmpty && icon == nil { reader.error(object.path(of: "title"), "a bar item needs a title, an icon, or both") }
            guard let action = reader.readAction(object, "action") else {
                if !object.members.contains(where: { $0.key == "action" }) { reader.error(object.path(of: "action"), "missing: what the item does") }
                return
            }
            item = ScreenModel.BarItem(title, icon: icon, action: action)
        }
        return item
    }

    /// `"#RRGGBB"`, `"theme"`, or `{"image": path, "focus": [x, y], "color": "#RRGGBB"}`.
    private mutating func readBackground(_ parent: ConfigObject, into target: inout ScreenModel.Background) {
        guard let value = parent.take("background") else { return }
        let path = parent.path(of: "background")
        switch value {
        case .string(let text):
            if text == "theme" {
                target = .theme
            } else if let colour = Color(hex: text), text.hasPrefix("#"), [7, 9].contains(text.count) {
                target = .color(colour)
            } else {
                self.error(path, "\(Self.quoted(text)) is not a background (\"#RRGGBB\", \"theme\", or {\"image\": …})")
            }
        case .object:
            self.object(value, at: path) { reader, object in
                var image: String?
                reader.readImagePath(object, "image", into: &image)
                var focus = Point(x: 0.5, y: 0.5)
                reader.readPoint(object, "focus", into: &focus)
                var color = Color.black
                reader.read(object, "color", into: &color)
                if let image {
                    target = .image(path: image, focus: focus, color: color)
                } else if !object.members.contains(where: { $0.key == "image" }) {
                    target = .color(color)
                }
            }
        default:
            self.error(path, "expected a colour (\"#RRGGBB\"), \"theme\", or {\"image\": …}, found \(value.kindName)")
        }
    }

    // MARK: - References between screens

    /// Every screen id the scene names must exist (an error naming both ends); every screen
    /// should be reachable (a warning otherwise); a few combinations that cannot work are warned.
    mutating func checkReferences(_ scene: SceneModel) {
        let ids = scene.screens.map(\.id)
        func check(_ id: String, at path: String, what: String) {
            guard scene.screen(id) == nil else { return }
            self.error(
                path,
                "\(what) \(Self.quoted(id)), but there is no such screen (screens: \(ids.prefix(20).joined(separator: ", "))\(ids.count > 20 ? ", …" : ""))"
                    + Misspelling.hint(for: id, among: ids))
        }
        if !ids.isEmpty { check(scene.start, at: "start", what: "starts on") }
        switch scene.idle?.action {
        case .push(let id)?: check(id, at: "idle.action.push", what: "pushes")
        case .replace(let id)?: check(id, at: "idle.action.replace", what: "shows")
        case .restartOnboarding? where scene.onboarding == nil: self.warning("idle.action", "restartOnboarding does nothing: the kiosk has no onboarding")
        default: break
        }
        if let onboarding = scene.onboarding {
            for (index, page) in onboarding.pages.enumerated() { check(page, at: "onboarding.pages[\(index)]", what: "shows") }
            if let completed = onboarding.completed { check(completed, at: "onboarding.completed", what: "shows") }
        }
        for screen in scene.screens {
            for (action, path) in screen.actions {
                let steps = action.steps
                for (index, step) in steps.enumerated() {
                    let at = steps.count > 1 ? "\(path)[\(index)]" : path
                    switch step {
                    case .push(let id): check(id, at: at + ".push", what: "pushes")
                    case .replace(let id): check(id, at: at + ".replace", what: "shows")
                    case .present(let id, _): check(id, at: at + ".present", what: "presents")
                    case .alert, .conditional:
                        // Their screens are reached from a button or a branch.
                        for id in step.targets { check(id, at: at, what: "leads to") }
                    case .restartOnboarding where scene.onboarding == nil:
                        self.warning(at, "restartOnboarding does nothing: the kiosk has no onboarding")
                    default: break
                    }
                }
            }
            if let sheet = screen.splitSheet {
                check(sheet.screen, at: screen.path + ".splitSheet.screen", what: "holds")
                if sheet.screen == screen.id { self.error(screen.path + ".splitSheet.screen", "a screen cannot hold itself in its split sheet") }
                if scene.screen(sheet.screen)?.splitSheet != nil {
                    self.warning(
                        screen.path + ".splitSheet.screen", "\(Self.quoted(sheet.screen)) has a split sheet of its own, which is not shown inside another sheet"
                    )
                }
            }
        }
        // Reachability is not judged when a view was left out for a mistake (a misspelt type): its
        // actions went with it, and the screens they lead to would each be a false warning after
        // the one real error.
        let reachable = self.droppedViews == 0 ? scene.reachableScreens : Set(scene.screens.map(\.id))
        for screen in scene.screens where !reachable.contains(screen.id) {
            self.warning(screen.path, "unreachable: no action, onboarding or split sheet leads to this screen")
        }
        if let onboarding = scene.onboarding {
            let finishes = scene.screens.filter { (onboarding.pages + [onboarding.completed].compactMap { $0 }).contains($0.id) }
                .contains { $0.actions.contains { $0.action.steps.contains(.finishOnboarding) } }
            if !finishes {
                self.warning(
                    "onboarding",
                    "nothing leads from the onboarding to the first screen: give its completed page a button with \"action\": \"finishOnboarding\"")
            }
        }
    }
}
