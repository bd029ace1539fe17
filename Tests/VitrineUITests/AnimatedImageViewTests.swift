import Testing
import VitrineCore
import VitrineGraphics
import VitrineUI

/// An `ImageView` playing Tests/Images/animated.gif (4×4; frames of 50, 100, 200 and 100 ms;
/// three plays) in a window on a manual clock: each frame is on screen from its time, damages
/// only the view, and nothing ticks while the view cannot be seen.
@Suite("Animated image view")
struct AnimatedImageViewTests {
    static func animation() throws -> AnimatedImage {
        // Tests/VitrineUITests/<this file> → Tests/Images.
        let folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
        return try #require(try ImageStore().animation(at: folder + "/Images/animated.gif"))
    }

    /// A 200×200-point view (100×100 pixels: each image pixel 25 pixels square) at (100, 100)
    /// on a white window, shown and drawn.
    static func stage() throws -> (Stage, ImageView, Recorder) {
        let stage = Stage()
        stage.root.backgroundColor = .white
        let view = ImageView(animation: try Self.animation(), scaleMode: .stretch, frame: Rect(x: 100, y: 100, width: 200, height: 200))
        let recorder = Recorder()
        stage.window.present = { _, damage in recorder.damages.append(damage.bounds) }
        stage.root.addSubview(view)
        stage.settle()
        return (stage, view, recorder)
    }

    final class Recorder {
        var damages: [PixelRect] = []
    }

    /// The colour on screen at the centre of image pixel (x, y), snapped to the nearest of the
    /// test's colours (the scaling filter blends a few levels of the neighbours in: 0xFF03FB00).
    static func colour(_ stage: Stage, _ x: Int, _ y: Int) -> UInt32 {
        let pixel = stage.window.compositor.frame[50 + x * 25 + 12, 50 + y * 25 + 12]
        func distance(_ colour: UInt32) -> Int {
            [0, 8, 16].reduce(0) { $0 + abs(Int((pixel >> UInt32($1)) & 0xFF) - Int((colour >> UInt32($1)) & 0xFF)) }
        }
        let nearest = [Self.red, Self.green, Self.blue, Self.white].min { distance($0) < distance($1) }!
        return distance(nearest) <= 12 ? nearest : pixel
    }

    static let red: UInt32 = 0xFFFF_0000
    static let green: UInt32 = 0xFF00_FF00
    static let blue: UInt32 = 0xFF00_00FF
    static let white: UInt32 = 0xFFFF_FFFF

    @Test("each frame is on screen from its time, damaging only the view, for three plays")
    func framesAtTheirTimes() throws {
        let (stage, view, recorder) = try Self.stage()
        let start = stage.loop.now
        func at(_ ms: Double) { stage.loop.advance(to: start + .milliseconds(ms)) }
        #expect(Self.colour(stage, 0, 0) == Self.red && Self.colour(stage, 1, 1) == Self.red)
        recorder.damages = []
        at(49)
        #expect(view.animationFrameIndex == 0 && recorder.damages.isEmpty)
        // Frame 2 at 50 ms: green 2×2 at (1, 1), its top-right pixel transparent over red.
        at(50 + 17)
        #expect(view.animationFrameIndex == 1)
        #expect(Self.colour(stage, 1, 1) == Self.green && Self.colour(stage, 2, 1) == Self.red && Self.colour(stage, 0, 0) == Self.red)
        // Only the view's own 100×100 pixels were damaged.
        #expect(recorder.damages == [PixelRect(x: 50, y: 50, width: 100, height: 100)])
        at(149)
        #expect(view.animationFrameIndex == 1)
        // Frame 3 at 150 ms: frame 2 restored, then blue at (0, 0).
        at(150 + 17)
        #expect(Self.colour(stage, 0, 0) == Self.blue && Self.colour(stage, 1, 1) == Self.red)
        // Frame 4 at 350 ms: (0, 0) cleared to transparent (the white window shows), green at (3, 3).
        at(350 + 17)
        #expect(Self.colour(stage, 0, 0) == Self.white && Self.colour(stage, 3, 3) == Self.green)
        // The second play from 450 ms.
        at(450 + 17)
        #expect(view.animationFrameIndex == 0 && Self.colour(stage, 0, 0) == Self.red)
        // Three plays of 450 ms: the last frame stays from 1,250 ms, and nothing ticks after.
        at(1_250 + 17)
        #expect(view.animationFrameIndex == 3)
        let frames = stage.window.framesRendered
        at(10_000)
        #expect(view.animationFrameIndex == 3 && stage.window.framesRendered == frames)
        #expect(stage.loop.nextDeadline == nil)
    }

