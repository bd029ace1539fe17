import VitrineCore
import VitrineGestures

/// A bottom sheet (vertical drag) holding a horizontal pager (horizontal drag) whose page has a
/// button (tap) at x 150–250, y 280–320: the gesture wiring the UI module will do, reduced to
/// the numbers it moves.
final class SheetWithPager {
    let sheetDrag: PanGestureRecognizer
    let pagerDrag: PanGestureRecognizer
    let buttonTap: TapGestureRecognizer
    var arena: GestureArena!

    var sheetOffset = 0.0
    var pageOffset = 0.0
    var presses = 0
    var sheetRelease: GestureVector?
    var pageRelease: GestureVector?
    /// Every state change, as "sheet began", "pager cancelled", "button ended".
    var log: [String] = []

    private var sheetGrab = 0.0
    private var pageGrab = 0.0

    init(metrics: GestureMetrics = GestureMetrics()) {
        self.sheetDrag = PanGestureRecognizer(axis: .vertical, metrics: metrics)
        self.pagerDrag = PanGestureRecognizer(axis: .horizontal, metrics: metrics)
        self.buttonTap = TapGestureRecognizer(metrics: metrics)
        self.arena = GestureArena { [unowned self] contact in
            let onButton = (150.0...250.0).contains(contact.x) && (280.0...320.0).contains(contact.y)
            return onButton ? [self.buttonTap, self.pagerDrag, self.sheetDrag] : [self.pagerDrag, self.sheetDrag]
        }
        self.sheetDrag.onChange = { [unowned self] pan in
            self.log.append("sheet \(pan.state)")
            switch pan.state {
            case .began: self.sheetGrab = self.sheetOffset
            case .changed: self.sheetOffset = self.sheetGrab + pan.translation.y
            case .ended: self.sheetRelease = pan.velocity
            default: break
            }
        }
        self.pagerDrag.onChange = { [unowned self] pan in
            self.log.append("pager \(pan.state)")
            switch pan.state {
            case .began: self.pageGrab = self.pageOffset
            case .changed: self.pageOffset = self.pageGrab + pan.translation.x
            case .ended: self.pageRelease = pan.velocity
            default: break
            }
        }
        self.buttonTap.onChange = { [unowned self] tap in
            self.log.append("button \(tap.state)")
            if tap.state == .ended { self.presses += 1 }
        }
    }

    func play(_ frames: [TouchFrame]) {
        for frame in frames { self.arena.handle(frame) }
    }
}
