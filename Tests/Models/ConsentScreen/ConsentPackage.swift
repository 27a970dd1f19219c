import SpecModel

/// The consent screen as a model plug-in: its declaration, its reducer as the reference, and
/// the smoke scenario `doctor` runs.
package enum ConsentPackage {
    package static let package = ModelPackage(
        declaration: ConsentModel.declaration, makeReference: { _ in ReducerReference(ConsentReducer()) },
        smokeScenario: """
            model: consent
            id: doctor-consent-accepted
            title: The screen asks, the user accepts
            spec: ["CONSENT-1 §3"]
            steps:
              - accept:
                expect: {state: Accepted}
            """)
}

/// The consent model's entry in the tests' registry of models (Plugins/RegisterModels).
package enum ConsentScreenRegistration {
    package static let package = ConsentPackage.package
}
