/// The speech volume as a gain on the samples.
///
/// The volume (0…1, `SpeechOutput.volume`) is mapped to an amplitude by its cube, as
/// PulseAudio maps its volume sliders (src/pulse/volume.c, `pa_sw_volume_from_linear`: "cubic
/// mapping"): equal steps of the volume keys then sound like roughly equal steps of loudness —
/// each of ten steps down from full is 2.7 dB at the top and larger below, where a linear gain
/// would change almost nothing near full volume and jump to silence near the bottom.
public enum SampleGain {
    /// The amplitude factor for `volume`, clamped to 0…1.
    public static func amplitude(forVolume volume: Double) -> Double {
        let clamped = min(1, max(0, volume.isNaN ? 1 : volume))
        return clamped * clamped * clamped
    }

    /// Writes `source` scaled by `amplitude` into `destination` (as long as `source`).
    public static func apply(_ amplitude: Double, from source: UnsafeBufferPointer<Int16>, into destination: UnsafeMutableBufferPointer<Int16>) {
        let count = min(source.count, destination.count)
        guard let input = source.baseAddress, let output = destination.baseAddress else { return }
        if amplitude >= 1 {
            output.update(from: input, count: count)
            return
        }
        // Q15 fixed point: exact for 1 and 0, within half a step of the sample elsewhere.
        let factor = Int32((amplitude * 32_768).rounded())
        for index in 0..<count {
            output[index] = Int16(truncatingIfNeeded: (Int32(input[index]) &* factor) >> 15)
        }
    }

    /// The largest magnitude among `samples` (0…32,768).
    public static func peak(of samples: UnsafeBufferPointer<Int16>) -> Int {
        var peak = 0
        for sample in samples {
            let magnitude = abs(Int(sample))
            if magnitude > peak { peak = magnitude }
        }
        return peak
    }
}
