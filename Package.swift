// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "genui",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GenUI", targets: ["GenUI"]),
        .library(name: "GenUIOnDevice", targets: ["GenUIOnDevice"]),
        .library(name: "GenUIOllama", targets: ["GenUIOllama"]),
        .library(name: "GenUIOpenAI", targets: ["GenUIOpenAI"]),
        .library(name: "GenUIAnthropic", targets: ["GenUIAnthropic"]),
        .library(name: "GenUIGemini", targets: ["GenUIGemini"]),
        .library(name: "GenUIRouter", targets: ["GenUIRouter"]),
        .library(name: "GenUIDiagnostics", targets: ["GenUIDiagnostics"]),
        .library(name: "GenUIConfig", targets: ["GenUIConfig"]),
        .library(name: "GenUIDoctor", targets: ["GenUIDoctor"]),
        .library(name: "GenUIModels", targets: ["GenUIModels"]),
        .library(name: "GenUIScreens", targets: ["GenUIScreens"]),
        .library(name: "GenUIA2UI", targets: ["GenUIA2UI"]),
        .library(name: "GenUITesting", targets: ["GenUITesting"]),
        .library(name: "GenUIMCP", targets: ["GenUIMCP"]),
        // The drop-in for `import FoundationModels`: the core, with SystemLanguageModel.default as the configured
        // chain.
        .library(name: "GenUIFoundationModels", targets: ["GenUIFoundationModels"]),
        // Apple's module name for the same layer, for Linux: link it with `condition: .when(platforms: [.linux])` and
        // `import FoundationModels` and `#if canImport(FoundationModels)` work unchanged.
        .library(name: "FoundationModels", targets: ["FoundationModels"]),
        .executable(name: "genui", targets: ["genui"]),
    ],
    traits: [
        .trait(
            name: "FoundationModels26Errors",
            description: """
                Sessions throw Foundation Models 26's LanguageModelSession.GenerationError, as Apple's framework does \
                for an app built with its 26 SDK, instead of the 27 types (LanguageModelError, \
                LanguageModelSession.Error). For code written for 26 whose catch clauses recover from its cases.
                """)
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        // The HTTP transport of the network providers (and genui-bench's baseline client and loopback server).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // `swift package generate-documentation`: the DocC catalogs in Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The compiler plugin behind @Generable and @Guide.
        .macro(
            name: "GenUIMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        // `UTType` on Linux, where Apple's UniformTypeIdentifiers does not exist: Foundation Models 27 names data types
        // with it.
        .target(name: "UniformTypeIdentifiers"),
        // The core: LanguageModel and its executors (Foundation Models 27's provider seam), RoutableModel, sessions,
        // options, availability, capabilities, errors, schemas, content.
        .target(
            name: "GenUI",
            dependencies: [
                "GenUIMacros", .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .target(name: "UniformTypeIdentifiers", condition: .when(platforms: [.linux])),
            ]),
        // The HTTP transport shared by the network providers (AsyncHTTPClient or URLSession, SSE, NDJSON).
        .target(
            name: "GenUIHTTP",
            dependencies: [
                "GenUI", .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Providers, one target per backend family.
        .target(name: "CGenUIProcess"),
        // Subprocesses that lead their own process group, die with genui and keep their last output lines.
        .target(name: "GenUIProcess", dependencies: ["GenUI", "CGenUIProcess"]),
        // libcurl's multi interface for parallel ranged model pulls (the system libcurl FoundationNetworking links).
        .target(name: "CGenUICurl", linkerSettings: [.linkedLibrary("curl")]),
        .target(
            name: "GenUIOnDevice",
            dependencies: [
                "GenUI", "GenUIHTTP", "GenUIProcess", "CGenUIProcess", .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]),
        .target(
            name: "GenUIOllama", dependencies: ["GenUI", "GenUIHTTP", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "GenUIOpenAI", dependencies: ["GenUI", "GenUIHTTP", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "GenUIAnthropic",
            dependencies: ["GenUI", "GenUIHTTP", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "GenUIGemini", dependencies: ["GenUI", "GenUIHTTP", .product(name: "Logging", package: "swift-log")]),
        // Routing: ProviderChain, outcome policy, cooldowns, RouteTrace.
        .target(
            name: "GenUIRouter",
            dependencies: [
                "GenUI",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        // Localized messages and remediations for reasons, errors and routing decisions.
        .target(
            name: "GenUIDiagnostics", dependencies: ["GenUI"],
            // The messages in every shipped language, as a String Catalog (read by MessageCatalog, not compiled).
            resources: [.copy("Resources/Diagnostics.xcstrings")]
        ),
        // providers.yml: loading, validation, and building providers and chains from it.
        .target(
            name: "GenUIConfig",
            dependencies: [
                "GenUI", "GenUIHTTP", "GenUIOnDevice", "GenUIOllama", "GenUIOpenAI", "GenUIAnthropic",
                "GenUIGemini", "GenUIRouter", "GenUIDiagnostics", "GenUIMCP",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Tools from Model Context Protocol servers: stdio servers as managed subprocesses, Streamable HTTP servers by
        // URL, their tools as Foundation Models `Tool`s.
        .target(
            name: "GenUIMCP",
            dependencies: [
                "GenUI", "GenUIHTTP", "GenUIProcess", "GenUIDiagnostics", "CGenUIProcess",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Models that arrive: downloads with resume, verification and one writer, and the record others read.
        .target(
            name: "GenUIModels",
            dependencies: [
                "GenUI", "GenUIHTTP", "GenUIOnDevice", "GenUIOllama", "GenUIConfig", "CGenUICurl",
            ]
        ),
        // Generative UI: the component vocabulary, its validator and renderers.
        .target(
            name: "GenUIScreens", dependencies: ["GenUI", "GenUIA2UI", .product(name: "Logging", package: "swift-log")]),
        // A2UI v0.9 surfaces from other agents: the message stream, data binding, functions, actions and renderers.
        .target(name: "GenUIA2UI", dependencies: ["GenUI"]),
        // Foundation Models' import: re-exports GenUI and makes SystemLanguageModel.default the configured default
        // chain.
        .target(
            name: "GenUIFoundationModels", dependencies: ["GenUI", "GenUIConfig", "GenUIRouter", "CGenUIDefaultModel"]),
        // The start-up hook that registers GenUIFoundationModels' default model before main (a C constructor).
        .target(name: "CGenUIDefaultModel"),
        // `import FoundationModels` on Linux: re-exports GenUIFoundationModels under Apple's module name.
        .target(name: "FoundationModels", dependencies: ["GenUIFoundationModels"]),
        // What apps need to test their own degradation paths.
        .target(name: "GenUITesting", dependencies: ["GenUI", "GenUIRouter"]),
        .target(
            name: "GenUIDoctor",
            dependencies: [
                "GenUI", "GenUIConfig", "GenUIDiagnostics", "GenUIRouter", "GenUIMCP",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "genui",
            dependencies: [
                "GenUI", "GenUIRouter", "GenUIDiagnostics", "GenUIConfig", "GenUIDoctor", "GenUIScreens", "GenUIModels",
                "GenUIOnDevice",
                "GenUIA2UI", "GenUIHTTP", "GenUIMCP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            // The command line's own messages (MessageCatalog.commandLine merges them with GenUIDiagnostics').
            resources: [.copy("Resources/CLI.xcstrings")]
        ),
        // The benchmark suite: `swift run -c release genui-bench [--quick] [--json]`.
        .executableTarget(
            name: "genui-bench",
            dependencies: [
                "GenUI", "GenUIRouter", "GenUIConfig", "GenUIOnDevice", "GenUIOpenAI", "GenUIScreens", "GenUITesting",
                "GenUIModels", "GenUIMCP", "GenUIDiagnostics", "GenUIHTTP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),

        .testTarget(
            name: "GenUITests", dependencies: ["GenUI", "GenUITesting", "GenUITestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "GenUIMacrosTests",
            dependencies: [
                "GenUIMacros", "GenUITestSupport",
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
        .testTarget(name: "GenUIScriptedTests", dependencies: ["GenUI", "GenUITestSupport"]),
        // What covers several providers at once: conformance, direct use, secret leaks, hostile servers, the wire.
        .testTarget(
            name: "GenUIProvidersTests",
            dependencies: [
                "GenUI", "GenUIHTTP", "GenUIOnDevice", "GenUIOllama", "GenUIOpenAI", "GenUIAnthropic", "GenUIGemini",
                "GenUIRouter", "GenUIDiagnostics", "GenUITesting", "GenUITestSupport",
            ]),
        .testTarget(
            name: "GenUIOnDeviceTests",
            dependencies: [
                "GenUI", "GenUIOnDevice", "GenUIProcess", "GenUIHTTP", "GenUIDiagnostics", "GenUITesting",
                "GenUITestSupport",
            ]),
        .testTarget(
            name: "GenUIOllamaTests",
            dependencies: ["GenUI", "GenUIOllama", "GenUIHTTP", "GenUITesting", "GenUITestSupport"]
        ),
        .testTarget(
            name: "GenUIOpenAITests",
            dependencies: ["GenUI", "GenUIOpenAI", "GenUIHTTP", "GenUITesting", "GenUITestSupport"]
        ),
        .testTarget(
            name: "GenUIAnthropicTests",
            dependencies: [
                "GenUI", "GenUIAnthropic", "GenUIHTTP", "GenUIConfig", "GenUIRouter", "GenUIDiagnostics",
                "GenUITesting", "GenUITestSupport",
            ]),
        .testTarget(
            name: "GenUIGeminiTests",
            dependencies: [
                "GenUI", "GenUIGemini", "GenUIHTTP", "GenUIConfig", "GenUIRouter", "GenUIDiagnostics", "GenUITesting",
                "GenUITestSupport",
            ]),
        .testTarget(name: "GenUITestingTests", dependencies: ["GenUI", "GenUITesting", "GenUITestSupport"]),
        .testTarget(
            name: "UniformTypeIdentifiersTests", dependencies: ["UniformTypeIdentifiers", "GenUITestSupport"]),
        .testTarget(name: "GenUIProcessTests", dependencies: ["GenUI", "GenUIProcess", "GenUITestSupport"]),
        .testTarget(
            name: "GenUIDiagnosticsTests",
            dependencies: [
                "GenUI", "GenUIDiagnostics", "GenUIConfig", "GenUITesting", "GenUITestSupport",
            ]),
        .testTarget(
            name: "GenUIMCPTests",
            dependencies: [
                "GenUI", "GenUIMCP", "GenUIConfig", "GenUIProcess", "GenUIOnDevice", "GenUIRouter", "GenUIDiagnostics",
                "GenUITesting", "GenUITestSupport",
            ], exclude: ["Servers"]),
        .testTarget(name: "GenUIHTTPTests", dependencies: ["GenUI", "GenUIHTTP", "GenUITesting", "GenUITestSupport"]),
        .testTarget(
            name: "GenUIModelsTests",
            dependencies: [
                "GenUI", "GenUIModels", "GenUIConfig", "GenUIOnDevice", "GenUITesting", "GenUITestSupport",
            ]),
        .testTarget(
            name: "GenUIDoctorTests",
            dependencies: [
                "GenUI", "GenUIConfig", "GenUIDoctor", "GenUITestSupport",
            ]),
        .testTarget(
            name: "GenUIRouterTests",
            dependencies: [
                "GenUI", "GenUIRouter", "GenUIDiagnostics", "GenUIConfig", "GenUITesting", "GenUIHTTP", "GenUIOpenAI",
                "GenUIOnDevice", "GenUITestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]),
        .testTarget(
            name: "GenUIConfigTests",
            dependencies: [
                "GenUI", "GenUIConfig", "GenUIDiagnostics", "GenUIOnDevice", "GenUIRouter", "GenUITesting",
                "GenUITestSupport",
            ]),
        .testTarget(
            name: "GenUIScreensTests",
            dependencies: [
                "GenUI", "GenUIScreens", "GenUIOnDevice", "GenUITesting", "GenUITestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            exclude: ["Fixtures"]),
        // Support shared by the test targets: the machine's facts, the on-device runtime, subprocesses, fixture
        // screens, the A2UI schema check, the providers' shared fixtures and one loopback fake per wire format.
        .target(
            name: "GenUITestSupport",
            dependencies: ["GenUI", "GenUIHTTP", "GenUIScreens", "GenUIOnDevice", "GenUITesting"],
            path: "Tests/GenUITestSupport"),
        .testTarget(
            name: "GenUIA2UITests",
            dependencies: [
                "GenUI", "GenUIA2UI", "GenUIDiagnostics", "GenUIScreens", "GenUITesting", "GenUITestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "GenUIFoundationModelsTests",
            dependencies: [
                "GenUIFoundationModels", "GenUIConfig", "GenUIRouter", "GenUIOnDevice", "GenUITesting",
                "GenUITestSupport",
            ]),
        // Foundation Models code as apps write it, compiled and run against genui: one suite per part of the API.
        .testTarget(
            name: "FoundationModelsAPITests",
            dependencies: ["GenUIFoundationModels", "GenUITesting", "GenUITestSupport"]),
        // Foundation Models 27's provider side: a model package written from Apple's documentation, and the channel.
        .testTarget(
            name: "FoundationModels27Tests",
            dependencies: [
                "GenUI", "GenUIHTTP", "GenUIOpenAI", "GenUIRouter", "GenUIConfig", "GenUITesting", "GenUITestSupport",
            ]),
        // Code written for Apple's framework, with its import and its `#if canImport(FoundationModels)` unchanged.
        .testTarget(
            name: "FoundationModelsTests",
            dependencies: [
                .target(name: "FoundationModels", condition: .when(platforms: [.linux])), "GenUITestSupport",
            ]),
        .testTarget(name: "genuiTests", dependencies: ["GenUI", "GenUIOnDevice", "GenUITesting", "GenUITestSupport"]),
        .testTarget(
            name: "GenUIReliabilityTests",
            dependencies: [
                "GenUI", "GenUIRouter", "GenUIConfig", "GenUIDiagnostics", "GenUIOnDevice", "GenUIOpenAI",
                "GenUIOllama",
                "GenUIScreens", "GenUITesting", "GenUITestSupport",
            ]),
    ]
)

// A compatibility check, run by `scripts/fm-utilities PATH` and never by `make test`: the History and Skills parts of
// Apple's foundation-models-utilities package (a checkout at PATH, copied into .compat/ with their sources unchanged)
// built against genui's `FoundationModels` module, and their own tests run.
if Context.environment["GENUI_FM_UTILITIES"] == "1" {
    let settings: [SwiftSetting] = [
        .enableExperimentalFeature("InternalImportsByDefault"),
        .enableExperimentalFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
    package.targets += [
        .target(
            name: "FoundationModelsUtilities", dependencies: ["FoundationModels"],
            path: ".compat/fm-utilities/Sources/FoundationModelsUtilities", swiftSettings: settings),
        .testTarget(
            name: "FoundationModelsUtilitiesTests", dependencies: ["FoundationModelsUtilities"],
            path: ".compat/fm-utilities/Tests/FoundationModelsUtilitiesTests", swiftSettings: settings),
    ]
}
