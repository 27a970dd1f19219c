import FuzzChecks
import SpecCheck
import SpecModel
import UnlockScreen

/// libFuzzer's entry point: the bytes of a spec document (`spec check`). It is read as written
/// (diagrams, rule tables, facts), identified and, when it is a document of the unlock model's,
/// compared with the model; every finding with a line has one inside the document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzChecks.text(data, size, file: "SCR-AUTH-006.txt")
    let package = UnlockPackage.package
    var checker = SpecChecker(model: package.declaration, tables: package.ruleTables, mapping: SpecMapping())
    checker.facts = package.facts
    let document = SpecDocument(file: "SCR-AUTH-006.txt", text: text)
    guard case .success(let identified) = checker.identify(document) else { return 0 }
    for check in checker.check([identified]) {
        for finding in check.findings {
            if let line = finding.line {
                FuzzChecks.require(
                    line >= 1 && line <= document.lines.count, "a finding at line \(line) of \(document.lines.count)")
            }
        }
    }
    return 0
}
