import FuzzChecks
import ScenarioModel

/// libFuzzer's entry point: the bytes of a suite's manifest (`authspec.yaml`). Every problem is
/// located; a manifest that loads names no empty path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzChecks.text(data, size, file: "authspec.yaml")
    let (manifest, diagnostics) = Manifest.load(text: text, file: "authspec.yaml")
    FuzzChecks.located(diagnostics, in: text)
    if let manifest, diagnostics.isEmpty {
        FuzzChecks.require(!manifest.scenarios.contains(where: \.isEmpty), "an empty scenario path loaded")
    }
    return 0
}
