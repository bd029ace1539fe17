import VitrineCore
import VitrineUI

/// Holds the navigation, the onboarding over it, and presented sheets; all fill the window.
///
/// In reach mode (`SceneController+Reach.swift`) the screens sit `reachOffset` points lower and
/// `reachReturn` fills the room they left at the top. Content sheets stay where they are: they
/// rise from the bottom edge, where a seated visitor reaches them already.
final class SceneRootView: View {
    /// The room reach mode leaves at the top: a tap takes the screens back up.
    let reachReturn: ReachReturnView

    /// How far down the screens are, in points (0 out of reach mode).
    var reachOffset = 0.0 {
        didSet { if oldValue != self.reachOffset { self.setNeedsLayout() } }
    }

    init(reachReturn: ReachReturnView) {
        self.reachReturn = reachReturn
        super.init()
        reachReturn.isHidden = true
        self.addSubview(reachReturn)
    }

    override func layoutSubviews() {
        let bounds = self.bounds
        for view in self.subviews where !(view is ContentSheet) && view !== self.reachReturn {
            view.frame = bounds.offsetBy(dx: 0, dy: self.reachOffset)
        }
        self.reachReturn.frame = Rect(x: 0, y: 0, width: bounds.width, height: max(0, self.reachOffset))
        self.reachReturn.isHidden = self.reachOffset < 1
    }
}
