import VitrineCore
import VitrineUI

extension KioskScene {
    /// The state dump `vitrine replay --state-out` writes (schema `vitrine-state/1`, documented
    /// in Docs/components.md): which screen shows, each component's state, the buttons' taps and
    /// every callback in order.
    public func state() -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("schema", .string("vitrine-state/1")),
            ("time_ms", .number((self.window.lastFrameTime?.presentationTime.milliseconds ?? 0).rounded())),
            ("size", .object([("width", .number(self.window.size.width)), ("height", .number(self.window.size.height))])),
            ("scale", .number(self.window.scale)),
            ("screen", .string(self.screen.rawValue)),
        ]
        if let pager = self.pager {
            let completed = pager.currentPage === pager.pages.last.flatMap { pager.nextPage(after: $0) }
            members.append(("onboarding", .object([
                ("page_index", pager.currentIndex.map { .number(Double($0)) } ?? .null),
                ("page_count", .number(Double(pager.pages.count))),
                ("on_completed_page", .bool(completed)),
                ("stack_depth", .number(Double(pager.stack.count))),
                ("transitioning", .bool(pager.isTransitioning)),
            ])))
        } else {
            members.append(("onboarding", .null))
        }
        members.append(("split_sheet", .object([
            ("detent", .string(self.splitSheet.detent.rawValue)),
            ("showing", .bool(self.splitSheet.showing)),
            ("offset", .number((self.splitSheet.offset * 100).rounded() / 100)),
        ])))
        if let sheet = self.contentSheet {
            members.append(("content_sheet", .object([
                ("presented", .bool(sheet.isPresented)),
                ("state", .string(sheet.state.rawValue)),
                ("visible_height", .number((sheet.visibleHeight * 100).rounded() / 100)),
                ("scroll_offset", .number(((sheet.content.scrollViewToObserve(in: sheet)?.contentOffset ?? 0) * 100).rounded() / 100)),
            ])))
        } else {
            members.append(("content_sheet", .object([("presented", .bool(false)), ("state", .string(ContentSheetState.minimised.rawValue)), ("visible_height", .number(0)), ("scroll_offset", .number(0))])))
        }
        members.append(("buttons", .array(self.buttons.map { .object([("title", .string($0.title)), ("taps", .number(Double($0.actionCount)))]) })))
        members.append(("callbacks", .array(self.callbacks.map { .string($0) })))
        return .object(members)
    }
}
