// swift-tools-version: 6.1
// An app written for Apple's Foundation Models, built against genui with no change to its code: on Linux, genui's
// `FoundationModels` product provides the module (`import FoundationModels` and `#if canImport(FoundationModels)`
// work as written); on Apple platforms the condition leaves Apple's framework in charge. It depends on genui by path,
// as any client package would, with the trait that makes sessions throw Foundation Models 26's errors, as Apple's
// framework does for an app built with its 26 SDK: the app's `catch` clauses were written for 26.
import PackageDescription

let package = Package(
    name: "FMClient",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "genui", path: "../..", traits: ["FoundationModels26Errors"]),
    ],
    targets: [
        .executableTarget(
            name: "FMClient",
            dependencies: [
                .product(name: "FoundationModels", package: "genui", condition: .when(platforms: [.linux])),
            ]
        ),
    ]
)
