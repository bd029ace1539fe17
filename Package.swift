// swift-tools-version: 6.0
// Vitrine: a touch-kiosk UI runtime for Linux (DRM/KMS, libinput, software rendering).
//
// Dependency direction (lower never imports higher; a target imports only targets above it here):
//   C modules (one systemLibrary per Debian -dev package, found by pkg-config), CVitrineShims and
//   CSDL2 (SDL 2's headers; the library loaded at run time by the preview only)
//   VitrineCore (Glibc only)
//   VitrineSystem ← Core, CVitrineShims
//   VitrineMotion, VitrineGestures ← Core; VitrineUdev ← Core, CUdev
//   VitrineGraphics ← Core, System, CPNG, CPixman, CTurboJPEG, CGIF, CWebP, CFreeType, CHarfBuzz, CFontconfig, CQRencode
//     (libqrencode stays there: `QRCode` turns a text into modules, which the QR view in UI draws
//     and check-config in Kiosk measures; UI imports no C module)
//   VitrineHeadless ← Core, System, Graphics; VitrineCalibration ← Core, System
//   VitrineDRM ← Core, System, Udev, CDRM, CVitrineShims
//   VitrineKeys ← Core, System, CXkbcommon (libxkbcommon stays there)
//   VitrineLibinput ← Core, System, Udev, Calibration, Keys, CLibinput, CUdev
//   VitrineReplay ← Core, System, Calibration, Keys, CYAML (libyaml stays there)
//   VitrineSpeech ← Core, System, CEspeakNG, CAlsa, CVitrineShims (eSpeak NG and ALSA stay there)
//   VitrineUI ← Core, Graphics, Motion, Gestures; VitrineScene ← Core, Graphics, Motion, UI
//   VitrineRuntime ← Core, System, Graphics, Headless, Udev, DRM, Calibration, Libinput, Replay, Keys, Speech, UI, Gestures, CVitrineShims
//   VitrineKiosk ← Core, System, Graphics, Udev, DRM, Calibration, Libinput, Keys, UI, Scene, Runtime
//   VitrineDesktop ← Core, CSDL2 (the preview window)
//   VitrineBench ← Core, System, Graphics, Motion, Headless, UI, Scene, Runtime, Kiosk, Speech, CPixman, CTurboJPEG
//   VitrineCLI ← Kiosk, Bench, Desktop, Runtime, Speech and the modules they are made of → vitrine
//   VitrineTestSupport ← Core, System, Graphics (for the test targets only)
//   HarbourKiosk, harbour-kiosk ← Core, Graphics, Scene, UI, Runtime, System (Examples/swift-app)
// Each target declares exactly the modules it imports (scripts/check-imports.py checks it).
// Every C library comes from a Debian package found by pkg-config (giflib, which ships no .pc file,
// by its header in the default include path and `link "gif"`); no Swift package is fetched.

import PackageDescription

/// Flags for every Swift target: the hot pixel loops rely on -O from release builds; nothing here
/// loosens safety checks (see Docs/architecture.md, "Performance").
let swiftSettings: [SwiftSetting] = []

