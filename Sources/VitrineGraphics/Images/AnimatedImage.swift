import VitrineCore
import VitrineSystem

/// The frames of an animated GIF or WebP, each composed whole (disposal and transparency
/// applied) and decoded at the size shown (`ImageStore.coverSize`), with how long each is
/// shown and how many times the animation plays.
///
/// Every frame is kept decoded, so the frames of one animation are bounded
/// (`maximumDecodedBytes`, `maximumFrameCount`, `maximumDecodeWork`): the sizes come from the
/// file's headers, checked before any frame is decoded; an animation past a bound is shown as
/// a still of its first frame and `DecodedImage.warning` says why (check-config shows it).
public final class AnimatedImage {
    /// The frames in order, each the whole picture at the size shown.
    public let frames: [PixelBuffer]
    /// How long each frame is shown, in milliseconds, after the browsers' rule (`duration`).
    public let durations: [Int]
    /// How many times the whole animation is shown; nil for ever. GIF: one without a NETSCAPE2.0
    /// loop extension, the loop count plus one with it (the count is of repeats after the first
    /// play; 0 is for ever), as browsers do (Blink `GIFImageReader`). WebP: the ANIM chunk's loop
    /// count is the number of plays, 0 for ever (WebP container spec; Blink's
    /// `WebPImageDecoder::RepetitionCount` subtracts one to get repeats).
    public let plays: Int?

    public init(frames: [PixelBuffer], durations: [Int], plays: Int?) {
        precondition(!frames.isEmpty && frames.count == durations.count)
        self.frames = frames
        self.durations = durations
        self.plays = plays.map { max(1, $0) }
    }

    /// The decoded frames of one animation take at most this many bytes (64 MiB): 100 frames of
    /// 400×400, or eight of a 1080p screen. Five such animations on screen are a third of a
    /// 1 GB board (a Raspberry Pi 3), beside the 8 MB a screen's buffers take; an animation
    /// that needs more is a video, not an image. Past it the file is shown as a still.
    public static let maximumDecodedBytes = 64 << 20

    /// At most this many frames are animated (1,000: 40 s at 25 frames a second, more than any
    /// kiosk's animated sign; each frame is a timer wake-up and a record). Past it the file is
    /// shown as a still.
    public static let maximumFrameCount = 1000

    /// Decoding an animation composes every frame on its full canvas and reduces it to the
    /// size shown: at most this many canvas pixels in all (2²⁸, about 268 million: a second or
    /// two on the build machine, a few on a Cortex-A53), so a small file whose frames each
    /// cover a huge canvas cannot hold the loop for minutes. Past it the file is shown as a
    /// still.
    public static let maximumDecodeWork = 1 << 28

    /// Frames that ask for 10 ms or less are shown for 100 ms, as every browser does:
    /// "Many annoying ads specify a 0 duration to make an image flash as quickly as possible.
    /// We follow Firefox's behavior and use a duration of 100 ms for any frames that specify a
    /// duration of <= 10 ms" (WebKit `ImageDecoderCG::frameDurationAtIndex`, Blink
    /// `DeferredImageDecoder::FrameDurationAtIndex`; webkit.org/b/36082).
    public static let shortestHonouredDelay = 11
    /// What a frame of `shortestHonouredDelay` or less is shown for, in milliseconds.
    public static let replacedDelay = 100

    /// The time a frame asking for `milliseconds` is shown for (see `shortestHonouredDelay`).
    public static func duration(milliseconds: Int) -> Int {
        milliseconds < Self.shortestHonouredDelay ? Self.replacedDelay : milliseconds
    }

    /// One play of every frame, in milliseconds.
    public var cycleDuration: Int { self.durations.reduce(0, +) }

    /// The picture `canvas` holds, as one frame at `shown` (area-averaged when smaller,
    /// `ImageReduction`), opaque (`xrgb8888`) when every pixel is, so an opaque animation lets
    /// the compositor skip what is under it as a JPEG does.
    static func frame(of canvas: PixelBuffer, shown: PixelSize) -> PixelBuffer {
        let picture = shown == canvas.size ? canvas.copy() : ImageReduction.reduce(canvas, to: shown)
        for y in 0..<picture.height {
            let row = picture.row(y)
            for x in 0..<picture.width where row[x] >> 24 != 0xFF { return picture }
        }
        let opaque = PixelBuffer(size: picture.size, format: .xrgb8888)
        opaque.copy(picture.bounds, from: picture)
        return opaque
    }

    /// Why an animation of `frameCount` frames on a `canvas` shown at `shown` cannot be kept
    /// (the message names the bound and what to do), or nil when it can. `extraWork` adds
    /// pixels decoded besides the canvases (a GIF's frame rectangles).
    public static func refusal(frameCount: Int, canvas: PixelSize, shown: PixelSize, extraWork: Int = 0) -> String? {
        if frameCount > Self.maximumFrameCount {
            return "it has more than \(Self.maximumFrameCount) frames, the most animated; only its first frame is shown (cut it shorter)"
        }
        let frameBytes = shown.width * shown.height * 4
        let (bytes, overflow) = frameBytes.multipliedReportingOverflow(by: frameCount)
        if overflow || bytes > Self.maximumDecodedBytes {
            return "its \(frameCount) frames at \(shown.width)x\(shown.height) take \(overflow ? "exabytes" : MemoryHeadroom.size(bytes)) decoded, "
                + "more than the \(MemoryHeadroom.size(Self.maximumDecodedBytes)) an animation may keep; only its first frame is shown "
                + "(make it smaller or shorter, or show fewer frames)"
        }
        let (work, workOverflow) = (canvas.width * canvas.height).multipliedReportingOverflow(by: frameCount)
        if workOverflow || work + extraWork > Self.maximumDecodeWork {
            return "its \(frameCount) frames each cover a \(canvas.width)x\(canvas.height) canvas, more than "
                + "\(Self.maximumDecodeWork / 1_000_000) million pixels to decode in all; only its first frame is shown (make it smaller or shorter)"
        }
        return nil
    }
}
