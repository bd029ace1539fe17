// swift-tools-version: 6.0
// libFuzzer targets for every parser an outsider controls, and one for hostile sequences over time
// (Docs/testing.md, "Fuzzing"). A package of its own, depending on Vitrine by path like
// Examples/swift-app, so the root package's `swift build`
// and `swift test` never see it. Built and run by scripts/fuzz.sh:
//
//     swift build --package-path Tests/Fuzz -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
//
// -Xswiftc reaches every Swift target of the build, Vitrine's included, so coverage comes from the
// parsers themselves; it is one option because SwiftPM's `--sanitize=fuzzer --sanitize=address`
// gives swiftc two and it keeps only the last (nothing would have coverage counters), and
// `--sanitize=fuzzer` stays so that SwiftPM leaves `main` to libFuzzer. Each target is one file
// defining `LLVMFuzzerTestOneInput`, built as a library file (no top-level code).
import PackageDescription

/// The fuzz targets (Docs/testing.md, "Fuzzing", says what each drives) and the Vitrine products they need.
let targets: [(String, [String])] = [
    ("fuzz-config", ["VitrineKiosk"]),
    ("fuzz-recording", ["VitrineRuntime"]),
    ("fuzz-touch-script", ["VitrineRuntime"]),
    ("fuzz-png", ["VitrineUI"]),
    ("fuzz-jpeg", ["VitrineUI"]),
    ("fuzz-gif", ["VitrineUI"]),
    ("fuzz-webp", ["VitrineUI"]),
    ("fuzz-calibration", ["VitrineRuntime"]),
    ("fuzz-control", ["VitrineRuntime"]),
    ("fuzz-data", ["VitrineKiosk"]),
    ("fuzz-expression", ["VitrineScene"]),
    ("fuzz-sequence", ["VitrineKiosk"])
]

let package = Package(
    name: "vitrine-fuzz",
    dependencies: [.package(name: "Vitrine", path: "../..")],
    targets: targets.map { name, products in
        .executableTarget(
            name: name,
            dependencies: products.map { .product(name: $0, package: "Vitrine") },
            path: "Sources/\(name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    }
)
