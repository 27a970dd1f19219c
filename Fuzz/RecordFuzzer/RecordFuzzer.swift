import Engine
import FuzzChecks
import ScenarioModel
import UnlockScreen

/// libFuzzer's entry point: the bytes of a scenario file given to `record`. Its steps in flow
/// style are rewritten one a line and the reference's observations written in; what record
/// writes must load and pass (record checks it, and says so if not), and a refusal is words.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzChecks.text(data, size, file: "fuzz.yaml")
    do {
        let recorded = try Recording.record(text, file: "fuzz.yaml", package: UnlockPackage.package, allKeys: false)
        let loaded = ScenarioLoader(model: UnlockPackage.package.declaration).load(
            text: recorded.text, file: "fuzz.yaml")
        FuzzChecks.require(loaded.diagnostics.isEmpty, "a recorded file does not load: \(loaded.diagnostics)")
    } catch {
        if case .wouldNotPass(let what) = error { FuzzChecks.require(false, "record's own check failed: \(what)") }
        FuzzChecks.require(!error.description.isEmpty, "a refusal without words")
    }
    return 0
}
