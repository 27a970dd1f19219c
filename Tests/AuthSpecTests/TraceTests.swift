import Foundation
import ScenarioModel
import Testing

/// `authspec trace`: the statement catalogue against a run of the suite. A statement counts as
/// verified only when the requirements it rests on were verified in the run; a claim the run does
/// not back fails; a malformed catalogue is an input error at its line and column.
@Suite(.serialized) struct TraceTests {
    static var catalogue: [Statement] {
        StatementCatalogue.load(file: TestSupport.scenariosFolder + "/" + StatementCatalogue.fileName).statements
    }

    @Test func everyClaimOfTheCommittedCatalogueHolds() throws {
        let (statements, problems) = StatementCatalogue.load(
            file: TestSupport.scenariosFolder + "/" + StatementCatalogue.fileName)
        #expect(problems.isEmpty, "\(problems)")
        let result = try TestSupport.authspec(["trace"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // SCR-AUTH-006: every statement about behaviour the protocol can observe is verified.
        let screen = statements.filter { $0.document == "SCR-AUTH-006" }
        let checkable = screen.filter { ![.notObservable, .authFlow].contains($0.status) }.count
        #expect(screen.count > 60 && checkable > 40)
        #expect(
            result.stdout.contains(
                "SCR-AUTH-006: \(screen.count) statements; \(checkable) of \(checkable) the suite can check verified (100.0%)"
            ), "\(result.stdout)")
        // The handling rules of the iOS article (003) and the secure-biometrics note (004): each
        // verified, or not observable with its reason.
        for document in ["003", "004"] {
            let rules = statements.filter { $0.document == document }
            #expect(rules.count >= 5, "\(document)")
            for rule in rules {
                #expect(
                    [.verified, .notObservable, .contradicted].contains(rule.status), "\(rule.id): \(rule.status)")
                #expect(rule.status != .notObservable || !(rule.reason ?? "").isEmpty)
            }
        }
    }

    @Test func theCommittedTraceIsCurrent() throws {
        let folder = try TestSupport.temporaryFolder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestSupport.authspec(["trace", "--markdown", folder + "/trace.md"])
        #expect(result.status == 0)
        let fresh = try String(contentsOfFile: folder + "/trace.md", encoding: .utf8)
        let committed = try String(
            contentsOf: TestSupport.root.appendingPathComponent("Reports/trace.md"), encoding: .utf8)
        #expect(fresh == committed, "Reports/trace.md is stale: regenerate it with authspec trace --markdown")
        #expect(fresh.contains("| SCR-AUTH-006 | "))
    }

    /// A statement claimed verified by a requirement the selected scenarios do not verify fails
    /// the trace, named with its place.
    @Test func aClaimTheRunDoesNotBackFails() throws {
        let folder = try TestSupport.temporaryFolder([
            "statements.yaml": """
            - {id: SCR-X-BIO, document: SCR-AUTH-006, clause: "§5.1", text: "A recognised face unlocks", status: verified, by: [REQ-BIO-SUCCESS]}
            - {id: SCR-X-PIN, document: SCR-AUTH-006, clause: "§5.1", text: "The right PIN unlocks", status: verified, by: [REQ-PIN-SUCCESS]}
            - {id: SCR-X-HAPTIC, document: SCR-AUTH-006, clause: "§5.2", text: "Shake", status: not-observable, reason: haptics}

            """
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try TestSupport.authspec([
            "trace", TestSupport.scenariosFolder + "/pin.yaml", "--statements", folder + "/statements.yaml",
            "--requirements", TestSupport.scenariosFolder + "/requirements.yaml", "--markdown", folder + "/trace.md",
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "SCR-AUTH-006: 3 statements; 1 of 2 the suite can check verified (50.0%); 1 not verified; 1 not observable"
            ), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "\(folder)/statements.yaml:1:3: SCR-X-BIO (§5.1): claimed, not verified: rests on REQ-BIO-SUCCESS"))
        // The terminal lists what the suite could check; the Markdown also what it cannot, with why.
        #expect(!result.stdout.contains("SCR-X-HAPTIC"))
        let markdown = try String(contentsOfFile: folder + "/trace.md", encoding: .utf8)
        #expect(markdown.contains("| SCR-X-HAPTIC | §5.2 | Shake | not observable | haptics |"), "\(markdown)")
        #expect(markdown.contains("| SCR-AUTH-006 | 3 | 1 | 1 | 1 | 0 | 0 | 50.0% |"), "\(markdown)")
    }

    @Test func aMalformedCatalogueIsAnInputError() throws {
        let folder = try TestSupport.temporaryFolder([
            "statements.yaml": """
            - {id: A, document: D, clause: c, text: t, status: verifed, by: [REQ-PIN-SUCCESS]}
            - {id: B, document: D, clause: c, text: t, status: verified}
            - {id: C, document: D, clause: c, text: t, status: modelled}
            - {id: E, document: D, clause: c, text: t, status: verified, by: [REQ-PIN-SUCESS]}
            - {id: E, document: D, clause: c, text: t, status: auth-flow}

            """
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/statements.yaml"
        let result = try TestSupport.authspec(["trace", "--statements", file])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        for message in [
            "\(file):1:52: error: status must be one of verified, modelled, not-observable, auth-flow, contradicted; found 'verifed' (did you mean 'verified'?)",
            "\(file):2:3: error: a verified statement names the requirements that carry it in `by`",
            "\(file):3:3: error: a modelled statement says why in `reason`",
            "\(file):5:3: error: duplicate statement id 'E' (first at \(file):4:3)",
            "\(file):4:3: error: statement 'E' rests on unknown requirement 'REQ-PIN-SUCESS' (did you mean 'REQ-PIN-SUCCESS'?)",
        ] {
            #expect(result.stderr.contains(message), "\(message)\n\(result.stderr)")
        }
    }
}
