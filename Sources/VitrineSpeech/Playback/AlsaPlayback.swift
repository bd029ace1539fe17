import CAlsa
import Glibc
import VitrineCore

/// 16-bit mono samples played on one ALSA PCM device, for the speech thread.
///
/// The device is a name as `aplay -L` lists them: `default`, `plughw:CARD=Headphones` (a
/// Raspberry Pi's 3.5 mm jack), `hw:1,0`, or `null` (plays nothing, at once: tests and the
/// bench). It is opened blocking, for playback, and set up by `snd_pcm_set_params`: S16_LE, one
/// channel, eSpeak NG's rate, with alsa-lib's software resampling allowed, so a card that only
/// plays 48 kHz stereo takes it too through a `plughw:` name.
///
/// Volume is not the card's mixer: the speech thread scales the samples (`SampleGain`), so it
/// works on every device, a mixer-less USB dongle or `null` included, and never changes what
/// anything else on the card plays.
///
/// Not thread-safe: one thread (the speech thread, or `vitrine say`'s) owns it.
public final class AlsaPlayback {
    /// The device's name as it was opened.
    public let device: String
    public let sampleRate: Int
    /// The frames alsa-lib chose for its buffer and for one period (a quarter of the buffer).
    public let bufferFrames: Int
    public let periodFrames: Int
    private let pcm: OpaquePointer

    /// How much audio the device holds at most: 100 ms (`snd_pcm_set_params`' `latency`, in
    /// µs). What is queued is what an interrupt throws away (`stop()` drops it at once) and what
    /// a busy machine may be late by before the sound breaks up; eSpeak NG hands over samples
    /// about a hundred times faster than they play (its chunks are 49 ms, made in well under a
    /// millisecond on the build machine), so the buffer is full within a few milliseconds of the
    /// first chunk. alsa-lib makes its periods a quarter of this (25 ms): a blocked write returns
    /// within one, so the speech thread notices an interrupt within 25 ms even while writing.
    public static let latencyMicroseconds: UInt32 = 100_000

    /// Opens `device` for 16-bit mono playback at `sampleRate`.
    /// - Throws: a `VitrineError` naming the device, with what to do: an unknown name (list them
    ///   with `aplay -L`), a missing card, no permission (the `audio` group), a device another
    ///   program holds, a device that cannot play this format.
    public init(device: String, sampleRate: Int) throws(VitrineError) {
        AlsaErrorLog.install()
        self.device = device
        self.sampleRate = sampleRate
        var handle: OpaquePointer?
        let opened = snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard opened >= 0, let handle else { throw Self.openFailure(device, -opened) }
        let set = snd_pcm_set_params(handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate), 1, Self.latencyMicroseconds)
        if set < 0 {
            snd_pcm_close(handle)
            throw VitrineError(
                .unsupported, "ALSA device \(QuotedValue.quoted(device)) cannot play 16-bit mono at \(sampleRate) Hz",
                hint: "use a device that converts (its plughw: or default name, as `aplay -L` lists them) and set speech.device",
                cause: SystemError("snd_pcm_set_params", errno: -set))
        }
        var buffer: snd_pcm_uframes_t = 0
        var period: snd_pcm_uframes_t = 0
        snd_pcm_get_params(handle, &buffer, &period)
        self.bufferFrames = Int(buffer)
        self.periodFrames = max(1, Int(period))
        self.pcm = handle
    }

    deinit { snd_pcm_close(self.pcm) }

    /// Writes `samples`, blocking while the device's buffer is full, a period at a time:
    /// `shouldStop` is asked before each period, and a true answer returns at once (the caller
    /// then calls `stop()`). An underrun or a suspend is recovered (`snd_pcm_recover`) and the
    /// write goes on.
    /// - Returns: false when `shouldStop` stopped it.
    /// - Throws: when the device fails for good (unplugged: ENODEV), naming it.
    public func write(_ samples: UnsafeBufferPointer<Int16>, shouldStop: () -> Bool) throws(VitrineError) -> Bool {
        guard let base = samples.baseAddress else { return true }
        var offset = 0
        while offset < samples.count {
            if shouldStop() { return false }
            let count = min(self.periodFrames, samples.count - offset)
            let written = snd_pcm_writei(self.pcm, base + offset, snd_pcm_uframes_t(count))
            if written >= 0 {
                offset += Int(written)
                continue
            }
            let error = Int32(written)
            if error == -EAGAIN { continue }
            // EPIPE (underrun), ESTRPIPE (suspended), EINTR: alsa-lib prepares or resumes the device.
            let recovered = snd_pcm_recover(self.pcm, error, 1)
            if recovered < 0 {
                throw VitrineError(
                    .ioFailure, "ALSA device \(QuotedValue.quoted(self.device)) stopped playing",
                    hint: "check that it is still connected (`aplay -l`); speech opens it again for the next utterance",
                    cause: SystemError("snd_pcm_writei", errno: -error))
            }
        }
        return true
    }

    /// Throws away what the device still holds and makes it ready for the next utterance (an
    /// interrupt: the sound stops within one period of the hardware).
    public func stop() {
        snd_pcm_drop(self.pcm)
        snd_pcm_prepare(self.pcm)
    }

    /// Plays what the device holds to its end, then makes it ready for the next utterance.
    public func drain() {
        let drained = snd_pcm_drain(self.pcm)
        if drained < 0 { snd_pcm_recover(self.pcm, drained, 1) }
        snd_pcm_prepare(self.pcm)
    }

    /// How long the audio written and not yet heard still plays (`snd_pcm_delay`); zero when the
    /// device cannot say.
    public var queuedDuration: Nanoseconds {
        var frames: snd_pcm_sframes_t = 0
        guard snd_pcm_delay(self.pcm, &frames) >= 0, frames > 0 else { return .zero }
        return Nanoseconds(Int64(frames) * 1_000_000_000 / Int64(self.sampleRate))
    }

    /// The error for a device `snd_pcm_open` refused with `errno`.
    static func openFailure(_ device: String, _ errno: Int32) -> VitrineError {
        let cause = SystemError("snd_pcm_open", errno: errno)
        let name = QuotedValue.quoted(device)
        let choose = "list the devices with `aplay -L` and set speech.device (`vitrine say --device NAME` tries one)"
        switch errno {
        case EACCES, EPERM:
            return VitrineError(.permissionDenied, "cannot open ALSA device \(name)", hint: "add the vitrine user to the audio group", cause: cause)
        case EBUSY:
            return VitrineError(
                .busy, "cannot open ALSA device \(name)",
                hint: "another program is playing on it: stop it, or use a device that mixes (`default`, or dmix:CARD=… as `aplay -L` lists them)",
                cause: cause)
        case ENOENT, ENODEV, ENXIO:
            return VitrineError(.notFound, "cannot open ALSA device \(name)", hint: choose, cause: cause)
        default:
            return VitrineError(.ioFailure, "cannot open ALSA device \(name)", hint: choose, cause: cause)
        }
    }
}
