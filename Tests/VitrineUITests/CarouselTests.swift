import Testing
import VitrineCore
import VitrineGestures
import VitrineUI

/// A carousel of labelled coloured pages filling a stage.
final class CarouselFixture {
    let stage = Stage()
    let pages: [View]
    let carousel: CarouselView
    var changes: [Int] = []

    init(count: Int = 3, interval: Double? = nil, loops: Bool = true) {
        self.pages = (0..<count).map { index in
            let page = View()
            page.backgroundColor = Color(white: 0.2 + 0.2 * Double(index % 4))
            let label = Label(text: "Page \(index + 1)")
            page.addSubview(label)
            label.frame = Rect(x: 40, y: 40, width: 400, height: 60)
            return page
        }
        self.carousel = CarouselView(pages: self.pages, interval: interval, loops: loops)
        self.carousel.onPageChange = { [unowned self] index in self.changes.append(index) }
        self.stage.show(self.carousel)
    }

    var current: Int { self.carousel.currentIndex }
    var width: Double { self.carousel.bounds.width }
    var slop: Double { GestureMetrics().touchSlop }
    func at(_ fraction: Double) -> Point { Point(x: self.width * fraction, y: self.carousel.bounds.height / 2) }
    var now: MonotonicTime { self.stage.loop.now }

    /// Advances the manual clock to `time`, then lets the slide that started finish.
    func run(to time: MonotonicTime) {
        self.stage.loop.advance(to: time)
        self.stage.settle()
    }
}

@Suite("Carousel: the pager's release rules, auto-advance on the manual clock, keys and speech")
struct CarouselTests {
    @Test("the pager's drags turn a carousel exactly as they turn the pager", arguments: PagerTrace.all)
    func trace(_ trace: PagerTrace) {
        let f = CarouselFixture()
        f.stage.play(trace.script(f.width, f.slop, f.at))
        #expect(f.current == trace.expectedPage)
        #expect(!f.carousel.pager.isTransitioning)
        #expect(f.carousel.pager.stack.count == 1, "the carousel keeps only the page in front")
    }

    @Test("a swipe right on the first page shows the last when it loops; without loop it stays; past the last comes the first")
    func loopsAtTheEnds() {
        let looping = CarouselFixture()
        looping.stage.play(Finger().down(looping.at(0.2)).drag(by: 0.5 * looping.width, 0, ms: 300).up())
        #expect(looping.current == 2)
        looping.stage.play(Finger().down(looping.at(0.8)).drag(by: -0.5 * looping.width, 0, ms: 300).up())
        #expect(looping.current == 0)
        #expect(looping.changes == [2, 0])

        let stopping = CarouselFixture(loops: false)
        stopping.stage.play(Finger().down(stopping.at(0.2)).drag(by: 0.5 * stopping.width, 0, ms: 300).up())
        #expect(stopping.current == 0)
        for _ in 0..<3 { stopping.stage.play(Finger().down(stopping.at(0.8)).drag(by: -0.5 * stopping.width, 0, ms: 300).up().wait(600)) }
        #expect(stopping.current == 2)
        #expect(stopping.changes == [1, 2])
    }

    @Test("auto-advance turns a page at each interval, not before, and loops round")
    func autoAdvance() throws {
        let f = CarouselFixture(interval: 6)
        let first = try #require(f.carousel.nextCheck)
        #expect(abs((first - f.now).seconds - 6) < 0.1, "due an interval after it was laid out")
        f.run(to: first - .milliseconds(5))
        #expect(f.current == 0)
        f.run(to: first)
        #expect(f.current == 1)
        #expect(f.carousel.nextCheck == first + .seconds(6))
        f.run(to: first + .seconds(6))
        #expect(f.current == 2)
        f.run(to: first + .seconds(12))
        #expect(f.current == 0, "after the last, the first")
        #expect(f.carousel.autoAdvances == 3)
        #expect(f.changes == [1, 2, 0])
    }

