import VitrineCore
import VitrineScene
import VitrineUI

extension KioskConfigurationV1 {
    /// The screen ids a version 1 file's parts become.
    public enum ScreenID {
        public static let main = "main"
        public static let splitSheet = "split-sheet"
        public static let contentSheet = "content-sheet"
        public static let completed = "onboarding-completed"
        public static func page(_ index: Int) -> String { "onboarding-\(index + 1)" }
    }

    /// The same kiosk in the scene model: the onboarding pages, the completed page, the main
    /// screen with its picture, title and buttons, its split sheet and the content sheet its
    /// button presents, laid out as version 1 laid them out.
    public var converted: KioskConfiguration {
        var configuration = KioskConfiguration(scene: self.sceneModel)
        configuration.version = 1
        configuration.display = self.display
        configuration.input = self.input
        configuration.theme = self.theme
        configuration.scale = self.scale
        return configuration
    }

    var sceneModel: SceneModel {
        var screens: [ScreenModel] = []
        let pages = self.onboarding.pages
        for (index, page) in pages.enumerated() {
            screens.append(self.pageScreen(page, id: ScreenID.page(index), path: "onboarding.pages[\(index)]", button: nil))
        }
        if let completed = self.onboarding.completed {
            let start = ButtonNode(
                .plain(self.onboarding.startButtonTitle), action: .finishOnboarding, tint: .fixed(.white), titleColor: .fixed(completed.backgroundColor))
            screens.append(self.pageScreen(completed, id: ScreenID.completed, path: "onboarding.completed", button: start))
        }
        screens.append(self.mainScreen)
        screens.append(self.sheetScreen(self.splitSheet.content, id: ScreenID.splitSheet, path: "splitSheet"))
        var content = self.sheetScreen(self.contentSheet.content, id: ScreenID.contentSheet, path: "contentSheet")
        content.rightItem = ScreenModel.BarItem("Done", action: .dismiss)
        screens.append(content)
        let onboarding: OnboardingModel? =
            pages.isEmpty
            ? nil
            : {
                var model = OnboardingModel(pages: pages.indices.map(ScreenID.page), completed: self.onboarding.completed == nil ? nil : ScreenID.completed)
                model.progress = pages.map(\.progress)
                return model
            }()
        return SceneModel(screens: screens, start: ScreenID.main, onboarding: onboarding)
    }

    private func pageScreen(_ page: PageSettings, id: String, path: String, button: ButtonNode?) -> ScreenModel {
        var children: [ViewNode] = []
        if let image = page.image {
            children.append(ViewNode(.image(ImageNode(.path(image), mode: .fill, cornerRadius: 18)), width: .fill, height: .fraction(0.38), path: path))
            children.append(ViewNode(.spacer(minLength: 16), height: .points(16)))
        }
        children.append(
            ViewNode(
                .text(TextNode(.plain(page.title), style: .title, alignment: .center, lines: 2, color: .fixed(.white))), width: .fill, path: path + ".title"))
        children.append(ViewNode(.spacer(minLength: 12), height: .points(12)))
        children.append(
            ViewNode(
                .text(TextNode(.plain(page.body), style: .body, alignment: .center, lines: 4, color: .fixed(Color(white: 1, alpha: 0.85)))), width: .fill,
                path: path + ".body"))
        if let button {
            children.append(ViewNode(.spacer(minLength: 32), height: .points(32)))
            children.append(ViewNode(.button(button), width: .points(220), path: path + ".startButtonTitle"))
        }
        let stack = StackNode(
            axis: .vertical, alignment: .center, distribution: .center, padding: EdgeInsets(top: 48, left: 96, bottom: 120, right: 96), children: children)
        return ScreenModel(id: id, bar: .hidden, background: .color(page.backgroundColor), content: ViewNode(.stack(stack), path: path), path: path)
    }

