import AccessibilityBridge
import Raster
import Testing

/// What the bridge answers a client that asks for what cannot be: extents beyond 32-bit pixels,
/// coordinate types, indexes and offsets out of range, values that are not numbers, arguments of
/// the wrong types. Nothing traps: values are clamped, or the answer is AT-SPI2's InvalidArgs.
@Suite struct BusMethodTests {
    static let tree = BusCalls.screen
    static let invalidArguments = "org.freedesktop.DBus.Error.InvalidArgs"

    /// The path of the element `id` (or the first named `name`).
    static func path(_ id: String? = nil, named name: String? = nil) -> String {
        let e = tree.elements.first { id != nil ? $0.id == id : $0.name == name }!
        return "/org/a11y/atspi/accessible/\(e.number)"
    }

    static func ask(_ path: String, _ interface: String, _ member: String, _ arguments: [MethodCall.Argument] = [],
                    scale: Double = 2, origin: Point = Point(x: 0, y: 0)) -> (MethodDispatch.Answer, [RecordedReply.Value]) {
        var reply = RecordedReply()
        let context = AccessibleObject.Context(tree: tree, origin: origin, pixelsPerPoint: scale)
        let answer = MethodDispatch.answer(MethodCall(path: path, interface: "org.a11y.atspi." + interface, member: member, arguments: arguments),
                                           context: context, reply: &reply)
        #expect(!reply.failed)
        return (answer, reply.values)
    }

    static func box(_ values: [RecordedReply.Value]) -> [Int32] {
        guard case .container("r", "iiii", let inner)? = values.first else { return [] }
        return inner.compactMap { if case .int32(let v) = $0 { return v } else { return nil } }
    }

    @Test func extentsBeyond32BitPixelsAreClampedToThem() {
        // 1,200,000,099 points down at scale 2: 2.4 billion pixels, past Int32.max. The box is
        // what 32 bits reach of it: nothing, at their edge.
        let far = Self.path("far")
        #expect(Self.box(Self.ask(far, "Component", "GetExtents", [.uint32(1)]).1) == [258, Int32.max, 125, 0])
        #expect(Self.box(Self.ask(far, "Component", "GetExtents", [.uint32(0)], origin: Point(x: 100, y: -1e10)).1) == [358, Int32.min, 125, 0])
        #expect(Self.ask(far, "Component", "GetPosition", [.uint32(2)]).1 == [.int32(258), .int32(Int32.max)])
        #expect(Self.ask(far, "Component", "GetSize").1 == [.int32(125), .int32(0)])
        // At scale 1 it fits, as it was.
        #expect(Self.box(Self.ask(far, "Component", "GetExtents", [.uint32(1)], scale: 1).1) == [129, 1_200_000_099, 63, 44])
        // Four billion pixels wide from four billion to the left: the part 32 bits reach.
        let slider = Self.path("slider")
        #expect(Self.box(Self.ask(slider, "Component", "GetExtents", [.uint32(1)], scale: 1).1) == [Int32.min, Int32.min, 1_147_483_648, 0])
        // A frame that is not a number is an empty box at 0; one at 1e300 is at the edge.
        #expect(Self.box(Self.ask(Self.path(named: "Step 1 of 2: Far"), "Component", "GetExtents", [.uint32(0)]).1) == [0, 0, 0, 0])
        let next = Self.box(Self.ask(Self.path("overlay.bubble.next"), "Component", "GetExtents", [.uint32(1)]).1)
        #expect(next == [Int32.max, Int32.max, 0, 0], "\(next)")
        // A text's character extents are its element's, clamped the same way.
        let field = Self.path("field")
        #expect(Self.ask(field, "Text", "GetCharacterExtents", [.int32(Int32.min), .uint32(1)]).1 == [.int32(32), .int32(Int32.max), .int32(600), .int32(0)])
        #expect(Self.ask(field, "Text", "GetRangeExtents", [.int32(Int32.max), .int32(-1), .uint32(1)]).1.count == 4)
    }

