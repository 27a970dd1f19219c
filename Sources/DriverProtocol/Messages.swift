import SpecModel

/// Protocol versions this runner speaks, newest last.
public enum ProtocolVersion {
    public static let supported = [1]
}

/// Who a driver says it is and what it can do, from its hello reply.
public struct DriverInfo: Sendable, Equatable {
    public var name: String
    public var version: String
    public var language: String
    public var protocolVersion: Int
    /// Input names it handles; scenarios using others are skipped.
    public var inputs: [String]
    /// Observation keys it reports; expectations on others are not checked.
    public var observations: [String]

    public init(
        name: String, version: String, language: String, protocolVersion: Int, inputs: [String],
        observations: [String]
    ) {
        self.name = name
        self.version = version
        self.language = language
        self.protocolVersion = protocolVersion
        self.inputs = inputs
        self.observations = observations
    }
}

/// A message from the runner to a driver. Every one carries an `id` the reply must echo.
public enum DriverRequest: Sendable, Equatable {
    case hello(versions: [Int], model: String)
    case start(scenario: String, given: [String: Value])
    case input(Input, timeMilliseconds: Int)
    case reset
    case bye

    public var type: String {
        switch self {
        case .hello: return "hello"
        case .start: return "start"
        case .input: return "input"
        case .reset: return "reset"
        case .bye: return "bye"
        }
    }

    public func message(id: Int) -> Value {
        var fields: [String: Value] = ["id": .int(id), "type": .string(type)]
        switch self {
        case .hello(let versions, let model):
            fields["versions"] = .list(versions.map(Value.int))
            fields["model"] = .string(model)
        case .start(let scenario, let given):
            fields["scenario"] = .string(scenario)
            fields["given"] = .map(given)
        case .input(let input, let time):
            var encoded: [String: Value] = ["name": .string(input.name)]
            if let argument = input.argument { encoded["argument"] = argument }
            fields["input"] = .map(encoded)
            fields["time_ms"] = .int(time)
        case .reset, .bye:
            break
        }
        return .map(fields)
    }

    /// The request's line, newline included, appended to `out`: the same bytes as
    /// `JSONCodec.encode(message(id:))` (compact, keys sorted), written without building the
    /// message.
    public func appendLine(id: Int, to out: inout [UInt8]) {
        JSONCodec.append("{", to: &out)
        switch self {
        case .hello(let versions, let model):
            appendID(id, to: &out)
            JSONCodec.append(",\"model\":", to: &out)
            JSONCodec.appendQuoted(model, to: &out)
            JSONCodec.append(",\"type\":\"hello\",\"versions\":", to: &out)
            JSONCodec.encode(.list(versions.map(Value.int)), into: &out)
        case .start(let scenario, let given):
            JSONCodec.append("\"given\":", to: &out)
            JSONCodec.encode(.map(given), into: &out)
            JSONCodec.append(",", to: &out)
            appendID(id, to: &out)
            JSONCodec.append(",\"scenario\":", to: &out)
            JSONCodec.appendQuoted(scenario, to: &out)
            JSONCodec.append(",\"type\":\"start\"", to: &out)
        case .input(let input, let time):
            appendID(id, to: &out)
            JSONCodec.append(",\"input\":{", to: &out)
            if let argument = input.argument {
                JSONCodec.append("\"argument\":", to: &out)
                JSONCodec.encode(argument, into: &out)
                JSONCodec.append(",", to: &out)
            }
            JSONCodec.append("\"name\":", to: &out)
            JSONCodec.appendQuoted(input.name, to: &out)
            JSONCodec.append("},\"time_ms\":", to: &out)
            JSONCodec.appendNumber(time, to: &out)
            JSONCodec.append(",\"type\":\"input\"", to: &out)
        case .reset:
            appendID(id, to: &out)
            JSONCodec.append(",\"type\":\"reset\"", to: &out)
        case .bye:
            appendID(id, to: &out)
            JSONCodec.append(",\"type\":\"bye\"", to: &out)
        }
        JSONCodec.append("}\n", to: &out)
    }

    private func appendID(_ id: Int, to out: inout [UInt8]) {
        JSONCodec.append("\"id\":", to: &out)
        JSONCodec.appendNumber(id, to: &out)
    }