    @Test("a hidden, off-screen or removed animation asks for no frame and sets no timer, and plays again when seen")
    func hiddenCostsNoFrames() throws {
        let (stage, view, _) = try Self.stage()
        let start = stage.loop.now
        func at(_ ms: Double) { stage.loop.advance(to: start + .milliseconds(ms)) }
        let ways: [(String, () -> Void, () -> Void)] = [
            ("hidden", { view.isHidden = true }, { view.isHidden = false }),
            ("off screen", { view.frame.origin.x = 2_000 }, { view.frame.origin.x = 100 }),
            ("out of the window", { view.removeFromSuperview() }, { stage.root.addSubview(view) })
        ]
        var now = 0.0
        for (way, hide, show) in ways {
            hide()
            now += 20
            at(now)
            // The frame that hid it is drawn; the timer that comes due finds it unseen and parks.
            now += 500
            at(now)
            let frames = stage.window.framesRendered
            let index = view.animationFrameIndex
            now += 5_000
            at(now)
            #expect(stage.window.framesRendered == frames, "\(way)")
            #expect(stage.loop.nextDeadline == nil, "\(way)")
            #expect(view.animationFrameIndex == index, "\(way)")
            #expect(!view.isSeen, "\(way)")
            // Shown again: the frame it stopped on gets its whole time, then the next.
            show()
            now += 17
            at(now)
            #expect(view.isSeen && stage.loop.nextDeadline != nil, "\(way)")
            now += 200 + 17
            at(now)
            #expect(view.animationFrameIndex != index, "\(way)")
        }
    }

    @Test("a blanked display draws no frame, dark or not, for an animation; waking plays it again")
    func blankedCostsNoFrames() throws {
        let (stage, view, _) = try Self.stage()
        let clock = try #require(stage.window.frameClock)
        let start = stage.loop.now
        func at(_ ms: Double) { stage.loop.advance(to: start + .milliseconds(ms)) }
        // As FramePause does when the panel blanks.
        clock.pause()
        at(100)
        let frames = stage.window.framesRendered
        let last = stage.window.lastFrameTime
        let index = view.animationFrameIndex
        at(10_000)
        #expect(stage.window.framesRendered == frames && stage.window.lastFrameTime == last)
        #expect(!clock.frameRequested && stage.loop.nextDeadline == nil)
        #expect(view.animationFrameIndex == index)
        // Waking: the queue resumes and the whole window is drawn again, which wakes the animation.
        clock.resume()
        stage.window.compositor.setNeedsFullRedraw()
        stage.window.setNeedsFrame()
        at(10_017)
        #expect(view.isSeen && stage.loop.nextDeadline != nil)
        at(10_017 + 210)
        #expect(view.animationFrameIndex != index)
    }

    @Test("an animation behind what holds the focus in front (a sheet) is not seen, and plays once that goes")
    func behindFocusScope() throws {
        let (stage, view, _) = try Self.stage()
        let sheet = View(frame: Rect(x: 0, y: 400, width: 1280, height: 400))
        stage.root.addSubview(sheet)
        stage.window.focusScope = { sheet }
        stage.loop.advance(by: .milliseconds(17))
        #expect(!view.isSeen)
        stage.loop.advance(by: .seconds(5))
        #expect(stage.loop.nextDeadline == nil)
        let index = view.animationFrameIndex
        sheet.removeFromSuperview()
        stage.window.focusScope = nil
        stage.loop.advance(by: .milliseconds(17))
        #expect(view.isSeen && stage.loop.nextDeadline != nil)
        stage.loop.advance(by: .milliseconds(217))
        #expect(view.animationFrameIndex != index)
    }

    @Test("an animation in a clipping view scrolled out of it is not seen")
    func clippedOut() throws {
        let stage = Stage()
        let clip = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        clip.clipsToBounds = true
        let view = ImageView(animation: try Self.animation(), frame: Rect(x: 0, y: 400, width: 100, height: 100))
        clip.addSubview(view)
        stage.root.addSubview(clip)
        stage.settle()
        #expect(!view.isSeen)
        stage.loop.advance(by: .seconds(5))
        #expect(stage.loop.nextDeadline == nil && view.animationFrameIndex == 0)
        view.frame.origin.y = 100
        stage.loop.advance(by: .milliseconds(17))
        #expect(view.isSeen)
        stage.loop.advance(by: .milliseconds(60))
        #expect(view.animationFrameIndex == 1)
    }
}