    @Test func aCoordinateTypeOtherThanTheThreeIsInvalidArguments() {
        for (interface, member, arguments) in [("Component", "GetExtents", [MethodCall.Argument.uint32(3)]),
                                               ("Component", "GetPosition", [.uint32(UInt32.max)]),
                                               ("Component", "Contains", [.int32(0), .int32(0), .uint32(7)]),
                                               ("Component", "GetAccessibleAtPoint", [.int32(0), .int32(0), .uint32(1 << 31)]),
                                               ("Text", "GetCharacterExtents", [.int32(0), .uint32(3)])] {
            let (answer, _) = Self.ask(Self.path("field"), interface, member, arguments)
            #expect(answer.outcome == .error(Self.invalidArguments, "coordinate type \(arguments.last!.uint32) is none of screen (0), window (1) and parent (2)"),
                    "\(member)")
        }
    }

    @Test func argumentsOfOtherTypesAreInvalidArguments() {
        let far = Self.path("far")
        #expect(Self.ask(far, "Component", "GetExtents", [.string("0")]).0.outcome
                == .error(Self.invalidArguments, "org.a11y.atspi.Component.GetExtents takes (u), not (s)"))
        #expect(Self.ask(far, "Component", "GetExtents").0.outcome == .error(Self.invalidArguments, "org.a11y.atspi.Component.GetExtents takes (u), not ()"))
        #expect(Self.ask(far, "Accessible", "GetChildAtIndex", [.int32(0), .int32(0)]).0.outcome
                == .error(Self.invalidArguments, "org.a11y.atspi.Accessible.GetChildAtIndex takes (i), not (ii)"))
        #expect(Self.ask(far, "Action", "DoAction", [.unread("as")]).0.outcome
                == .error(Self.invalidArguments, "org.a11y.atspi.Action.DoAction takes (i), not (as)"))
        // Nothing was asked of the main actor.
        #expect(Self.ask(far, "Action", "DoAction", [.double(0)]).0.request == nil)
    }

    @Test func pointsAnywhereAreInsideNothingOrTheirElement() {
        let screen = "/org/a11y/atspi/accessible/\(Self.tree.elements[0].number)"
        for (x, y) in [(Int32.min, Int32.min), (Int32.max, Int32.max), (0, -1), (Int32.max, 0)] {
            for type: UInt32 in 0...2 {
                let (answer, values) = Self.ask(screen, "Component", "GetAccessibleAtPoint", [.int32(x), .int32(y), .uint32(type)], scale: 1e-300)
                #expect(answer.outcome == .replied && values.count == 1)
                #expect(Self.ask(screen, "Component", "Contains", [.int32(x), .int32(y), .uint32(type)], scale: 0).0.outcome == .replied)
            }
        }
    }

    @Test func indexesOutOfRangeAreTheNullReferenceOrFalse() {
        let null = RecordedReply.Value.container("r", "so", [.string(""), .objectPath("/org/a11y/atspi/null")])
        let screen = "/org/a11y/atspi/accessible/\(Self.tree.elements[0].number)"
        let bar = "/org/a11y/atspi/accessible/\(Self.tree.elements.first { $0.role == .tabBar }!.number)"
        for n in [-1, Int32.max, Int32.min] {
            #expect(Self.ask(screen, "Accessible", "GetChildAtIndex", [.int32(n)]).1 == [null])
            #expect(Self.ask(bar, "Selection", "GetSelectedChild", [.int32(n)]).1 == [null])
            let (selected, said) = Self.ask(bar, "Selection", "SelectChild", [.int32(n)])
            #expect(said == [.bool(false)] && selected.request == nil)
            #expect(Self.ask(bar, "Selection", "IsChildSelected", [.int32(n)]).1 == [.bool(false)])
            #expect(Self.ask(Self.path("far"), "Action", "GetName", [.int32(n)]).1 == [.string("")])
            let (acted, done) = Self.ask(Self.path("far"), "Action", "DoAction", [.int32(n)])
            #expect(done == [.bool(false)] && acted.request == nil)
        }
    }

    @Test func textOffsetsAnywhereAreClampedToTheText() {
        let field = Self.path("field")
        let whole = "Zoë 👩‍👩‍👧 e\u{301}. Two words.", count = Int32(whole.unicodeScalars.count)
        #expect(Self.ask(field, "Text", "GetText", [.int32(Int32.min), .int32(Int32.max)]).1 == [.string(whole)])
        #expect(Self.ask(field, "Text", "GetText", [.int32(9), .int32(2)]).1 == [.string("")], "an end before the start: nothing")
        #expect(Self.ask(field, "Text", "GetText", [.int32(Int32.max), .int32(-1)]).1 == [.string("")])
        for offset in [Int32.min, -1, count, Int32.max] {
            for boundary: UInt32 in [0, 1, 2, 3, 4, 5, 6, 7, UInt32.max] {
                let (answer, values) = Self.ask(field, "Text", "GetTextAtOffset", [.int32(offset), .uint32(boundary)])
                #expect(answer.outcome == .replied && values.count == 3)
                let (unit, said) = Self.ask(field, "Text", "GetStringAtOffset", [.int32(offset), .uint32(boundary)])
                #expect(unit.outcome == .replied && said.count == 3)
            }
            #expect(Self.ask(field, "Text", "GetCharacterAtOffset", [.int32(offset)]).1 == [.int32(0)])
        }
        // The caret placed past either end stands at that end.
        #expect(Self.ask(field, "Text", "SetCaretOffset", [.int32(Int32.max)]).0.request == .select(whole.count..<whole.count, id: "field"))
        #expect(Self.ask(field, "Text", "SetCaretOffset", [.int32(Int32.min)]).0.request == .select(0..<0, id: "field"))
        #expect(Self.ask(field, "Text", "SetSelection", [.int32(Int32.max), .int32(Int32.max), .int32(Int32.min)]).0.request
                == .select(0..<whole.count, id: "field"))
        #expect(Self.ask(field, "Text", "AddSelection", [.int32(-5), .int32(-1)]).0.request == .select(0..<0, id: "field"))
    }

    @Test func aValueThatIsNotANumberIsInvalidAndOneOutOfRangeIsHeldToIt() {
        let slider = Self.path("slider")
        func set(_ value: MethodCall.Argument) -> MethodDispatch.Answer {
            var reply = RecordedReply()
            let call = MethodCall(path: slider, interface: "org.freedesktop.DBus.Properties", member: "Set",
                                  arguments: [.string("org.a11y.atspi.Value"), .string("CurrentValue"), .variant(value)])
            return MethodDispatch.answer(call, context: AccessibleObject.Context(tree: Self.tree), reply: &reply)
        }
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(set(.double(bad)) == MethodDispatch.Answer(outcome: .error(Self.invalidArguments, "CurrentValue takes a finite number, not \(bad)")))
        }
        #expect(set(.int32(5)) == MethodDispatch.Answer(outcome: .error(Self.invalidArguments, "CurrentValue is a (d), not (i)")))
        #expect(set(.double(1e308)).request == .setValue(100, id: "slider"))
        #expect(set(.double(-1)).request == .setValue(0, id: "slider"))
        #expect(set(.double(42.5)).request == .setValue(42.5, id: "slider"))
    }

    @Test func anObjectThatIsNotThereIsUnknown() {
        for path in ["/org/a11y/atspi/accessible/-1", "/org/a11y/atspi/accessible/99999999999999999999", "/org/a11y/atspi/accessible/"] {
            #expect(Self.ask(path, "Component", "GetExtents", [.uint32(0)]).0.outcome
                    == .error("org.freedesktop.DBus.Error.UnknownObject", "no such accessible object"))
        }
    }
}

extension MethodCall.Argument {
    /// The value of a `u`, for messages.
    var uint32: UInt32 { if case .uint32(let v) = self { return v } else { return 0 } }
}