    @Test("without loop the slideshow stops at the last page; a touch starts the count again")
    func stopsAtTheEnd() throws {
        let f = CarouselFixture(interval: 2, loops: false)
        f.run(to: f.now + .seconds(10))
        #expect(f.current == 2)
        #expect(f.carousel.autoAdvances == 2)
        #expect(!f.carousel.isAutoAdvancing)
        f.stage.play(Finger().down(f.at(0.2)).drag(by: 0.5 * f.width, 0, ms: 300).up())
        #expect(f.current == 1)
        #expect(f.carousel.isAutoAdvancing)
        f.run(to: try #require(f.carousel.nextCheck))
        #expect(f.current == 2)
    }

    @Test("a finger held on it pauses the slideshow; the next turn comes one interval after the lift")
    func pausesWhileTouched() throws {
        let f = CarouselFixture(interval: 6)
        let first = try #require(f.carousel.nextCheck)
        f.run(to: first - .seconds(1))
        let finger = Finger().down(f.at(0.5)).hold(9000).up()
        f.stage.play(finger, settle: false)
        let lift = f.now
        #expect(f.current == 0, "nothing turned under the finger")
        #expect(f.carousel.autoAdvances == 0)
        f.run(to: lift + .seconds(5.7))
        #expect(f.current == 0, "nor just after it lifted")
        f.run(to: lift + .seconds(6 + CarouselView.touchPoll))
        #expect(f.current == 1)
        #expect(f.carousel.autoAdvances == 1)
    }

    @Test("a swipe that turns a page restarts the count: the chosen page gets a whole interval")
    func swipeRestartsTheCount() throws {
        let f = CarouselFixture(interval: 6)
        let first = try #require(f.carousel.nextCheck)
        f.run(to: first - .seconds(2))
        f.stage.play(Finger().down(f.at(0.8)).drag(by: -0.5 * f.width, 0, ms: 300).up())
        #expect(f.current == 1)
        let next = try #require(f.carousel.nextCheck)
        #expect((next - f.now).seconds > 5.5, "due \((next - f.now).seconds) s after the swipe settled")
        f.run(to: first + .seconds(1))
        #expect(f.current == 1)
        f.run(to: next)
        #expect(f.current == 2)
    }

    @Test("off screen (taken out of the window, hidden, behind a sheet, or the panel blank) it turns nothing and asks for no frame")
    func hiddenCostsNoFrames() throws {
        let f = CarouselFixture(interval: 6)
        let window = f.stage.window
        let holder = try #require(f.carousel.superview)

        f.carousel.removeFromSuperview()
        f.stage.settle()
        var frames = window.framesRendered
        f.run(to: f.now + .seconds(60))
        #expect(window.framesRendered == frames, "pushed under: no frame in a minute")
        #expect(f.current == 0)
        #expect(f.carousel.isAutoAdvancing, "its timer goes on, to find it shown again")

        holder.addSubview(f.carousel)
        f.carousel.pinToEdges()
        f.stage.settle()
        let shown = f.now
        f.run(to: shown + .seconds(5.9))
        #expect(f.current == 0, "shown again: the page gets a whole interval")
        f.run(to: shown + .seconds(12.1))
        #expect(f.current == 1)

        f.carousel.isHidden = true
        f.stage.settle()
        frames = window.framesRendered
        f.run(to: f.now + .seconds(60))
        #expect(window.framesRendered == frames, "hidden: no frame")
        #expect(f.current == 1)
        f.carousel.isHidden = false
        f.stage.settle()

        let sheet = View()
        f.stage.root.addSubview(sheet)
        window.focusScope = { sheet }
        f.stage.settle()
        frames = window.framesRendered
        f.run(to: f.now + .seconds(60))
        #expect(window.framesRendered == frames, "behind a sheet holding the focus: no frame")
        #expect(f.current == 1)
        window.focusScope = nil
        sheet.removeFromSuperview()
        f.stage.settle()

        let clock = try #require(window.frameClock)
        clock.pause()
        frames = window.framesRendered
        f.run(to: f.now + .seconds(60))
        #expect(window.framesRendered == frames, "panel blank: no frame")
        #expect(f.current == 1)
        clock.resume()
        f.run(to: f.now + .seconds(12.1))
        #expect(f.current == 2, "lit again, it turns again")
    }

    @Test("focused, the arrow keys turn the pages and speech says \"page 2 of 3\" with the page's text")
    func keysAndSpeech() {
        let f = CarouselFixture(interval: 6, loops: false)
        let window = f.stage.window
        #expect(window.focusChain.contains { $0 === f.carousel })
        window.focus(f.carousel, showingRing: true)
        window.handle(KeyEvent(.right))
        f.stage.settle()
        #expect(f.current == 1)
        let phrases = AccessibilityPhrases(language: "en")
        #expect(SpokenDescription.text(for: f.carousel, phrases: phrases) == "Page 2, page 2 of 3")
        #expect(SpokenDescription.text(for: f.carousel, phrases: AccessibilityPhrases(language: "de")) == "Page 2, Seite 2 von 3")
        window.handle(KeyEvent(.left))
        f.stage.settle()
        #expect(f.current == 0)
        window.handle(KeyEvent(.left))
        f.stage.settle()
        #expect(f.current == 0, "the first page without loop: left is the window's (it moves the focus)")
    }

    @Test("the dots keep 3:1 (WCAG 1.4.11) on their capsule over a black or a white photo, in both palettes")
    func dotsContrast() {
        for palette in Theme.Palette.allCases {
            let theme = Theme(palette: palette)
            for photo in [Color.black, Color.white] {
                let capsule = theme.surface.withOpacity(CarouselView.capsuleOpacity).composited(over: photo)
                let dim = theme.secondaryLabel.contrastRatio(with: capsule)
                let current = theme.label.contrastRatio(with: capsule)
                #expect(dim >= 3, "\(palette) over \(photo): other dots \(dim):1")
                #expect(current >= 4.5, "\(palette) over \(photo): current dot \(current):1")
            }
        }
    }
}
