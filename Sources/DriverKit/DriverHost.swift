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
        var session = Session<Implementation>()
        while let line = readLine() {
            let (reply, done) = session.answer(line)
            write(reply)
            if done { return }
        }
    }

    /// The protocol's state between lines: the current scenario's implementation.
    struct Session<Implementation: DriverImplementation> {
        var current: Implementation?

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
                case .hello(let versions, _):
                    guard versions.contains(Implementation.driverInfo.protocolVersion) else {
                        reply = .error(
                            .failed, "this driver speaks protocol version \(Implementation.driverInfo.protocolVersion)")
                        break
                    }
                    reply = .ok(Implementation.driverInfo.helloReplyFields)
                case .start(let scenario, let given):
                    current = try Implementation(scenario: scenario, given: given)
                    reply = .ok([:])
                case .input(let input, let time):
                    guard current != nil else { throw .failed("input before start") }
                    reply = .ok(["observations": .map(try current!.perform(input, atMilliseconds: time))])
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
