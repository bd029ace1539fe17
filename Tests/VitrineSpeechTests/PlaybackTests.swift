import Testing
import VitrineCore
import VitrineSpeech

@Suite("Samples: gain and WAV files")
struct PlaybackTests {
    @Test("the volume is a cubed gain: full is the samples, zero silence, a half an eighth")
    func gain() {
        #expect(SampleGain.amplitude(forVolume: 1) == 1)
        #expect(SampleGain.amplitude(forVolume: 0) == 0)
        #expect(SampleGain.amplitude(forVolume: 0.5) == 0.125)
        #expect(SampleGain.amplitude(forVolume: 7) == 1)
        #expect(SampleGain.amplitude(forVolume: -1) == 0)
        let source: [Int16] = [32_767, -32_768, 1_000, -8, 0]
        var output = [Int16](repeating: 99, count: 5)
        for (volume, expected) in [(1.0, source), (0.0, [0, 0, 0, 0, 0]), (0.5, [4_095, -4_096, 125, -1, 0])] as [(Double, [Int16])] {
            source.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { SampleGain.apply(SampleGain.amplitude(forVolume: volume), from: input, into: $0) }
            }
            #expect(output == expected, "volume \(volume)")
        }
        #expect(source.withUnsafeBufferPointer { SampleGain.peak(of: $0) } == 32_768)
    }

    @Test("a WAV file has the canonical 44-byte header and the samples little-endian")
    func wav() {
        let bytes = WAVFile.bytes(samples: [1, -2, 0x0304], sampleRate: 22_050)
        #expect(bytes.count == 44 + 6)
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
        #expect(Array(bytes[4..<8]) == [42, 0, 0, 0])
        #expect(Array(bytes[8..<16]) == Array("WAVEfmt ".utf8))
        #expect(Array(bytes[16..<24]) == [16, 0, 0, 0, 1, 0, 1, 0])
        // 22,050 Hz, 44,100 bytes a second, 2 bytes a frame, 16 bits.
        #expect(Array(bytes[24..<36]) == [0x22, 0x56, 0, 0, 0x44, 0xAC, 0, 0, 2, 0, 16, 0])
        #expect(Array(bytes[36..<44]) == Array("data".utf8) + [6, 0, 0, 0])
        #expect(Array(bytes[44...]) == [1, 0, 0xFE, 0xFF, 4, 3])
    }
}
