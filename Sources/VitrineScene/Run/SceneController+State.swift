import VitrineCore
import VitrineUI

extension SceneController {
    /// The state dump's schema name; bumped when a member changes meaning.
    public static let stateSchema = "vitrine-state/2"

    /// The state dump `vitrine replay --state-out` writes (schema `vitrine-state/2`, documented
    /// in Docs/components.md): the screen in front, the navigation stack, the onboarding, the
    /// split sheet of the screen in front, the content sheet, the emitted events and the
    /// callbacks, in order.
    public func state() -> JSONValue {
        func rounded(_ value: Double) -> JSONValue { .number((value * 100).rounded() / 100) }
        let window = self.window
        var members: [(key: String, value: JSONValue)] = [
            ("schema", .string(Self.stateSchema)),
            ("time_ms", .number((window?.lastFrameTime?.presentationTime.milliseconds ?? 0).rounded())),
            ("size", .object([("width", .number(window?.size.width ?? 0)), ("height", .number(window?.size.height ?? 0))])),
            ("scale", .number(window?.scale ?? 1)),
            ("screen", self.frontScreenID.map(JSONValue.string) ?? .null),
            ("language", self.language.map(JSONValue.string) ?? .null),
            ("data_version", .number(Double(self.data.version))),
            ("state", self.model.state == nil ? .null : self.maskedState(self.data.sources[Self.stateSource] ?? .null)),
            ("idle_at_ms", self.idleDeadline.map { .number($0.milliseconds.rounded()) } ?? .null)
        ]
        let navigation = self.navigation
        members.append(
            (
                "navigation",
                .object([
                    ("stack", .array(self.navigationStack.map { .string($0.model.id) })),
                    ("transitioning", .bool(navigation?.isTransitioning ?? false))
                ])
            ))
        if let onboarding = self.onboarding {
            let pager = onboarding.pager
            let current = pager.currentPage as? ScreenView
            members.append(
                (
                    "onboarding",
                    .object([
                        ("showing", .bool(self.isOnboardingShowing)),
                        ("page", current.map { .string($0.model.id) } ?? .null),
                        ("page_index", pager.currentIndex.map { .number(Double($0)) } ?? .null),
                        ("page_count", .number(Double(pager.series.count))),
                        ("on_completed_page", .bool(current != nil && current === onboarding.completedPage)),
                        ("stack_depth", .number(Double(pager.stack.count))),
                        ("transitioning", .bool(pager.isTransitioning))
                    ])
                ))
        } else {
            members.append(("onboarding", .null))
        }
        if let top = self.topScreen, let split = top.splitSheet {
            members.append(
                (
                    "split_sheet",
                    .object([
                        ("screen", .string(top.model.id)),
                        ("sheet", .string(top.model.splitSheet?.screen ?? "")),
                        ("detent", .string(split.detent.rawValue)),
                        ("showing", .bool(split.showing)),
                        ("offset", rounded(split.offset))
                    ])
                ))
        } else {
            members.append(("split_sheet", .null))
        }
        if let sheet = self.contentSheet, sheet.isPresented {
            members.append(
                (
                    "content_sheet",
                    .object([
                        ("presented", .bool(true)),
                        ("screen", self.presentedScreen.map { .string($0.model.id) } ?? .null),
                        ("state", .string(sheet.state.rawValue)),
                        ("visible_height", rounded(sheet.visibleHeight)),
                        ("scroll_offset", rounded(sheet.content.scrollViewToObserve(in: sheet)?.contentOffset ?? 0))
                    ])
                ))
        } else {
            members.append(
                (
                    "content_sheet",
                    .object([
                        ("presented", .bool(false)), ("screen", .null), ("state", .string(ContentSheetState.minimised.rawValue)),
                        ("visible_height", .number(0)), ("scroll_offset", .number(0))
                    ])
                ))
        }
        if let alert = self.alertShowing {
            // Only while one is up, so the dumps of kiosks without alerts are as they were.
            members.append(
                ("alert", .object([("title", .string(alert.titleLabel.text)), ("waiting", .number(Double(self.alertsWaiting)))])))
        }
        members.append(("carousels", self.carouselDump))
        members.append(("focus", self.focusDump))
        members.append(("keyboard", self.keyboardDump))
        members.append(("speech", self.speechDump))
        members.append(("accessibility", self.accessibilityDump))
        members.append(
            (
                "events",
                .array(
                    self.emitted.map { .object([("name", .string($0.name)), ("payload", $0.payload), ("time_ms", .number($0.time.milliseconds.rounded()))]) })
            ))
        members.append(("actions", .array(self.actions.map { .string($0) })))
        members.append(("callbacks", .array(self.callbacks.map { .string($0) })))
        return .object(members)
    }
}
