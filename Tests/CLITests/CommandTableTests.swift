import Foundation
import Testing
@testable import LimelightCLI

/// The command line's commands are one table: `help` lists each of them, an unknown command's
/// error names them all, and the README's table of commands has a row for each.
@Suite struct CommandTableTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md").standardized

    @Test func helpAndTheErrorListEveryCommand() {
        let help = LimelightCLI.usage()
        for command in LimelightCLI.commands {
            #expect(help.contains("\n  \(command.name)  ") || help.contains("\n  \(command.name) "), "help lists \(command.name)")
        }
        let names = LimelightCLI.commands.map(\.name)
        #expect(names.count == Set(names).count, "each command once")
        #expect(names.first == "window", "the default command first")
    }

    @Test func theREADMEHasARowForEveryCommand() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let section = try #require(text.range(of: "## Commands")).upperBound
        let end = text.range(of: "\n## ", range: section..<text.endIndex)?.lowerBound ?? text.endIndex
        let table = text[section..<end]
        for command in LimelightCLI.commands where command.name != "help" {
            let row = command.name == "window" ? "| `limelight [window]`" : "| `limelight \(command.name)"
            #expect(table.contains(row), "README's Commands table has \(row)")
        }
    }
}
