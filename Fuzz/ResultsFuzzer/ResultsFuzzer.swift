import DriverProtocol
import FuzzChecks
import Results
import SpecModel

/// libFuzzer's entry point: the bytes of a results file (`merge`). It is decoded as merge reads
/// it; what decodes has records that digest to what the file says (the check merge makes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let document: Value
    do {
        document = try JSONCodec.decode(text)
    } catch {
        FuzzChecks.require(error.column >= 1, "a JSON error outside the text: \(error)")
        return 0
    }
    do {
        let runs = try ResultsCodec.decodeRuns(document)
        FuzzChecks.require(!runs.isEmpty, "a results file decoded to no run")
        for run in runs {
            _ = ResultsCodec.RecordsDigest.of(run)
            _ = run.summary
        }
    } catch {
        FuzzChecks.require(!error.message.isEmpty, "a refusal without words at \(error.path)")
    }
    return 0
}
