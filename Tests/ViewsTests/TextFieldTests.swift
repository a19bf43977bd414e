import Testing
import Raster
@testable import Views

/// Editing in a `TextField`: the caret and selection by keys and pointer (in characters, so an emoji
/// or a Japanese character is one step), words, clipboard, the input method's composition, wrapping
/// and line breaks, and focus. The fixed-metric engine makes every character 0.6 em wide.
@Suite @MainActor struct TextFieldTests {
    func field(_ text: String, multiline: Bool = false, width: Double = 200) throws -> (TextField, ViewRoot) {
        let f = TextField(text: text, font: Font(size: 10), isMultiline: multiline)
        let root = try makeRoot(FrameView(width: width, alignment: .topLeading, child: f), size: Size(400, 300))
        root.frame(into: nil)
        root.focus(f)
        return (f, root)
    }

    @Test func typingGoesAtTheCaretAndReplacesTheSelection() throws {
        let (f, root) = try field("héllo 👋🏽")
        #expect(f.head == 7, "the caret starts at the end, counted in characters")
        root.send(.key(.left))
        root.send(.text("!"))
        #expect(f.text == "héllo !👋🏽")
        root.send(.key(.home, modifiers: .shift))
        #expect(f.selection == 0..<7)
        root.send(.text("Hi "))
        #expect(f.text == "Hi 👋🏽" && f.selection.isEmpty && f.head == 3)
    }

    @Test func wordsAndDeletion() throws {
        let (f, root) = try field("one two three")
        root.send(.key(.backspace, modifiers: .control))
        #expect(f.text == "one two ")
        root.send(.key(.left, modifiers: .control))
        #expect(f.head == 4)
        root.send(.key(.delete, modifiers: .control))
        #expect(f.text == "one  ")
        root.send(.key(.backspace))
        #expect(f.text == "one ")
    }

    @Test func copyCutAndPasteGoThroughTheRootsClipboard() throws {
        let (f, root) = try field("copy me")
        root.send(.key(.character("a"), modifiers: .control))
        root.send(.key(.character("c"), modifiers: .control))
        #expect(root.clipboard.text == "copy me")
        root.send(.key(.end))
        root.send(.key(.character("v"), modifiers: .control))
        #expect(f.text == "copy mecopy me")
        root.send(.key(.home))
        root.send(.key(.right, modifiers: [.shift, .control]))
        root.send(.key(.character("x"), modifiers: .control))
        #expect(f.text == " mecopy me" && root.clipboard.text == "copy")
        root.clipboard.text = "two\nlines"
        root.send(.key(.character("v"), modifiers: .control))
        #expect(f.text == "two lines mecopy me", "a single-line field pastes line breaks as spaces")
    }

    @Test func aCompositionShowsInPlaceUntilCommitted() throws {
        let (f, root) = try field("ab")
        root.send(.key(.left))
        root.send(.composition("にほ", cursor: 2))
        #expect(f.text == "ab" && f.composition == "にほ", "composing text is not typed yet")
        root.send(.key(.left))
        #expect(f.head == 1, "keys belong to the input method while it composes")
        let caret = try #require(f.caretRect)
        #expect(caret.minX == f.frame.minX + 8 + 3 * 6, "the caret after the composition's cursor (three characters in)")
        root.send(.composition("", cursor: 0))
        root.send(.text("日本"))
        #expect(f.text == "a日本b" && f.composition.isEmpty && f.head == 3)
    }

    @Test func aClickPlacesTheCaretAndADragSelects() throws {
        let (f, root) = try field("abcdefgh")
        root.focus(nil)
        #expect(!f.isFocused)
        let y = f.frame.midY
        root.send(.pointerDown(Point(f.frame.minX + 8 + 3 * 6 + 1, y), button: .primary))
        #expect(f.isFocused && f.head == 3)
        root.send(.pointerMove(Point(f.frame.minX + 8 + 6 * 6 - 1, y)))
        root.send(.pointerUp(Point(f.frame.minX + 8 + 6 * 6 - 1, y), button: .primary))
        #expect(f.selection == 3..<6)
        root.send(.key(.escape))
        #expect(root.focusedView == nil)
        root.send(.text("x"))
        #expect(f.text == "abcdefgh", "without the focus nothing is typed")
    }

    @Test func aMultilineFieldWrapsAndMovesByLines() throws {
        // 16 characters of 6 points fit the 100-point text width (116 less the insets).
        let (f, root) = try field("the quick brown fox jumps", multiline: true, width: 116)
        #expect(f.frame.height == (2 * 12 + 12).rounded(.up), "two lines of 12 points and the insets")
        root.send(.key(.home))
        #expect(f.head == 16, "Home goes to the start of the second line")
        root.send(.key(.up))
        #expect(f.head == 0)
        root.send(.key(.enter))
        #expect(f.text == "\nthe quick brown fox jumps", "Enter breaks the line")
    }
}

/// Stacks give every child its ideal length when all of them fit, so a label is never cut short
/// beside others that would have fit anyway; growing views share what is left.
@Suite @MainActor struct StackIdealLengthTests {
    @Test func labelsThatFitAreNeverCut() throws {
        let dots = Probe(Size(116, 6))
        let progress = Text("3 / 12", font: Font(size: 10), lineLimit: 1)
        let skip = Text("Skip", font: Font(size: 10), lineLimit: 1)
        let row = HStack(spacing: 8, children: [progress, dots, Spacer(minLength: 8), skip])
        let root = try makeRoot(FrameView(width: 248, alignment: .topLeading, child: row), size: Size(300, 100))
        root.frame(into: nil)
        #expect(skip.lines == ["Skip"] && progress.lines == ["3 / 12"])
        #expect(skip.frame.maxX == 248, "the spacer takes what is left")
    }

    @Test func aGrowingViewStillTakesTheRest() throws {
        let label = Text("Name", font: Font(size: 10), lineLimit: 1)
        let field = TextField(text: "", font: Font(size: 10))
        let row = HStack(spacing: 10, children: [label, field])
        let root = try makeRoot(FrameView(width: 300, alignment: .topLeading, child: row), size: Size(300, 100))
        root.frame(into: nil)
        #expect(label.frame.width == 24 && field.frame.width == 300 - 24 - 10)
    }
}
