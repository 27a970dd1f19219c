import ScenarioModel
import SpecModel
import UnlockScreen

/// libFuzzer's entry point: the input is the bytes of a scenario file. They go through the
/// loader as a file's contents do (UTF-8 and NUL check, libyaml, the scenario decoder), and
/// every diagnostic is formatted as `authspec lint` prints it. A crash, a trap or a broken
/// invariant is a finding; a diagnostic is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let loader = ScenarioLoader(model: UnlockModel.declaration)
    switch SourceFiles.text(of: bytes, file: "fuzz.yaml") {
    case .success(let text):
        check(loader.load(text: text, file: "fuzz.yaml"), lines: lines(of: text))
    case .failure(let problem):
        require(problem.location.line >= 1 && problem.location.column >= 1, "bad byte not located: \(problem)")
        // Text with bad bytes stops there; repaired (U+FFFD for each bad sequence), it still
        // goes through libyaml and the decoder.
        let repaired = String(decoding: bytes, as: UTF8.self)
        check(loader.load(text: repaired, file: "fuzz.yaml"), lines: lines(of: repaired))
    }
    return 0
}

/// Every diagnostic is located, formats, and quotes the line it names; every scenario has
/// steps, each with an input.
private func check(_ loaded: (scenarios: [Scenario], diagnostics: [Diagnostic]), lines: [Substring]) {
    for diagnostic in loaded.diagnostics {
        let location = diagnostic.location
        require(!diagnostic.message.isEmpty, "diagnostic without a message at \(location)")
        require(diagnostic.description.contains(": error: "), "malformed: \(diagnostic)")
        if location.line == 0 {
            // Only the closing count of unlisted problems speaks of the file as a whole.
            guard case .moreProblems = diagnostic.problem else {
                require(false, "diagnostic outside the file: \(diagnostic)")
                continue
            }
            continue
        }
        require(location.line >= 1 && location.column >= 1, "diagnostic outside the file: \(diagnostic)")
        if location.line <= lines.count {
            let expected = Diagnostic.Excerpt(line: lines[location.line - 1], column: location.column)
            require(
                diagnostic.excerpt == expected,
                "\(location) quotes \(String(reflecting: diagnostic.excerpt)), line \(location.line) is \(String(reflecting: lines[location.line - 1]))"
            )
        } else {
            require(diagnostic.excerpt == nil, "\(location) is past the last line but quotes one")
        }
    }
    for scenario in loaded.scenarios {
        require(!scenario.steps.isEmpty, "scenario '\(scenario.id)' loaded without steps")
        for step in scenario.steps {
            require(!step.inputs.isEmpty, "step at \(step.location) expands to no input")
        }
    }
}

/// A text's lines as an editor counts them, and so marks do: split at the UTF-8 bytes of
/// CR LF, CR and LF. Written apart from the loader's own split.
private func lines(of text: String) -> [Substring] {
    let utf8 = text.utf8
    var lines: [Substring] = []
    var start = utf8.startIndex
    var index = start
    while index < utf8.endIndex {
        let byte = utf8[index]
        guard byte == 0x0A || byte == 0x0D else {
            index = utf8.index(after: index)
            continue
        }
        lines.append(Substring(utf8[start..<index]))
        index = utf8.index(after: index)
        if byte == 0x0D, index < utf8.endIndex, utf8[index] == 0x0A { index = utf8.index(after: index) }
        start = index
    }
    lines.append(Substring(utf8[start..<utf8.endIndex]))
    return lines
}

/// A broken invariant: says which, then traps, in release builds too (`precondition` would
/// drop the message there).
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
