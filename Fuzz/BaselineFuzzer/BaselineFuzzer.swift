import FuzzChecks
import ScenarioModel

/// libFuzzer's entry point: the bytes of a baseline file (`run --baseline`). Every problem is
/// located; a baseline that loads is written back (`--update-baseline` writes that text) and
/// loads again to the same entries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzChecks.text(data, size, file: "fuzz.yaml")
    let (baseline, diagnostics) = Baseline.load(text: text, file: "fuzz.yaml")
    FuzzChecks.located(diagnostics, in: text)
    guard let baseline, diagnostics.isEmpty else { return 0 }
    let (again, problems) = Baseline.load(text: baseline.yaml, file: "fuzz.yaml")
    FuzzChecks.require(problems.isEmpty, "a baseline written back does not load: \(problems)\n\(baseline.yaml)")
    FuzzChecks.require(again?.implementation == baseline.implementation, "the implementation changed on the way back")
    FuzzChecks.require(
        again?.entries.map(\.id) == baseline.entries.map(\.id)
            && again?.entries.map(\.divergence) == baseline.entries.map(\.divergence)
            && again?.entries.map(\.reason) == baseline.entries.map(\.reason),
        "entries changed on the way back:\n\(baseline.yaml)")
    return 0
}
