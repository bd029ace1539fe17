// swift-tools-version: 6.0
// An integrator's own kiosk in Swift, built on Vitrine: screens made in code, a view of its own
// placed by a config file under a type name, run on the panel by Vitrine's runtime, tested
// headless by replaying a touch script. Docs/app.md walks through it.
import PackageDescription

let package = Package(
    name: "harbour-kiosk",
    products: [.executable(name: "harbour-kiosk", targets: ["harbour-kiosk"])],
    dependencies: [
        // A real app would point at a release of Vitrine; the example uses the checkout it lives in.
        .package(name: "Vitrine", path: "../..")
    ],
    targets: [
        .target(
            name: "HarbourKiosk",
            dependencies: [
                .product(name: "VitrineUI", package: "Vitrine"),
                .product(name: "VitrineScene", package: "Vitrine"),
                .product(name: "VitrineRuntime", package: "Vitrine"),
                .product(name: "VitrineKiosk", package: "Vitrine")
            ]),
        .executableTarget(
            name: "harbour-kiosk",
            dependencies: ["HarbourKiosk", .product(name: "VitrineRuntime", package: "Vitrine"), .product(name: "VitrineUI", package: "Vitrine")]),
        .testTarget(
            name: "HarbourKioskTests",
            dependencies: [
                "HarbourKiosk",
                .product(name: "VitrineRuntime", package: "Vitrine"),
                .product(name: "VitrineScene", package: "Vitrine"),
                .product(name: "VitrineUI", package: "Vitrine"),
                .product(name: "VitrineKiosk", package: "Vitrine")
            ],
            exclude: ["departures.json"])
    ]
)