    /// Reads a request line's value (the driver's side of the protocol).
    public static func parse(_ value: Value) throws(ProtocolError) -> (id: Int, request: DriverRequest) {
        guard case .map(let fields) = value else { throw .malformed("a request must be a JSON object") }
        guard let id = fields["id"]?.int else { throw .malformed("a request needs a whole-number \"id\"") }
        switch fields["type"]?.string {
        case "hello":
            let versions = fields["versions"]?.list?.compactMap(\.int) ?? []
            return (id, .hello(versions: versions, model: fields["model"]?.string ?? ""))
        case "start":
            guard case .map(let given)? = fields["given"] else { throw .malformed("start needs a \"given\" object") }
            return (id, .start(scenario: fields["scenario"]?.string ?? "", given: given))
        case "input":
            guard case .map(let input)? = fields["input"], let name = input["name"]?.string,
                let time = fields["time_ms"]?.int
            else { throw .malformed("input needs \"input\": {\"name\", \"argument\"?} and \"time_ms\"") }
            return (id, .input(Input(name, input["argument"]), timeMilliseconds: time))
        case "reset": return (id, .reset)
        case "bye": return (id, .bye)
        default: throw .malformed("unknown request type \(fields["type"].map(\.description) ?? "(none)")")
        }
    }
}

/// A driver's answer: success with its fields, or an error it reports.
public enum DriverReply: Sendable, Equatable {
    public enum ErrorKind: String, Sendable {
        /// It does not handle this input or world: the scenario is skipped.
        case unsupported
        /// It broke while handling the request: the scenario errors.
        case failed
    }

    case ok([String: Value])
    case error(ErrorKind, String)

    public func message(id: Int) -> Value {
        switch self {
        case .ok(let fields):
            return .map(fields.merging(["id": .int(id), "ok": .bool(true)]) { _, new in new })
        case .error(let kind, let message):
            return .map([
                "id": .int(id), "ok": .bool(false),
                "error": .map(["kind": .string(kind.rawValue), "message": .string(message)]),
            ])
        }
    }

    public static func parse(_ value: Value) throws(ProtocolError) -> (id: Int, reply: DriverReply) {
        let parsed = try parseKeepingFields(value)
        guard case .ok(var fields) = parsed.reply else { return parsed }
        fields["id"] = nil
        fields["ok"] = nil
        return (parsed.id, .ok(fields))
    }

    /// As `parse`, except that a success keeps "id" and "ok" among its fields: the reply's
    /// fields are not copied, for a reader that looks up only the fields it needs.
    public static func parseKeepingFields(_ value: Value) throws(ProtocolError) -> (id: Int, reply: DriverReply) {
        guard case .map(let fields) = value else { throw .malformed("a reply must be a JSON object") }
        guard let id = fields["id"]?.int else {
            throw .malformed("a reply needs a whole-number \"id\"")
        }
        switch fields["ok"] {
        case .bool(true)?:
            return (id, .ok(fields))
        case .bool(false)?:
            guard case .map(let error)? = fields["error"], let kindName = error["kind"]?.string,
                let kind = ErrorKind(rawValue: kindName)
            else {
                throw .malformed(
                    "an error reply needs \"error\": {\"kind\": \"unsupported\" or \"failed\", \"message\"}")
            }
            return (id, .error(kind, error["message"]?.string ?? ""))
        default:
            throw .malformed("a reply needs \"ok\": true or false")
        }
    }
}

public enum ProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed(String)
    public var description: String {
        switch self {
        case .malformed(let why): return why
        }
    }
}

extension DriverInfo {
    /// Reads a hello reply's fields.
    public init(helloReply fields: [String: Value]) throws(ProtocolError) {
        guard let version = fields["protocol"]?.int else {
            throw .malformed("the hello reply needs \"protocol\": the version chosen")
        }
        guard case .map(let implementation)? = fields["implementation"], let name = implementation["name"]?.string
        else { throw .malformed("the hello reply needs \"implementation\": {\"name\", \"version\", \"language\"}") }
        guard case .map(let capabilities)? = fields["capabilities"],
            let inputs = capabilities["inputs"]?.list?.compactMap(\.string),
            let observations = capabilities["observations"]?.list?.compactMap(\.string)
        else {
            throw .malformed("the hello reply needs \"capabilities\": {\"inputs\": [...], \"observations\": [...]}")
        }
        self.init(
            name: name, version: implementation["version"]?.string ?? "",
            language: implementation["language"]?.string ?? "",
            protocolVersion: version, inputs: inputs, observations: observations)
    }

    public var helloReplyFields: [String: Value] {
        [
            "protocol": .int(protocolVersion),
            "implementation": .map(["name": .string(name), "version": .string(version), "language": .string(language)]),
            "capabilities": .map([
                "inputs": .list(inputs.map(Value.string)), "observations": .list(observations.map(Value.string)),
            ]),
        ]
    }
}
