import FuzzChecks
import ScenarioModel

/// libFuzzer's entry point: the bytes of a catalogue, read both as a requirements catalogue and
/// as a statement catalogue (the two share their reader). Every problem is located; every
/// requirement and statement loaded has an id, and no id twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzChecks.text(data, size, file: "catalogue.yaml")
    let requirements = RequirementCatalogue.load(text: text, file: "catalogue.yaml")
    FuzzChecks.located(requirements.diagnostics, in: text)
    let ids = requirements.requirements.map(\.id)
    FuzzChecks.require(!ids.contains(where: \.isEmpty), "a requirement without an id loaded")
    FuzzChecks.require(Set(ids).count == ids.count, "a requirement id loaded twice: \(ids)")
    let statements = StatementCatalogue.load(text: text, file: "catalogue.yaml")
    FuzzChecks.located(statements.diagnostics, in: text)
    FuzzChecks.require(!statements.statements.contains { $0.id.isEmpty }, "a statement without an id loaded")
    return 0
}
