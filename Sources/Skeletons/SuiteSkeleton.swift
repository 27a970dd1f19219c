import SpecModel

/// A starter suite for a model: its manifest and one scenario, the model's own short path
/// (the one `doctor` runs), which passes on the reference as written.
package enum SuiteSkeleton {
    package static let scenarioFolder = "Scenarios"

    /// The files, by path relative to the suite's folder, in the order they are written.
    package static func files(_ package: ModelPackage, manifestName: String) -> [(path: String, text: String)] {
        let manifest = """
            # The suite's manifest: authspec finds it from any path at or under this folder, so
            # `authspec run` here runs the suite. Paths are relative to this file. Add a catalogue
            # of requirements with `requirements: \(scenarioFolder)/requirements.yaml`.
            model: \(package.name)
            scenarios: [\(scenarioFolder)]

            """
        let scenario = """
            # A first scenario, the model's shortest path: each step's `expect` says what the spec
            # requires after it. `authspec record FILE` fills in what the reference observes.

            """ + package.smokeScenario + (package.smokeScenario.hasSuffix("\n") ? "" : "\n")
        return [(manifestName, manifest), ("\(scenarioFolder)/first.yaml", scenario)]
    }
}
