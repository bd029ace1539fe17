import Testing
import VitrineCore
import VitrineGestures

/// The pager's drags (BoardingPass's release rules, shared/research/sheets_physics.md §A3), as
/// cases any pager runs: `NavigationStackTests` through the onboarding pager, `CarouselTests`
/// through a carousel. Each starts on the first page of a series of three or more and names the
/// page it ends on.
struct PagerTrace: Sendable, CustomTestStringConvertible {
    let name: String
    let expectedPage: Int
    /// The finger's script for a pager `width` points wide; `at(f)` is the point at fraction f
    /// of its width, at mid height.
    let script: @Sendable (_ width: Double, _ slop: Double, _ at: (Double) -> Point) -> Finger

    var testDescription: String { self.name }

    static let all: [PagerTrace] = [
        PagerTrace(name: "a fast short flick (15% in 150 ms) completes: progress + velocity/width > 0.75", expectedPage: 1) { w, _, at in
            Finger().down(at(0.8)).drag(by: -0.15 * w, 0, ms: 150).up()
        },
        PagerTrace(name: "a slow swipe to 40% released still springs back", expectedPage: 0) { w, slop, at in
            Finger().down(at(0.9)).drag(by: -(0.4 * w + slop), 0, ms: 800).hold(120).up()
        },
        PagerTrace(name: "a still release just past half (53%) completes", expectedPage: 1) { w, slop, at in
            Finger().down(at(0.95)).drag(by: -(0.53 * w + slop), 0, ms: 900).hold(150).up()
        },
        PagerTrace(name: "a still release just before half (47%) goes back", expectedPage: 0) { w, slop, at in
            Finger().down(at(0.95)).drag(by: -(0.47 * w + slop), 0, ms: 900).hold(150).up()
        },
        PagerTrace(name: "past 66% it completes by itself, even when the finger comes back below half", expectedPage: 1) { w, slop, at in
            Finger().down(at(0.95)).drag(by: -(0.73 * w + slop), 0, ms: 500).drag(by: 0.35 * w, 0, ms: 500).hold(120).up()
        },
        PagerTrace(name: "crossing back past where the swipe began freezes it at 0: no turn the other way", expectedPage: 0) { w, _, at in
            Finger().down(at(0.5)).drag(by: -0.2 * w, 0, ms: 200).drag(by: 0.4 * w, 0, ms: 300).up()
        },
        PagerTrace(name: "a finger catches a page springing back and pushes it through", expectedPage: 1) { w, _, at in
            Finger().down(at(0.8)).drag(by: -0.23 * w, 0, ms: 600).hold(120).up().wait(60).down(at(0.55)).drag(by: -0.4 * w, 0, ms: 200).up()
        },
        PagerTrace(name: "forward, then a swipe right comes back to the first page", expectedPage: 0) { w, _, at in
            Finger().down(at(0.8)).drag(by: -0.4 * w, 0, ms: 300).up().wait(700).down(at(0.2)).drag(by: 0.5 * w, 0, ms: 300).up()
        }
    ]
}
