import DriverProtocol
import Foundation
import SpecModel

/// Serves a `DriverImplementation` over stdin/stdout, protocol v1: reads one request per
/// line, answers each with one line, and turns every failure into an error reply instead of
/// dying. Returns when the runner says bye or closes stdin.
public enum DriverHost {
    public static func serve<Implementation: DriverImplementation>(
        _ type: Implementation.Type,
        readLine: () -> String? = { Swift.readLine(strippingNewline: true) },
        write: (String) -> Void = { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    ) {
        serve([.implementation(type)], readLine: readLine, write: write)
    }

    /// Serves whichever implementation is of the model the handshake asks for (the one with no
    /// model of its own if none names it); another model is refused at the handshake.
    public static func serve(
        _ implementations: [Served],
        readLine: () -> String? = { Swift.readLine(strippingNewline: true) },
        write: (String) -> Void = { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    ) {
        var session = Session(served: implementations)
        while let line = readLine() {
            let (reply, done) = session.answer(line)
            write(reply)
            if done { return }
        }
    }

    /// One implementation a driver serves: its model, its handshake and how a scenario starts.
    public struct Served {
        let model: String?
        let info: DriverInfo
        let start: (String, [String: Value]) throws(ImplementationError) -> Performer

        /// A model's reference (its package's, at its default settings) served as a driver: the
        /// inputs it handles are the model's own (not the shorthands the runner expands); the keys
        /// whose values it states as bounds are not served, as it measures nothing there.
        public static func reference(_ package: ModelPackage, identity: DriverIdentity) -> Served {
            let declaration = package.declaration
            let info = DriverInfo(
                name: identity.name, version: identity.version, language: identity.language,
                protocolVersion: ProtocolVersion.supported.last ?? 1,
                inputs: declaration.inputs.filter { $0.expansion == nil }.map(\.name),
                observations: declaration.keysTheReferenceServes)
            let settings = (try? package.resolve(settings: [:]).get()) ?? [:]
            let withheld = Set(declaration.observations.map(\.key)).subtracting(info.observations)
            return Served(model: package.name, info: info) { scenario, given throws(ImplementationError) in
                var reference = package.makeReference(settings)
                try reference.start(scenario: scenario, given: given)
                return Performer { input, time throws(ImplementationError) in
                    let observations = try reference.perform(input, atMilliseconds: time)
                    return withheld.isEmpty ? observations : observations.filter { !withheld.contains($0.key) }
                }
            }
        }

        public static func implementation<Implementation: DriverImplementation>(
            _: Implementation.Type
        ) -> Served {
            Served(model: Implementation.model, info: Implementation.driverInfo) {
                scenario, given throws(ImplementationError) in
                var implementation = try Implementation(scenario: scenario, given: given)
                return Performer { input, time throws(ImplementationError) in
                    try implementation.perform(input, atMilliseconds: time)
                }
            }
        }
    }

    /// The current scenario's implementation, behind the one call the protocol makes of it.
    struct Performer {
        let perform: (Input, Int) throws(ImplementationError) -> Observations
    }

    /// The protocol's state between lines: the implementation chosen at the handshake and the
    /// current scenario's.
    struct Session {
        let served: [Served]
        var chosen: Served
        var current: Performer?

        init(served: [Served]) {
            precondition(!served.isEmpty, "serve at least one implementation")
            self.served = served
            chosen = served[0]
        }

        /// The reply line to one request line, and whether the conversation is over.
        mutating func answer(_ line: String) -> (reply: String, done: Bool) {
            let id: Int
            let request: DriverRequest
            do {
                (id, request) = try DriverRequest.parse(try JSONCodec.decode(line))
            } catch {
                let reply = DriverReply.error(.failed, "cannot read the request: \(error)")
                return (JSONCodec.encode(reply.message(id: Self.id(in: line))), false)
            }
            let reply: DriverReply
            var done = false
            do throws(ImplementationError) {
                switch request {
                case .hello(let versions, let model):
                    guard
                        let match = served.first(where: { $0.model == model })
                            ?? served.first(where: { $0.model == nil })
                    else {
                        let models = served.compactMap(\.model).joined(separator: " and ")
                        reply = .error(.failed, "this driver implements the \(models) model, not '\(model)'")
                        break
                    }
                    chosen = match
                    guard versions.contains(match.info.protocolVersion) else {
                        reply = .error(.failed, "this driver speaks protocol version \(match.info.protocolVersion)")
                        break
                    }
                    reply = .ok(match.info.helloReplyFields)
                case .start(let scenario, let given):
                    current = try chosen.start(scenario, given)
                    reply = .ok([:])
                case .input(let input, let time):
                    guard let current else { throw .failed("input before start") }
                    reply = .ok(["observations": .map(try current.perform(input, time))])
                case .reset:
                    current = nil
                    reply = .ok([:])
                case .bye:
                    reply = .ok([:])
                    done = true
                }
            } catch {
                switch error {
                case .unsupported(let why): reply = .error(.unsupported, why)
                case .failed(let why): reply = .error(.failed, why)
                case .driver(let failure): reply = .error(.failed, failure.message)
                }
            }
            return (JSONCodec.encode(reply.message(id: id)), done)
        }

        /// The request's id when the rest of it cannot be read, so the error still pairs up.
        static func id(in line: String) -> Int {
            if case .map(let fields)? = try? JSONCodec.decode(line), let id = fields["id"]?.int { return id }
            return 0
        }
    }
}
