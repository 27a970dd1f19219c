import DriverProtocol
import Foundation
import SpecModel

/// libFuzzer's entry point: the input is one line a driver (or the runner) wrote. It is read
/// as the runner reads it (UTF-8, bad sequences replaced), decoded, parsed as a reply and as a
/// request, checked against every schema, and encoded again. A crash, a trap or a broken
/// invariant is a finding; a rejected line is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let value: Value
    do {
        value = try JSONCodec.decode(line)
    } catch {
        require(error.column >= 1 && error.column <= line.utf8.count + 1, "error outside the line: \(error)")
        _ = error.description
        return 0
    }
    checkRoundTrip(value, of: line)
    checkStrictness(line)
    checkReply(value)
    checkRequest(value)
    for file in ProtocolSchemas.files {
        _ = ProtocolSchemas.problems(in: value, schema: file.name)
    }
    return 0
}

/// Encoding gives one line that decodes to the same value and encodes to the same text.
private func checkRoundTrip(_ value: Value, of line: String) {
    let encoded = JSONCodec.encode(value)
    require(!encoded.utf8.contains(UInt8(ascii: "\n")), "encoded value spans lines: \(encoded)")
    guard let again = try? JSONCodec.decode(encoded), again == value else {
        fatalError("round trip changed the value: \(line) was encoded as \(encoded)")
    }
    require(JSONCodec.encode(again) == encoded, "encoding is not deterministic: \(encoded)")
}

/// The codec is stricter than JSON (whole numbers, no duplicate keys, limited depth), never
/// laxer: what it accepts is JSON to Foundation's parser too.
private func checkStrictness(_ line: String) {
    let accepted = try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
    require(accepted != nil, "accepted a line that is not JSON: \(line)")
}

/// A line that parses as a reply gives the same reply back from its message; a hello reply's
/// fields give the same driver back.
private func checkReply(_ value: Value) {
    guard let (id, reply) = try? DriverReply.parse(value) else { return }
    guard let (againID, again) = try? DriverReply.parse(reply.message(id: id)), againID == id, again == reply
    else { fatalError("a reply does not survive its own message: \(value)") }
    switch reply {
    case .ok(let fields):
        if let info = try? DriverInfo(helloReply: fields) {
            require((try? DriverInfo(helloReply: info.helloReplyFields)) == info, "hello reply: \(value)")
        }
        for request in ["hello", "start", "input", "reset", "bye"] {
            _ = ProtocolSchemas.problems(in: value, schema: ProtocolSchemas.replySchema(to: request, ok: true))
        }
    case .error:
        _ = ProtocolSchemas.problems(in: value, schema: ProtocolSchemas.replySchema(to: "input", ok: false))
    }
}

/// Likewise for a request, as a driver built with the driver kit reads it.
private func checkRequest(_ value: Value) {
    guard let (id, request) = try? DriverRequest.parse(value) else { return }
    guard let (againID, again) = try? DriverRequest.parse(request.message(id: id)), againID == id,
        again == request
    else { fatalError("a request does not survive its own message: \(value)") }
    _ = ProtocolSchemas.problems(in: value, schema: ProtocolSchemas.requestSchema(request.type))
}

/// A broken invariant: says which, then traps, in release builds too (`precondition` would
/// drop the message there).
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
