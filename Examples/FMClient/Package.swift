// swift-tools-version: 6.0
// An app written for Apple's Foundation Models, built against genui with one change: `import FoundationModels`
// became `import GenUIFoundationModels`. It depends on genui by path, as any client package would.
import PackageDescription

let package = Package(
    name: "FMClient",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "genui", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "FMClient",
            dependencies: [.product(name: "GenUIFoundationModels", package: "genui")]
        ),
    ]
)
