import SpecModel

/// The protocol's JSON Schemas (draft 2020-12), one per message kind and the envelope they
/// share by `$ref`: the files of docs/protocol/, embedded at build time (Plugins/EmbedSchemas),
/// and used by --validate-protocol.
public enum ProtocolSchemas {
    public static let files: [(name: String, text: String)] = EmbeddedSchemas.files
}

extension ProtocolSchemas {
    /// The schema a request must satisfy.
    public static func requestSchema(_ type: String) -> String { "\(type).request.schema.json" }

    /// The schema a reply must satisfy, given the request it answers.
    public static func replySchema(to requestType: String, ok: Bool) -> String {
        guard ok else { return "error.reply.schema.json" }
        switch requestType {
        case "hello": return "hello.reply.schema.json"
        case "input": return "input.reply.schema.json"
        default: return "ok.reply.schema.json"
        }
    }

    /// Every schema by file name, parsed once (the files are parsed in a test; a failure here
    /// is a build mistake), for references across files.
    public static let documents: [String: Value] = {
        var result: [String: Value] = [:]
        for file in files { result[file.name] = (try? JSONCodec.decode(file.text)) ?? .null }
        return result
    }()

    /// Validators by file name, each resolving references into the others.
    public static let validators: [String: SchemaValidator] = documents.mapValues {
        SchemaValidator(schema: $0, documents: documents)
    }

    /// Problems of one message against its schema and the envelope.
    public static func problems(in message: Value, schema name: String) -> [String] {
        let envelope = validators["envelope.schema.json"]?.problems(in: message) ?? []
        guard let validator = validators[name] else { return envelope + ["no schema named \(name)"] }
        // A message schema refers to the envelope's definitions: a problem both find is said once.
        var seen = Set<String>()
        return (envelope + validator.problems(in: message)).filter { seen.insert($0).inserted }
    }
}
