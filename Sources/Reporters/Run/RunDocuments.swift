import Coverage
import Results
import ScenarioModel
import SpecModel

/// The reports a run writes, each named once: its option, its help, and how it is made.
package enum ReportKind: String, CaseIterable, Sendable {
    case json, junit, markdown, coverage, annotations

    /// What the report is, for the option's help.
    package var help: String {
        switch self {
        case .json: return "Write the results as JSON to this file (atomically)."
        case .junit: return "Write JUnit XML: a testsuite per implementation, a testcase per scenario."
        case .markdown: return "Write a Markdown report: summary, matrix, failures, coverage graphs, requirements."
        case .coverage: return "Write the state-coverage graphs (Mermaid in Markdown) for every implementation."
        case .annotations:
            return
                "Write GitHub Actions annotations (::error at a new failure's scenario file and line; ::notice for a scenario of a suite authspec carries) to print in a workflow step."
        }
    }
}

/// A report's text, whole or produced piece by piece (a large one is never whole in memory).
package enum ReportBody {
    case text(String)
    case pieces((_ emit: (String) throws(OutputError) -> Void) throws(OutputError) -> Void)

    /// Writes the report to `target`.
    package func write(to target: OutputTarget) throws(OutputError) {
        switch self {
        case .text(let text): try target.write(text)
        case .pieces(let produce): try target.write(produce)
        }
    }
}

/// How the reports are written, whatever the run.
package struct ReportSettings: Sendable {
    /// Give the model's reference a testsuite in the JUnit too.
    package var includeReference = false
    /// Cut the Markdown report before it passes this many bytes.
    package var markdownLimit: Int?
    /// The checkout's folder, for paths the annotations give relative to it (where GitHub's
    /// variables do not say it).
    package var workspace: String?

    /// Link each scenario's file and line in the Markdown to the repository's web page of it.
    package var sourceLinks: SourceLinks?

    package init(includeReference: Bool = false, markdownLimit: Int? = nil, sourceLinks: SourceLinks? = nil) {
        self.includeReference = includeReference
        self.markdownLimit = markdownLimit
        self.sourceLinks = sourceLinks
    }
}