/// The renderer's pixel loops (blur, compositing, glyphs, damage regions in Core) are optimised
/// even in debug builds:
/// unoptimised they are 20–50× slower, and the tests draw thousands of frames through them (a
/// content sheet's blurred backdrop is upsampled on every frame it moves). `-O` keeps every
/// safety check; only the speed changes.
let pixelLoopSettings: [SwiftSetting] = swiftSettings + [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Vitrine",
    products: [
        .executable(name: "vitrine", targets: ["vitrine"]),
        // The public surface (Docs/app.md): the toolkit, the scene model, the runtime, the config kiosk.
        // VitrineUI brings the modules its API is made of: geometry, colours and errors (Core),
        // canvas, images and text (Graphics), gestures and motion.
        .library(name: "VitrineUI", targets: ["VitrineUI", "VitrineCore", "VitrineGraphics", "VitrineGestures", "VitrineMotion"]),
        .library(name: "VitrineScene", targets: ["VitrineScene"]),
        // The runtime and the loop it runs on (`EpollEventLoop`, VitrineSystem).
        .library(name: "VitrineRuntime", targets: ["VitrineRuntime", "VitrineSystem"]),
        .library(name: "VitrineKiosk", targets: ["VitrineKiosk"])
    ],
    targets: [
        // MARK: C libraries (module map + header only)
        .systemLibrary(
            name: "CDRM", pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(
            name: "CUdev", pkgConfig: "libudev",
            providers: [.apt(["libudev-dev"])]),
        .systemLibrary(
            name: "CLibinput", pkgConfig: "libinput",
            providers: [.apt(["libinput-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CPixman", pkgConfig: "pixman-1",
            providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        // libjpeg-turbo's TurboJPEG API: errors come back as return codes, not longjmp.
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        // giflib (animated and still GIF): libgif-dev's libgif.pc (Debian 12's 5.2.1 ships it);
        // gif_lib.h is in the default include path and the module map links "gif" as well.
        .systemLibrary(
            name: "CGIF", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]),
        // libwebp and its demuxer (WebPAnimDecoder: still and animated WebP).
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]),
        // QR code symbols (ISO/IEC 18004) for the `qrCode` view; used by VitrineGraphics only.
        .systemLibrary(
            name: "CQRencode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        // Keymaps and layouts from xkeyboard-config (xkb-data), for keys and the on-screen keyboard.
        .systemLibrary(
            name: "CXkbcommon", pkgConfig: "xkbcommon",
            providers: [.apt(["libxkbcommon-dev"])]),
        // Speech synthesis for speech mode (issue 33); its voices and dictionaries are espeak-ng-data.
        .systemLibrary(
            name: "CEspeakNG", pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]),
        // PCM playback of the speech and the sound cards' jack controls.
        .systemLibrary(
            name: "CAlsa", pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]),
        // MARK: the C targets
        // ioctl request macros and layouts Swift cannot import.
        .target(name: "CVitrineShims"),
        // The desktop preview's window and its mouse, touch and key events (`vitrine preview`):
        // SDL 2's headers (libsdl2-dev) at build time, the library loaded only when a preview
        // opens, so the panel's binary and package need no SDL, X11 or Wayland (issue 30).
        .target(name: "CSDL2"),

        // MARK: Swift modules
        .target(name: "VitrineCore", swiftSettings: pixelLoopSettings),
        .target(
            name: "VitrineSystem",
            dependencies: ["VitrineCore", "CVitrineShims"],
            swiftSettings: swiftSettings),
        .target(
            name: "VitrineGraphics",
            dependencies: [
                "VitrineCore", "VitrineSystem", "CPNG", "CPixman", "CTurboJPEG", "CGIF", "CWebP", "CFreeType", "CHarfBuzz", "CFontconfig", "CQRencode"
            ],
            swiftSettings: pixelLoopSettings),
        .target(
            name: "VitrineMotion",
            dependencies: ["VitrineCore"],
            swiftSettings: swiftSettings),
        .target(
            name: "VitrineGestures",
            dependencies: ["VitrineCore"],
            swiftSettings: swiftSettings),
        .target(
            name: "VitrineUI",
            dependencies: ["VitrineCore", "VitrineGraphics", "VitrineMotion", "VitrineGestures"],
            swiftSettings: swiftSettings),
        .target(
            // The scene model (screens, views, actions) and the one builder that makes views of it.
            name: "VitrineScene",
            dependencies: ["VitrineCore", "VitrineGraphics", "VitrineMotion", "VitrineGestures", "VitrineUI"],
            swiftSettings: swiftSettings),
        .target(
            name: "VitrineHeadless",
            dependencies: ["VitrineCore", "VitrineGraphics", "VitrineSystem"],
            swiftSettings: swiftSettings),
        .target(
            // libudev: devices, properties and the uevent monitor, shared by display and input.
            name: "VitrineUdev",
            dependencies: ["VitrineCore", "CUdev"],
            swiftSettings: swiftSettings),
        .target(
            name: "VitrineDRM",
            dependencies: ["VitrineCore", "VitrineSystem", "VitrineUdev", "CDRM", "CVitrineShims"],
            swiftSettings: swiftSettings),
        .target(
            // The calibration directory (one `<key>.env` per touch device), read by both input sources.
            name: "VitrineCalibration",
            dependencies: ["VitrineCore", "VitrineSystem"],
            swiftSettings: swiftSettings),
        .target(
            // libxkbcommon: keymaps, key decoding, the on-screen keyboard's layouts, scanners' keys.
            name: "VitrineKeys",
            dependencies: ["VitrineCore", "VitrineSystem", "CXkbcommon"],
            swiftSettings: swiftSettings),
        .target(
            name: "VitrineLibinput",
            dependencies: ["VitrineCore", "VitrineSystem", "VitrineUdev", "VitrineCalibration", "VitrineKeys", "CLibinput", "CUdev"],
            swiftSettings: swiftSettings),
        .target(
            // The deterministic twin of libinput: `libinput record` files (touch and keyboards) and JSON touch scripts.
            name: "VitrineReplay",
            dependencies: ["VitrineCore", "VitrineSystem", "VitrineCalibration", "VitrineKeys", "CYAML"],
            swiftSettings: swiftSettings),
        .target(
            // Speech mode's engine: eSpeak NG through ALSA on a thread of its own, and the headset
            // jack (ALSA jack controls, evdev SW_HEADPHONE_INSERT) that starts and stops it.
            name: "VitrineSpeech",
            dependencies: ["VitrineCore", "VitrineSystem", "CEspeakNG", "CAlsa", "CVitrineShims"],
            swiftSettings: swiftSettings),
        .target(
            // Runs any scene: display and input openers, VT, sd_notify and watchdog, reload, error
            // page; and the headless twin of all that.
            name: "VitrineRuntime",
            dependencies: [
                "VitrineCore", "VitrineSystem", "VitrineGraphics", "VitrineHeadless", "VitrineUdev", "VitrineDRM",
                "VitrineCalibration", "VitrineLibinput", "VitrineReplay", "VitrineKeys", "VitrineSpeech", "VitrineUI", "VitrineGestures", "CVitrineShims"
            ],
            swiftSettings: swiftSettings),
        .target(
            // The config kiosk: config files (v1, v2) to scenes, the demo file, built-in pictures,
            // rendering every screen, calibration and diagnostics.
            name: "VitrineKiosk",
            dependencies: [
                "VitrineCore", "VitrineSystem", "VitrineGraphics", "VitrineUdev", "VitrineDRM",
                "VitrineCalibration", "VitrineLibinput", "VitrineKeys", "VitrineUI", "VitrineScene", "VitrineRuntime"
            ],
            swiftSettings: swiftSettings),
        .target(
            // The desktop preview: an SDL window as one more display output and input source.
            name: "VitrineDesktop",
            dependencies: ["VitrineCore", "CSDL2"],
            swiftSettings: swiftSettings),
        .target(
            name: "VitrineBench",
            dependencies: [
                "VitrineCore", "VitrineGraphics", "VitrineMotion", "VitrineHeadless", "VitrineSystem", "VitrineKiosk", "VitrineRuntime", "VitrineScene",
                "VitrineUI", "VitrineSpeech", "CPixman", "CTurboJPEG"
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "VitrineCLI",
            dependencies: [
                "VitrineKiosk", "VitrineCore", "VitrineSystem", "VitrineGraphics", "VitrineBench", "VitrineUdev", "VitrineDRM", "VitrineKeys",
                "VitrineRuntime", "VitrineDesktop", "VitrineCalibration", "VitrineHeadless", "VitrineUI", "VitrineScene", "VitrineSpeech"
            ],
            swiftSettings: swiftSettings),
        // Shared by the test targets only: golden images, a seeded generator, temp directories.
        .target(
            name: "VitrineTestSupport",
            dependencies: ["VitrineCore", "VitrineSystem", "VitrineGraphics"],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "vitrine",
            dependencies: ["VitrineCLI"],
            swiftSettings: swiftSettings),

        // MARK: tests
        .testTarget(
            name: "VitrineCoreTests",
            dependencies: ["VitrineCore"]),
        .testTarget(
            name: "VitrineSystemTests",
            dependencies: ["VitrineSystem", "VitrineCore", "VitrineTestSupport"]),
        .testTarget(
            name: "VitrineDisplayTests",
            dependencies: ["VitrineHeadless", "VitrineDRM", "VitrineUdev", "VitrineCore", "VitrineKiosk", "VitrineSystem"]),
        .testTarget(
            name: "VitrineMotionTests",
            dependencies: ["VitrineMotion", "VitrineCore"]),
        .testTarget(
            name: "VitrineGesturesTests",
            dependencies: ["VitrineGestures", "VitrineCore"]),
        .testTarget(
            name: "VitrineBlurTests",
            dependencies: ["VitrineGraphics", "VitrineBench", "VitrineCLI", "VitrineCore", "VitrineTestSupport", "VitrineSystem"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "VitrineGraphicsTests",
            dependencies: ["VitrineGraphics", "VitrineCore", "VitrineTestSupport", "CTurboJPEG", "VitrineSystem"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "VitrineTextTests",
            dependencies: ["VitrineGraphics", "VitrineBench", "VitrineCore", "VitrineTestSupport"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "VitrineInputTests",
            dependencies: [
                "VitrineReplay", "VitrineCalibration", "VitrineLibinput", "VitrineKeys", "VitrineKiosk", "VitrineRuntime", "VitrineSystem", "VitrineCore",
                "VitrineHeadless", "VitrineUI"
            ],
            exclude: ["Recordings"]),
        .testTarget(
            // The speech engine: voices, samples, the speech thread on ALSA's null device, the
            // headset jack watches and a recorded jack input device.
            name: "VitrineSpeechTests",
            dependencies: ["VitrineSpeech", "VitrineReplay", "VitrineCore", "VitrineSystem", "CVitrineShims"],
            exclude: ["Recordings"]),
        .testTarget(
            // The toolkit, the layout views and each component on its own, driven through the
            // gesture arena by touch scripts whose coordinates come from the component.
            name: "VitrineUITests",
            dependencies: ["VitrineUI", "VitrineCore", "VitrineGraphics", "VitrineGestures"],
            exclude: ["Snapshots"]),
        .testTarget(
            // The demo as a smoke test, the examples (check, render, replay), the scene model.
            name: "VitrineComponentTests",
            dependencies: [
                "VitrineKiosk", "VitrineUI", "VitrineScene", "VitrineRuntime", "VitrineCore", "VitrineGraphics", "VitrineSystem", "VitrineTestSupport",
                "VitrineBench", "VitrineReplay", "VitrineSpeech"
            ],
            exclude: ["Snapshots", "Recordings"]),
        .testTarget(
            // The kiosk config: parsing, every error path, serialisation, check-config, Examples/.
            name: "VitrineConfigTests",
            dependencies: [
                "VitrineKiosk", "VitrineCLI", "VitrineCore", "VitrineSystem", "VitrineDRM", "VitrineUI", "VitrineGraphics", "VitrineTestSupport",
                "VitrineGestures",
                "VitrineRuntime", "VitrineScene", "VitrineHeadless"
            ],
            exclude: ["Snapshots"]),
        .testTarget(
            // The runner with scenes that are not the config kiosk.
            name: "VitrineRuntimeTests",
            dependencies: [
                "VitrineRuntime", "VitrineUI", "VitrineHeadless", "VitrineSystem", "VitrineCore", "VitrineGraphics", "VitrineKiosk", "VitrineScene",
                "VitrineTestSupport"
            ]),
        // MARK: the example app (Examples/swift-app), built and tested with the package's tests
        // Its sources, as an integrator's package has them; Examples/swift-app/Package.swift
        // builds the same files on its own against this package (Docs/app.md).
        .target(
            name: "HarbourKiosk",
            dependencies: ["VitrineCore", "VitrineGraphics", "VitrineScene", "VitrineUI"],
            path: "Examples/swift-app/Sources/HarbourKiosk"),
        .executableTarget(
            name: "harbour-kiosk",
            dependencies: ["HarbourKiosk", "VitrineCore", "VitrineRuntime", "VitrineSystem"],
            path: "Examples/swift-app/Sources/harbour-kiosk"),
        .testTarget(
            name: "HarbourKioskTests",
            dependencies: ["HarbourKiosk", "VitrineCore", "VitrineKiosk", "VitrineRuntime", "VitrineScene", "VitrineUI"],
            path: "Examples/swift-app/Tests/HarbourKioskTests",
            exclude: ["departures.json"]),
        .testTarget(
            name: "VitrineCLITests",
            dependencies: [
                "VitrineTestSupport", "VitrineGraphics", "VitrineCLI", "VitrineKiosk", "VitrineCore", "VitrineDRM", "VitrineUdev", "VitrineSystem",
                "VitrineBench", "VitrineHeadless", "VitrineRuntime", "VitrineUI"
            ],
            exclude: ["Snapshots"])
    ]
)
