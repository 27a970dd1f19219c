// swift-tools-version:6.0
import PackageDescription

/// Every spec model: its module (a folder under Sources/) and what it builds on. A model is its
/// folder and its line here: the registry (Sources/Models) is written from this list at build
/// time, and every command, help text and example driver reads the registry.
let models: [(name: String, dependencies: [Target.Dependency])] = [
    // The executable reading of SCR-AUTH-006.
    ("UnlockScreen", ["SpecModel", "CArgon2"]),
    // The executable reading of UIF-AUTH-001's flow, with the unlock screen as its child.
    ("AuthFlowMachine", ["SpecModel", "UnlockScreen", "CCrypto"]),
]

/// Models only the tests register (folders under Tests/Models/, the registry TestModels):
/// never in the release, its help, `model --list` or its suites. Each is added as a model is.
let testModels: [(name: String, dependencies: [Target.Dependency])] = [
    // A three-state consent screen observed through its state alone.
    ("ConsentScreen", ["SpecModel"])
]

let package = Package(
    name: "authspec",
    products: [
        .executable(name: "authspec", targets: ["authspec"]),
        // For Swift codebases: implement DriverImplementation, get a driver executable.
        .library(name: "DriverKit", targets: ["DriverKit", "SpecModel", "DriverProtocol"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CArgon2", path: "Sources/CArgon2", pkgConfig: "libargon2",
            providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(
            name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        // prctl for the child subreaper: Swift cannot call a variadic C function.
        .target(name: "CProcessControl", path: "Sources/CProcessControl"),
        // Parses YAML into nodes that keep their line and column; knows nothing of scenarios.
        .target(name: "YAMLLoader", dependencies: ["CYAML"]),
        // Values, observations and model declarations shared by every other part.
        .target(name: "SpecModel"),
        // Scenario files: the format, its decoding and its diagnostics.
        .target(name: "ScenarioModel", dependencies: ["YAMLLoader", "SpecModel"]),
        // The line-delimited JSON protocol between the runner and external drivers.
        .target(name: "DriverProtocol", dependencies: ["SpecModel"], plugins: ["EmbedSchemas"]),
        // Files compiled into a module: docs/protocol/ (the schemas' only source) into DriverProtocol,
        // Templates/new-driver/ into Skeletons.
        .plugin(name: "EmbedSchemas", capability: .buildTool()),
        // Runs a driver in a child process and speaks the protocol with it.
        .target(name: "SubprocessDriver", dependencies: ["DriverProtocol", "SpecModel", "CProcessControl"]),
        // The Swift driver kit: serve a DriverImplementation over stdio, or run it in process.
        .target(name: "DriverKit", dependencies: ["DriverProtocol", "SpecModel"]),
        // Example: the reference behind the driver kit, as a subprocess driver.
        .executableTarget(
            name: "reference-driver", dependencies: ["DriverKit", "UnlockScreen", "SpecModel", "Models"],
            path: "Examples/swift/ReferenceDriver"),
        // Starting points written from a model's declaration: driver skeletons (from the
        // templates of Templates/new-driver/, embedded at build time) and a starter suite.
        .target(name: "Skeletons", dependencies: ["SpecModel", "DriverProtocol"], plugins: ["EmbedSchemas"]),
        // What a run keeps of each scenario, as data: read back, merged, reported.
        .target(name: "Results", dependencies: ["SpecModel", "ScenarioModel"]),
        // Drives any implementation through scenarios and compares observations.
        .target(name: "Runner", dependencies: ["SpecModel", "ScenarioModel", "Results"]),
        // One run for every command: suite selection and shards, workers, records in order.
        .target(
            name: "Engine",
            dependencies: [
                "SpecModel", "ScenarioModel", "Results", "Runner", "SubprocessDriver", "DriverProtocol", "SpecCheck",
                "Coverage", "Exploration", "Skeletons",
            ]),
        // Compares the spec documents' diagrams and tables with the model.
        .target(name: "SpecCheck", dependencies: ["SpecModel", "YAMLLoader"]),
        // Random state-aware probes compared with the reference, and shrinking what diverges.
        .target(name: "Exploration", dependencies: ["SpecModel", "ScenarioModel", "Results", "Runner"]),
        // What a run exercised of the model and of the requirements.
        .target(name: "Coverage", dependencies: ["SpecModel", "ScenarioModel", "Results"]),
        // Turns results into text for people and machines; never runs anything.
        .target(
            name: "Reporters",
            dependencies: [
                "SpecModel", "ScenarioModel", "Runner", "Results", "Coverage", "Exploration", "Engine",
                "DriverProtocol", "SpecCheck",
            ]),
        // Speed measured side by side: authspec against a driver alone, explore against a raw loop.
        .target(
            name: "Benchmarking",
            dependencies: ["SpecModel", "ScenarioModel", "Runner", "SubprocessDriver", "Exploration", "Results"]),
        // Every model this authspec knows: the registry, written from `models` at build time.
        .target(
            name: "Models", dependencies: ["SpecModel"] + models.map { .target(name: $0.name) },
            plugins: ["RegisterModels"]),
        .plugin(name: "RegisterModels", capability: .buildTool()),
        // Every model the tests know: the release's, then `testModels`.
        .target(
            name: "TestModels", dependencies: ["SpecModel", "Models"] + testModels.map { .target(name: $0.name) },
            path: "Tests/TestModels", plugins: ["RegisterModels"]),
        // Every subcommand's declaration, read by the parser, the help and the tests.
        .target(
            name: "CommandCatalog",
            dependencies: [
                "CommandLineKit", "Models", "SpecModel", "ScenarioModel", "Reporters", "SubprocessDriver",
                "Exploration", "Skeletons", "Results", "Engine",
            ]),
        // Subcommands declared once, read by their help and their parser (no authspec concept).
        .target(name: "CommandLineKit", dependencies: ["ScenarioModel", "SpecModel"]),
        .executableTarget(
            name: "authspec",
            dependencies: [
                "Benchmarking", "CommandLineKit", "CommandCatalog", "Models", "Skeletons",
                "ScenarioModel", "Runner", "Reporters", "SpecModel",
                "DriverProtocol", "SubprocessDriver", "Coverage", "SpecCheck", "Results", "Engine", "Exploration",
            ]),
        // What the tests share: the package's root and binary, process helpers, the fixture
        // models, the exhaustive reducer check, the JUnit and Mermaid checks.
        .target(
            name: "AuthSpecTestSupport",
            dependencies: [
                "SpecModel", "ScenarioModel", "UnlockScreen", "Runner", "Reporters", "Engine", "Models", "Results",
                "Coverage",
                "SubprocessDriver", "Exploration", "SpecCheck", "DriverProtocol",
            ],
            path: "Tests/TestSupport"),
    ]
        + models.map { .target(name: $0.name, dependencies: $0.dependencies) }
        + testModels.map { .target(name: $0.name, dependencies: $0.dependencies, path: "Tests/Models/\($0.name)") }
        // One test target per area, each over the modules it covers.
        + [
            "ScenarioFileTests", "ReferenceModelTests", "RunAndGateTests", "DriverProcessTests", "ReportingTests",
            "SearchTests", "ToolingTests", "CommandTests",
        ].map { area -> Target in
            .testTarget(
                name: area,
                dependencies: [
                    "AuthSpecTestSupport", "YAMLLoader", "SpecModel", "ScenarioModel", "UnlockScreen", "Runner",
                    "Reporters", "DriverProtocol", "SubprocessDriver", "DriverKit", "Coverage", "SpecCheck", "Results",
                    "Engine", "Exploration", "AuthFlowMachine", "CommandCatalog", "CommandLineKit", "Models",
                    "Skeletons", "TestModels",
                ])
        },
    swiftLanguageModes: [.v6]
)

// The do-nothing driver (C) that `authspec bench` measures authspec against.
package.targets.append(.executableTarget(name: "do-nothing-driver", path: "Benchmarks/do-nothing-driver"))

// The libFuzzer targets (scripts/fuzz). Each defines LLVMFuzzerTestOneInput and no `main`:
// libFuzzer supplies `main` only when built with --sanitize=fuzzer, so a plain `swift build`
// or `swift test` would fail to link them. They exist only when AUTHSPEC_FUZZ=1.
if Context.environment["AUTHSPEC_FUZZ"] == "1" {
    package.targets += [
        // YAML text to scenarios and diagnostics.
        .executableTarget(
            name: "ScenarioFuzzer", dependencies: ["ScenarioModel", "SpecModel", "UnlockScreen"],
            path: "Fuzz/ScenarioFuzzer"),
        // A driver's line to a JSON value, a reply or request, schema problems, and back.
        .executableTarget(
            name: "ProtocolFuzzer", dependencies: ["DriverProtocol", "SpecModel"], path: "Fuzz/ProtocolFuzzer"),
        // What the readers of the other files a user or a driver hands authspec share.
        .target(name: "FuzzChecks", dependencies: ["ScenarioModel"], path: "Fuzz/FuzzChecks"),
        // A results file (merge), a spec document (spec check), a file given to record, a
        // baseline, a manifest, a catalogue.
        .executableTarget(
            name: "ResultsFuzzer", dependencies: ["FuzzChecks", "Results", "DriverProtocol", "SpecModel"],
            path: "Fuzz/ResultsFuzzer"),
        .executableTarget(
            name: "SpecDocumentFuzzer", dependencies: ["FuzzChecks", "SpecCheck", "SpecModel", "UnlockScreen"],
            path: "Fuzz/SpecDocumentFuzzer"),
        .executableTarget(
            name: "RecordFuzzer", dependencies: ["FuzzChecks", "Engine", "ScenarioModel", "UnlockScreen"],
            path: "Fuzz/RecordFuzzer"),
        .executableTarget(
            name: "BaselineFuzzer", dependencies: ["FuzzChecks", "ScenarioModel"], path: "Fuzz/BaselineFuzzer"),
        .executableTarget(
            name: "ManifestFuzzer", dependencies: ["FuzzChecks", "ScenarioModel"], path: "Fuzz/ManifestFuzzer"),
        .executableTarget(
            name: "CatalogueFuzzer", dependencies: ["FuzzChecks", "ScenarioModel"], path: "Fuzz/CatalogueFuzzer"),
    ]
}
