import SpecModel
import UnlockScreen

/// UIF-AUTH-001's flow as a model plug-in, the unlock screen inside it: the declaration, the
/// reference with the unlock reference's Argon2id setting, and the smoke scenario `doctor` runs.
package enum AuthFlowPackage {
    package static let package: ModelPackage = {
        var package = declared
        package.suiteManifest = "AuthFlow/authspec.yaml"
        return package
    }()

    static let declared = ModelPackage(
        declaration: AuthFlowModel.declaration,
        referenceSettings: UnlockPackage.package.referenceSettings,
        makeReference: { settings in
            guard let unlock = UnlockPackage.package.makeReference(settings) as? UnlockReference else {
                return AuthFlowReference()
            }
            return AuthFlowReference(unlock: unlock.model)
        },
        describeReference: UnlockPackage.package.describeReference,
        specMapping: "docs/spec-mapping-auth-flow.yaml",
        ruleTables: AuthFlowRuleTables.all(),
        smokeScenario: """
            model: auth-flow
            id: doctor-auth-flow-first-sign-in
            title: A first launch, the carousel skipped, a Google sign-in, the Dashboard
            spec: ["UIF-AUTH-001 §2"]
            given: {first_launch: true}
            steps:
              - launch:
                expect: {state: Splash}
              - advance: 1500ms
                expect: {state: Carousel}
              - tap: skip
                expect: {state: Login}
              - tap: google
                expect: {state: OAuth}
              - oauth: success
                expect: {state: Dashboard, navigation: Dashboard}
            """,
        mutants: {
            AuthFlowMutants.all {
                UnlockPackage.package.makeReference([:]) as? UnlockReference ?? UnlockReference()
            }
        },
        facts: AuthFlowFacts.all, exclusions: AuthFlowExclusions.all)
}

/// The auth-flow model's entry in the registry of models (Plugins/RegisterModels).
package enum AuthFlowMachineRegistration {
    package static let package = AuthFlowPackage.package
}
