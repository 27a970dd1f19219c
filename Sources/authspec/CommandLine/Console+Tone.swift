import CommandCatalog
import CommandLineKit
import Reporters

extension Console {
    /// A line of a reporter's, coloured by its tone.
    static func out(_ line: TerminalLine) { out(line.text, style: style(line.tone)) }

    static func show(_ shown: RunProgress.Shown) {
        switch shown {
        case .line(let line): out(line)
        case .status(let line): status(line.text, style: style(line.tone))
        case .endStatus: endStatus()
        case .error(let text): error(text)
        }
    }

    private static func style(_ tone: Tone?) -> Style? {
        let styles: [Tone: Style] = [.good: .good, .bad: .bad, .warning: .warning, .broken: .broken]
        return tone.flatMap { styles[$0] }
    }
}
