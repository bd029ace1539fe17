import VitrineCore
import VitrineSystem

/// A RIFF WAVE file of 16-bit PCM mono samples: `vitrine say --wav`, to listen to a voice on
/// another machine or compare two.
///
/// The canonical 44-byte header (Microsoft's "Multimedia Programming Interface and Data
/// Specifications 1.0", 1991, the `fmt ` chunk of `WAVE_FORMAT_PCM`): "RIFF", the size of what
/// follows, "WAVE", a 16-byte `fmt ` chunk (format 1, channels, rate, bytes per second, block
/// align, bits per sample), then the `data` chunk. Every number is little-endian.
public enum WAVFile {
    /// The file's bytes for `samples` at `sampleRate`.
    public static func bytes(samples: [Int16], sampleRate: Int) -> [UInt8] {
        let dataSize = UInt32(samples.count * 2)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + samples.count * 2)
        func append(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) } }
        func append16(_ value: UInt16) {
            bytes.append(UInt8(truncatingIfNeeded: value))
            bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        }
        append("RIFF")
        append32(36 + dataSize)
        append("WAVE")
        append("fmt ")
        append32(16)
        append16(1)  // WAVE_FORMAT_PCM
        append16(1)  // mono
        append32(UInt32(sampleRate))
        append32(UInt32(sampleRate * 2))  // bytes per second
        append16(2)  // bytes per frame
        append16(16)  // bits per sample
        append("data")
        append32(dataSize)
        for sample in samples { append16(UInt16(bitPattern: sample)) }
        return bytes
    }

    /// Writes `samples` to `path` (atomically: a reader never sees half a file).
    /// - Throws: when the file cannot be written, naming it.
    public static func write(samples: [Int16], sampleRate: Int, to path: String) throws(VitrineError) {
        try AtomicFile.write(self.bytes(samples: samples, sampleRate: sampleRate), to: path, durable: false)
    }
}