    private var mainScreen: ScreenModel {
        let main = self.main
        var buttons: [ViewNode] = []
        for (index, button) in main.buttons.enumerated() {
            let path = "main.buttons[\(index)]"
            let node: ButtonNode
            switch button.action {
            case .toggleSplitSheet:
                let shown = button.title.hasPrefix("Show") ? "Hide" + button.title.dropFirst(4) : nil
                node = ButtonNode(.plain(button.title), action: .toggleSplitSheet, titleWhenSplitSheetShown: shown.map(TextValue.plain))
            case .presentContentSheet:
                node = ButtonNode(.plain(button.title), action: .present(ScreenID.contentSheet, self.presentation))
            case .restartOnboarding:
                node = ButtonNode(.plain(button.title), action: .restartOnboarding)
            }
            buttons.append(ViewNode(.button(node), width: .points(300), path: path))
        }
        let title = ViewNode(.text(TextNode(.plain(main.title), style: .largeTitle, lines: 1, color: .fixed(.white))), width: .fill, path: "main.title")
        let column = ViewNode(.stack(StackNode(spacing: 12, alignment: .center, children: buttons)), width: .fill, path: "main.buttons")
        let content = StackNode(
            spacing: 24, alignment: .fill, padding: EdgeInsets(top: 24, left: 32, bottom: 24, right: 32),
            children: [title, ViewNode(.spacer(minLength: 0)), column, ViewNode(.spacer(minLength: 0))])
        let background: ScreenModel.Background =
            main.image.map { .image(path: $0, focus: Point(x: 0.5, y: 0.5), color: main.backgroundColor) } ?? .color(main.backgroundColor)
        var split = SplitSheetModel(screen: ScreenID.splitSheet)
        split.displaceContent = self.splitSheet.displaceContent
        split.showHandle = self.splitSheet.showHandle
        split.minimumSheetHeight = self.splitSheet.minimumSheetHeight
        split.snappingDistance = self.splitSheet.snappingDistance
        split.animationDuration = self.splitSheet.animationDuration
        split.swipeUpToShowAllowed = self.splitSheet.swipeUpToShowAllowed
        return ScreenModel(
            id: ScreenID.main, bar: .hidden, background: background, content: ViewNode(.stack(content), path: "main"), splitSheet: split, path: "main")
    }

    private var presentation: SheetPresentation {
        let sheet = self.contentSheet
        var presentation = SheetPresentation(
            collapsedHeight: sheet.collapsedHeight.map(SheetHeight.points), expandedHeight: sheet.expandedHeight.map(SheetHeight.points),
            backdrop: sheet.blurBackground ? .blur(sheet.blurStyle) : .dim)
        presentation.showsHeader = sheet.showDefaultHeader
        presentation.dismissOnTouchOutside = sheet.dismissOnTouchOutside
        presentation.enablePanGesture = sheet.enablePanGesture
        return presentation
    }

    /// A sheet's text, picture and one-line rows.
    private func sheetScreen(_ content: SheetContentSettings, id: String, path: String) -> ScreenModel {
        var children: [ViewNode] = []
        if !content.text.isEmpty {
            children.append(ViewNode(.text(TextNode(.plain(content.text), style: .body, color: .theme(.secondaryLabel))), width: .fill, path: path + ".text"))
        }
        if let image = content.image {
            children.append(ViewNode(.image(ImageNode(.path(image), mode: .fit, cornerRadius: 12)), width: .fill, path: path))
        }
        if !content.items.isEmpty {
            let rows = content.items.map { ListNode.Row(.plain($0)) }
            children.append(ViewNode(.list(ListNode(sections: [ListNode.Section(rows: rows)])), width: .fill, path: path + ".items"))
        }
        let stack = StackNode(spacing: 16, alignment: .fill, padding: EdgeInsets(top: 12, left: 24, bottom: 24, right: 24), children: children)
        return ScreenModel(id: id, title: .plain(content.title), background: .theme, content: ViewNode(.stack(stack), path: path), path: path)
    }
}
