import SpecModel

/// SCR-AUTH-006 as a model plug-in: the declaration, the reference with its Argon2id cost
/// setting, and the spec mapping and rule tables `spec check` reads.
package enum UnlockPackage {
    package static let package: ModelPackage = {
        var package = declared
        package.suiteManifest = "authspec.yaml"
        return package
    }()

    static let declared = ModelPackage(
        declaration: UnlockModel.declaration,
        referenceSettings: [
            ReferenceSetting(
                "argon2", choices: Argon2Profile.all.map(\.name),
                "Argon2id cost for the reference's PIN hash: light (default) or owasp (m=19456 KiB, t=2, p=1).")
        ],
        makeReference: { settings in
            let profile = profile(settings)
            return UnlockReference(profile: profile, memo: memos[profile.name] ?? Argon2Memo())
        },
        describeReference: { settings in "the reference hashes with Argon2id \(profile(settings))" },
        specMapping: "docs/spec-mapping.yaml",
        ruleTables: UnlockRuleTables.all(),
        smokeScenario: """
            id: doctor-unlock-with-pin
            title: Launch, cancel the biometric prompt, type the right PIN, reach the Dashboard
            spec: ["SCR-AUTH-006 §5.1"]
            steps:
              - launch:
                expect: {state: BiometricPrompt}
              - biometric: cancel
                expect: {state: PINInput}
              - enter_pin: "1234"
                expect: {state: Success}
              - advance: 500ms
                expect: {state: Dashboard, navigation: Dashboard}
            """,
        mutants: { UnlockMutants.all(memo: memos[Argon2Profile.light.name] ?? Argon2Memo()) },
        facts: UnlockFacts.all, exclusions: UnlockExclusions.all)

    static func profile(_ settings: [String: String]) -> Argon2Profile {
        Argon2Profile.all.first { $0.name == settings["argon2"] } ?? .light
    }

    /// One memo per cost profile, shared by every copy of the reference in this process (the
    /// workers of a run): each given PIN is hashed once, each (hash, PIN) pair checked once.
    static let memos = Dictionary(uniqueKeysWithValues: Argon2Profile.all.map { ($0.name, Argon2Memo()) })
}

/// The unlock model's entry in the registry of models (Plugins/RegisterModels).
package enum UnlockScreenRegistration {
    package static let package = UnlockPackage.package
}