/// Where a file of the checkout is shown on the web: GitHub's `SERVER/REPOSITORY/blob/SHA/PATH#Lline`.
package struct SourceLinks: Sendable, Equatable {
    /// `https://github.com/org/repo/blob/SHA/`.
    package var base: String
    /// The checkout's folder, taken off absolute paths.
    package var workspace: String?

    /// From GitHub Actions' variables (GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_SHA,
    /// GITHUB_WORKSPACE), or nil where they are not set or not of their form
    /// (`problem(environment:)` says why): what goes into a link is never text that could
    /// break out of it.
    package init?(environment: [String: String]) {
        guard let server = environment["GITHUB_SERVER_URL"], !server.isEmpty,
            let repository = environment["GITHUB_REPOSITORY"], !repository.isEmpty,
            Self.problem(environment: environment) == nil
        else { return nil }
        let revision = environment["GITHUB_SHA"].flatMap { $0.isEmpty ? nil : $0 } ?? "HEAD"
        base = "\(server)/\(repository)/blob/\(revision)/"
        workspace = environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Why GitHub's variables make no links, when they are set but not of their form: the
    /// server an http(s) URL, the repository `owner/name`, the revision a commit's hex.
    package static func problem(environment: [String: String]) -> String? {
        guard let server = environment["GITHUB_SERVER_URL"], !server.isEmpty,
            let repository = environment["GITHUB_REPOSITORY"], !repository.isEmpty
        else { return nil }
        if server.wholeMatch(of: /https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?(\/[A-Za-z0-9._~-]+)*\/?/) == nil {
            return "GITHUB_SERVER_URL is not an http(s) URL of a host"
        }
        if repository.wholeMatch(of: /[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+/) == nil {
            return "GITHUB_REPOSITORY is not owner/name"
        }
        if let revision = environment["GITHUB_SHA"], !revision.isEmpty,
            revision.wholeMatch(of: /[0-9a-fA-F]{4,64}/) == nil
        {
            return "GITHUB_SHA is not a commit's hex"
        }
        return nil
    }

    /// A path segment as a URL keeps it: unreserved ASCII as it is, every other byte `%XX`.
    static func percentEncoded(_ segment: Substring) -> String {
        var out = ""
        for byte in segment.utf8 {
            let unreserved =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "-._~".utf8.contains(byte)
            out +=
                unreserved
                ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return out
    }

    /// The page of `location`, or nil for a file outside the checkout.
    package func url(_ location: SourceLocation) -> String? {
        var path = location.file
        if path.hasPrefix("/") {
            guard let workspace, path.hasPrefix(workspace + "/") else { return nil }
            path = String(path.dropFirst(workspace.count + 1))
        }
        while path.hasPrefix("./") { path = String(path.dropFirst(2)) }
        guard !path.split(separator: "/").contains("..") else { return nil }
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false).map(Self.percentEncoded)
            .joined(separator: "/")
        return base + encoded + "#L\(location.line)"
    }
}

/// One model's run with what its reports need beside it: the gate's verdict and the statement
/// catalogue (for the Markdown's trace).
package struct ReportedRun {
    package var model: ModelDeclaration
    package var run: RunRecord
    package var gate: GateVerdict
    package var statements: [Statement]
    /// The suite's falsifiers, for the Markdown's statements (with `statements`).
    package var falsification: Falsification?

    package init(
        model: ModelDeclaration, run: RunRecord, gate: GateVerdict, statements: [Statement] = [],
        falsification: Falsification? = nil
    ) {
        self.falsification = falsification
        self.model = model
        self.run = run
        self.gate = gate
        self.statements = statements
    }

    var coverage: [CoverageReport] {
        run.implementations.map { CoverageReport(implementation: $0.name, records: $0.records, model: model) }
    }
}

/// The reports of the runs of one command: one model's, or several models' with a part per
/// model (JSON takes one model's run only).
package struct RunDocuments {
    package var runs: [ReportedRun]
    package var settings: ReportSettings

    package init(_ runs: [ReportedRun], settings: ReportSettings) {
        self.runs = runs
        self.settings = settings
    }

    package func body(_ kind: ReportKind) -> ReportBody {
        switch kind {
        case .json:
            let runs = runs
            return .pieces { (emit: (String) throws(OutputError) -> Void) throws(OutputError) in
                // Several models: each one's document whole, in a list that merge reads back.
                if runs.count > 1 {
                    var plan = ""
                    JSON(ResultsCodec.plan(runs.map(\.run))).write(into: &plan, indent: "  ")
                    try emit(
                        "{\n  \"format\": \"\(ResultsCodec.severalModelsFormat)\",\n  \"version\": \(ResultsCodec.version),\n  \"plan\": \(plan),\n  \"models\": [\n"
                    )
                }
                for (index, part) in runs.enumerated() {
                    if index > 0 { try emit(",\n") }
                    try JSONReporter(model: part.model).write(
                        part.run, coverage: part.coverage, gate: part.gate, to: emit)
                }
                if runs.count > 1 { try emit("]\n}\n") }
            }
        case .junit:
            let parts = runs.map {
                (JUnitReporter(model: $0.model, includeReference: settings.includeReference), $0.run, Optional($0.gate))
            }
            return .pieces { (emit: (String) throws(OutputError) -> Void) throws(OutputError) in
                try JUnitReporter.write(parts, to: emit)
            }
        case .markdown: return .text(markdown())
        case .annotations:
            let lines = runs.flatMap {
                AnnotationsReporter(model: $0.model, workspace: settings.sourceLinks?.workspace ?? settings.workspace)
                    .lines($0.run, gate: $0.gate)
            }
            return .text(lines.map { $0 + "\n" }.joined())
        case .coverage:
            guard runs.count > 1 else {
                return .text("# State coverage\n\n" + Self.coverage(runs[0], heading: "##"))
            }
            return .text(
                runs.map { "# State coverage: the \($0.model.name) model\n\n" + Self.coverage($0, heading: "##") }
                    .joined(separator: "\n"))
        }
    }

    /// One model's report; several models' under one line that says how all went, each under
    /// its own title, sharing the size limit.
    func markdown() -> String {
        guard runs.count > 1 else {
            let part = runs[0]
            return MarkdownReporter(model: part.model, maxBytes: settings.markdownLimit, links: settings.sourceLinks)
                .document(
                    part.run, coverage: part.coverage, gate: part.gate, statements: part.statements,
                    falsification: part.falsification)
        }
        let passed = runs.allSatisfy(\.gate.passes)
        let summary = runs.map { "the \($0.model.name) model \($0.gate.passes ? "passed" : "did not pass")" }
        var text = "**\(passed ? "PASS" : "FAIL"): \(runs.count) models: " + summary.joined(separator: ", ") + "**\n\n"
        // --markdown-max-bytes holds for the whole document: each part gets its share.
        let share = settings.markdownLimit.map { max(($0 - 200) / runs.count, 1024) }
        for part in runs {
            text +=
                MarkdownReporter(model: part.model, maxBytes: share, links: settings.sourceLinks).document(
                    part.run, coverage: part.coverage, gate: part.gate,
                    title: "authspec results: the \(part.model.name) model") + "\n"
        }
        return text
    }

    /// Every implementation's coverage graph, with what it did outside the model first.
    static func coverage(_ part: ReportedRun, heading: String) -> String {
        let mermaid = MermaidCoverage()
        let reports = part.coverage
        return zip(reports, mermaid.sections(reports, heading: heading)).map { report, section in
            (mermaid.outsideModel(report, heading: heading).map { $0 + "\n" } ?? "") + section
        }
        .joined(separator: "\n")
    }
}
