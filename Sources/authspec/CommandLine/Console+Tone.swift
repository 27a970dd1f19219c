import CommandCatalog
import CommandLineKit
import Reporters

extension Console {
    /// A line of a reporter's, coloured by its tone.
    static func out(_ line: TerminalLine) {
        let styles: [Tone: Style] = [.good: .good, .bad: .bad, .warning: .warning, .broken: .broken]
        out(line.text, style: line.tone.flatMap { styles[$0] })
    }
}
