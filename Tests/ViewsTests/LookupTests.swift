import Testing
import Raster
@testable import Views

/// `ViewRoot.view(withID:)` answers from an index; it must always agree with a walk of the tree.
@MainActor
@Suite struct LookupTests {
    @Test func theIndexFollowsEveryChangeToTheTree() throws {
        let a = Probe(Size(10, 10)), b = Probe(Size(10, 10))
        a.id = "a"; b.id = "b"
        let stack = VStack(spacing: 0) { a; b }
        let root = try makeRoot(stack)
        #expect(root.view(withID: "a") === a)
        #expect(root.view(withID: "c") == nil)

        let c = Probe(Size(10, 10)); c.id = "c"
        stack.addChild(c)
        #expect(root.view(withID: "c") === c)

        a.id = "renamed"
        #expect(root.view(withID: "a") == nil)
        #expect(root.view(withID: "renamed") === a)

        stack.removeChild(b)
        #expect(root.view(withID: "b") == nil)

        // A subtree with ids moved in from elsewhere, and a whole new content view.
        let d = Probe(Size(5, 5)); d.id = "d"
        let holder = ZStack { d }
        stack.insertChild(holder, at: 0)
        #expect(root.view(withID: "d") === d)
        stack.replaceChildren(with: [c])
        #expect(root.view(withID: "d") == nil && root.view(withID: "renamed") == nil && root.view(withID: "c") === c)

        let e = Probe(Size(5, 5)); e.id = "e"
        root.setContent(ZStack { e })
        #expect(root.view(withID: "e") === e)
        #expect(root.view(withID: "c") == nil)
    }

    @Test func theFirstViewInDepthFirstOrderWinsAndTheIndexKeepsNothingAlive() throws {
        let first = Probe(Size(1, 1)), second = Probe(Size(1, 1))
        first.id = "same"; second.id = "same"
        let stack = VStack(spacing: 0) { ZStack { first }; second }
        let root = try makeRoot(stack)
        #expect(root.view(withID: "same") === first)
        #expect(root.view(withID: "same") === stack.view(withID: "same"))

        weak var gone: View?
        do {
            let temporary = Probe(Size(1, 1)); temporary.id = "temporary"
            stack.addChild(temporary)
            #expect(root.view(withID: "temporary") === temporary)
            stack.removeChild(temporary)
            gone = temporary
        }
        #expect(gone == nil)
    }

    @Test func rootsDoNotSeeEachOthersViews() throws {
        let x = Probe(Size(1, 1)); x.id = "x"
        let y = Probe(Size(1, 1)); y.id = "x"
        let one = try makeRoot(ZStack { x }), two = try makeRoot(ZStack { y })
        #expect(one.view(withID: "x") === x)
        #expect(two.view(withID: "x") === y)
        // Moving x into the second root's tree: the first no longer finds it.
        two.content.insertChild(x, at: 0)
        #expect(one.view(withID: "x") == nil)
        #expect(two.view(withID: "x") === x)
    }
}
