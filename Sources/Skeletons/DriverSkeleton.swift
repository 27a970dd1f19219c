import DriverProtocol
import SpecModel

/// The languages `new-driver` writes a skeleton in: each one's template (a file of
/// Templates/new-driver, embedded at build time) and how to run what it writes.
package enum SkeletonLanguage: String, CaseIterable, Sendable {
    case python, java, kotlin, swift

    /// The template's file name, which is also the file the skeleton is written to.
    package var fileName: String {
        switch self {
        case .python: return "driver.py"
        case .java: return "Driver.java"
        case .kotlin: return "Driver.kt"
        case .swift: return "driver.swift"
        }
    }

    /// What builds the skeleton, where it needs building.
    package var buildCommand: String? {
        switch self {
        case .python, .java: return nil
        case .kotlin: return "kotlinc Driver.kt -include-runtime -d driver.jar"
        case .swift: return "swiftc -O driver.swift -o driver"
        }
    }

    /// The driver command authspec starts (`--driver`), from the skeleton's folder.
    package var driverCommand: String {
        switch self {
        case .python: return "python3 driver.py"
        case .java: return "java Driver.java"
        case .kotlin: return "java -jar driver.jar"
        case .swift: return "./driver"
        }
    }
}

/// A driver skeleton filled in from a model's declaration, so it never falls behind the
/// model: every input a stub, every observation key, every given key. The templates hold all of
/// a language's syntax; filling one is the same for every language:
/// - `@MODEL@`, `@LANGUAGE@` and `@AUTHSPEC_VERSION@` are replaced wherever they stand;
/// - a line whose text starts with `@EACH_INPUT@ `, `@EACH_OBSERVATION@ ` or `@EACH_GIVEN@ ` is
///   written once per input, observation key or given key, the marker taken off and its fields
///   (`@NAME@`, `@KEY@`, `@ARGUMENT@`, `@TYPE@`, `@KIND@`, `@DEFAULT@`, `@SUMMARY@`) filled in.
package enum DriverSkeleton {
    package static func template(_ language: SkeletonLanguage) -> String? {
        EmbeddedTemplates.files.first { $0.name == language.fileName }?.text
    }

    /// The skeleton in `language` for `model`, or nil when no template was embedded for it.
    package static func text(_ language: SkeletonLanguage, model: ModelDeclaration, version: String) -> String? {
        template(language).map { fill($0, model: model, language: language.rawValue, version: version) }
    }

    package static func fill(_ template: String, model: ModelDeclaration, language: String, version: String)
        -> String
    {
        let whole = ["@MODEL@": model.name, "@LANGUAGE@": language, "@AUTHSPEC_VERSION@": version]
        let repeated: [String: [[String: String]]] = [
            // A shorthand (`enter_pin`) never reaches a driver: the inputs it stands for do.
            "@EACH_INPUT@": model.inputs.filter { $0.expansion == nil }.map {
                ["@NAME@": $0.name, "@ARGUMENT@": $0.argument?.summary ?? "no argument", "@SUMMARY@": $0.summary]
            },
            "@EACH_OBSERVATION@": model.observations.map {
                [
                    "@KEY@": $0.key, "@TYPE@": $0.type.summary, "@SUMMARY@": $0.summary,
                    "@KIND@": $0.kind == .log ? "during the step" : "after the step",
                ]
            },
            "@EACH_GIVEN@": model.given.map {
                [
                    "@KEY@": $0.key, "@TYPE@": $0.type.summary, "@SUMMARY@": $0.summary,
                    "@DEFAULT@": JSONCodec.encode($0.defaultValue),
                ]
            },
        ]
        var lines: [String] = []
        for line in template.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.drop { $0 == " " || $0 == "\t" }
            let indentation = line[..<text.startIndex]
            if let (marker, rows) = repeated.first(where: { text.hasPrefix($0.key + " ") }) {
                let body = text.dropFirst(marker.count + 1)
                for row in rows {
                    let values = row.mapValues(Self.oneLine).merging(whole) { own, _ in own }
                    lines.append(String(indentation) + substitute(String(body), values))
                }
            } else {
                lines.append(substitute(String(line), whole))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A value as it may stand in any language's line comment: on one line, and with every
    /// backslash doubled, so that none starts an escape (Java reads `\u` even in a comment).
    static func oneLine(_ value: String) -> String {
        value.replacing("\\", with: "\\\\").replacing("\r\n", with: " ").replacing("\n", with: " ")
            .replacing("\r", with: " ")
    }

    /// Each placeholder replaced by its value. Values are never searched again, so a summary
    /// that holds a placeholder's spelling is written as it is.
    static func substitute(_ text: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = Substring(text)
        while let at = rest.firstIndex(of: "@") {
            out += rest[..<at]
            let tail = rest[at...]
            if let (placeholder, value) = values.first(where: { tail.hasPrefix($0.key) }) {
                out += value
                rest = tail.dropFirst(placeholder.count)
            } else {
                out += "@"
                rest = tail.dropFirst()
            }
        }
        return out + rest
    }
}
