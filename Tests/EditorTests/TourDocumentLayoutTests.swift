import Foundation
import Testing
import Editor
import Tours

/// A file written in a layout of its own (tabs, several keys on a line, spaces before colons and
/// commas, a blank line between steps) keeps it: an edit changes the bytes of what it changes and
/// nothing else, so the diff a reviewer reads is the edit.
@Suite(.serialized) @MainActor struct TourDocumentLayoutTests {
    static let odd = """
    {
    \t"id":"odd" ,
    \t"steps":[
    \t\t{ "target" : "nav.title",   "text":"Welcome." ,
    \t\t  "placement" :"below" },

    \t\t{"target":"fab","shape":"circle",  "text":"Add one." }
    \t]
    }

    """

    @Test func aChangedTargetChangesOnlyItsBytes() throws {
        let f = try EditorFixture(text: Self.odd)
        try f.run("tap editor.step.2\ntap card.1\nkey ctrl+s")
        #expect(f.editor.model.selectedStep?.target == .views(["card.1"]))
        // The target is written with its element's role and name, the rest byte for byte.
        let written = #""target":{ "id": "card.1", "role": "button", "name": "City Lights, Streets glow at night after the rain." }"#
        #expect(f.saved == Self.odd.replacingOccurrences(of: #""target":"fab""#, with: written), "\(f.saved ?? "")")
    }

    @Test func aNewKeyIsTheOnlyNewText() throws {
        let f = try EditorFixture(text: Self.odd)
        try f.run("tap editor.step.2\ntap editor.placement.above\nkey ctrl+s")
        #expect(f.saved == Self.odd.replacingOccurrences(of: #""text":"Add one." }"#, with: #""text":"Add one.",  "placement": "above" }"#),
                "\(f.saved ?? "")")
    }

    @Test func movedStepsKeepTheirText() throws {
        let f = try EditorFixture(text: Self.odd)
        try f.run("tap editor.step.2\nkey alt+up\nkey ctrl+s")
        let first = #"{ "target" : "nav.title",   "text":"Welcome." ,"# + "\n\t\t  " + #""placement" :"below" }"#
        let second = #"{"target":"fab","shape":"circle",  "text":"Add one." }"#
        #expect(f.saved == Self.odd.replacingOccurrences(of: first, with: "FIRST").replacingOccurrences(of: second, with: first)
                    .replacingOccurrences(of: "FIRST", with: second), "\(f.saved ?? "")")
    }
}
