import AccessibilityBridge
import Raster
import Views

/// Calls a client could make, answered as the bus's thread answers them, and what must hold of
/// every answer. Shared by BusMethodFuzzTests and the libFuzzer harness (fuzz/BusMethodFuzzer.swift,
/// which fuzz/build.sh compiles with this file): both draw calls from a `BusCalls.Draws`, seeded
/// numbers or a fuzzer's bytes.
enum BusCalls {
    /// Where the values of a call come from.
    protocol Draws {
        /// The next byte; 0 once there are none.
        mutating func byte() -> UInt8
        /// Whether anything is left to draw.
        var isExhausted: Bool { get }
    }

    /// A fuzzer's bytes, read from the start.
    struct Bytes: Draws {
        let bytes: [UInt8]
        var at = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        mutating func byte() -> UInt8 {
            guard at < bytes.count else { return 0 }
            defer { at += 1 }
            return bytes[at]
        }
        var isExhausted: Bool { at >= bytes.count }
    }

    // MARK: - The methods, as AT-SPI2 declares them

    /// A method a client can call: what it takes and what it gives (AT-SPI2's xml/*.xml, and what
    /// libatspi reads back).
    struct Method {
        var interface: String
        var member: String
        var takes: String
        var gives: String
    }

    /// Every method the bridge answers, and a few it does not.
    static let methods: [Method] = {
        var out: [Method] = []
        func add(_ interface: String, _ takes: String, _ gives: String, _ members: String...) {
            for m in members { out.append(Method(interface: "org.a11y.atspi." + interface, member: m, takes: takes, gives: gives)) }
        }
        out += [Method(interface: "org.freedesktop.DBus.Properties", member: "Get", takes: "ss", gives: "v"),
                Method(interface: "org.freedesktop.DBus.Properties", member: "GetAll", takes: "s", gives: "a{sv}"),
                Method(interface: "org.freedesktop.DBus.Properties", member: "Set", takes: "ssv", gives: ""),
                Method(interface: "org.freedesktop.DBus.Introspectable", member: "Introspect", takes: "", gives: "s"),
                Method(interface: "org.a11y.atspi.Cache", member: "GetItems", takes: "", gives: "a((so)(so)(so)iiassusau)")]
        add("Accessible", "i", "(so)", "GetChildAtIndex")
        add("Accessible", "", "a(so)", "GetChildren")
        add("Accessible", "", "i", "GetIndexInParent")
        add("Accessible", "", "a(ua(so))", "GetRelationSet")
        add("Accessible", "", "u", "GetRole")
        add("Accessible", "", "s", "GetRoleName", "GetLocalizedRoleName")
        add("Accessible", "", "au", "GetState")
        add("Accessible", "", "a{ss}", "GetAttributes")
        add("Accessible", "", "(so)", "GetApplication")
        add("Accessible", "", "as", "GetInterfaces")
        add("Application", "u", "s", "GetLocale")
        add("Component", "iiu", "b", "Contains")
        add("Component", "iiu", "(so)", "GetAccessibleAtPoint")
        add("Component", "u", "(iiii)", "GetExtents")
        add("Component", "u", "ii", "GetPosition")
        add("Component", "", "ii", "GetSize")
        add("Component", "", "u", "GetLayer")
        add("Component", "", "n", "GetMDIZOrder")
        add("Component", "", "d", "GetAlpha")
        add("Component", "", "b", "GrabFocus")
        add("Component", "iiiiu", "b", "SetExtents")
        add("Action", "", "a(sss)", "GetActions")
        add("Action", "i", "s", "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding")
        add("Action", "i", "b", "DoAction")
        add("Text", "ii", "s", "GetText")
        add("Text", "i", "b", "SetCaretOffset", "RemoveSelection")
        add("Text", "iu", "sii", "GetStringAtOffset", "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset")
        add("Text", "i", "i", "GetCharacterAtOffset")
        add("Text", "is", "s", "GetAttributeValue")
        add("Text", "i", "a{ss}ii", "GetAttributes")
        add("Text", "ib", "a{ss}ii", "GetAttributeRun")
        add("Text", "", "a{ss}", "GetDefaultAttributes", "GetDefaultAttributeSet")
        add("Text", "iu", "iiii", "GetCharacterExtents")
        add("Text", "iiu", "iiii", "GetRangeExtents")
        add("Text", "iiu", "i", "GetOffsetAtPoint")
        add("Text", "", "i", "GetNSelections")
        add("Text", "i", "ii", "GetSelection")
        add("Text", "ii", "b", "AddSelection")
        add("Text", "iii", "b", "SetSelection")
        add("Text", "iiiiuuu", "a(iisv)", "GetBoundedRanges")
        add("Text", "iiu", "b", "ScrollSubstringTo")
        add("Text", "iiuii", "b", "ScrollSubstringToPoint")
        add("Selection", "i", "(so)", "GetSelectedChild")
        add("Selection", "i", "b", "SelectChild", "IsChildSelected", "DeselectSelectedChild", "DeselectChild")
        add("Selection", "", "b", "SelectAll", "ClearSelection")
        return out
    }()

    /// The interfaces and properties a `Properties` call names.
    static let interfaces = ["org.a11y.atspi.Accessible", "org.a11y.atspi.Application", "org.a11y.atspi.Component",
                             "org.a11y.atspi.Action", "org.a11y.atspi.Value", "org.a11y.atspi.Text", "org.a11y.atspi.Selection", "", "x"]
    static let properties = ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId", "HelpText", "ToolkitName",
                             "Version", "AtspiVersion", "Id", "NActions", "MinimumValue", "MaximumValue", "MinimumIncrement",
                             "CurrentValue", "Text", "CharacterCount", "CaretOffset", "NSelectedChildren", "", "x"]

    // MARK: - A screen far beyond 32-bit pixels

    /// A screen whose elements lie where 32-bit pixels do not reach: a button 1.2 billion points
    /// down (2.4 billion pixels at scale 2), a tab bar three billion, a field a quadrillion, a
    /// slider five billion up and left, a label at 1e300, a dialog whose frame is not a number;
    /// with texts to move through.
    static let screen = tree()

    /// Builds `screen`.
    static func tree() -> AccessibleTree {
        var field = SemanticNode(role: .textField, label: "Name", id: "field", frame: Rect(x: 16, y: 1e15, width: 300, height: 44), actions: [.activate])
        field.text = SemanticText("Zoë 👩‍👩‍👧 e\u{301}. Two words.", caret: 3, selection: 1..<4)
        var slider = SemanticNode(role: .slider, label: "Volume", id: "slider", frame: Rect(x: -4e9, y: -5e9, width: 3e9, height: 30),
                                  actions: [.increment, .decrement])
        slider.value = SemanticValue(current: 30, minimum: 0, maximum: 100, text: "30%")
        var label = SemanticNode(role: .text, label: "", frame: Rect(x: 1e300, y: 1e300, width: 1e300, height: .infinity))
        label.text = SemanticText("Line one.\nLine two!")
        let tabs = SemanticNode(role: .tabBar, label: "", frame: Rect(x: 0, y: 3e9, width: 390, height: 83), children: [
            SemanticNode(role: .tab, label: "Home", id: "tab.home", frame: Rect(x: 0, y: 3e9, width: 195, height: 49), state: .selected, actions: [.activate]),
            SemanticNode(role: .tab, label: "Menu", id: "tab.menu", frame: Rect(x: 195, y: 3e9, width: 195, height: 49), actions: [.activate]),
        ])
        var dialog = SemanticNode(role: .dialog, label: "Step 1 of 2: Far", frame: Rect(x: .nan, y: .nan, width: .nan, height: .nan), actions: [.dismiss], children: [
            SemanticNode(role: .text, label: "Down there.", frame: Rect(x: -.infinity, y: .infinity, width: -5, height: 1e308)),
            SemanticNode(role: .button, label: "Next", id: "overlay.bubble.next", frame: Rect(x: 2e9, y: 2e9, width: 2e9, height: 2e9), actions: [.activate]),
        ])
        dialog.description = "Down there."
        dialog.targets = [SemanticNode(role: .button, label: "Far", id: "far", frame: Rect(x: 129, y: 1_200_000_099, width: 62.5, height: 44), actions: [.activate])]
        let screen = SemanticNode(role: .screen, label: "", frame: Rect(x: 0, y: 0, width: 390, height: 2_400_000_000), children: [
            SemanticNode(role: .button, label: "Far", id: "far", frame: Rect(x: 129, y: 1_200_000_099, width: 62.5, height: 44), actions: [.activate]),
            field, slider, label, tabs, dialog,
        ])
        var numbers = ElementNumbers()
        return AccessibleTree(screen, numbers: &numbers)
    }

    // MARK: - Drawing calls

    /// Pixels per point and the screen's origin: ordinary ones mostly, and every kind of extreme.
    static func context(_ tree: AccessibleTree, _ d: inout some Draws) -> AccessibleObject.Context {
        let scales = [2, 1, 3, 1.5, 0.5, 1e-300, 1e300, 0, -1, .nan, .infinity]
        let origins = [0, 100, -100, 2e9, -3e9, 1e300, .nan, -.infinity]
        let scale = d.byte() < 200 ? scales[Int(d.byte()) % 3] : scales[Int(d.byte()) % scales.count]
        let x = d.byte() < 200 ? 0 : origins[Int(d.byte()) % origins.count]
        let y = d.byte() < 200 ? 0 : origins[Int(d.byte()) % origins.count]
        return AccessibleObject.Context(tree: tree, origin: Point(x: x, y: y), pixelsPerPoint: scale)
    }

    /// The paths a call goes to: the application, the cache, an element or one not there.
    static func path(_ tree: AccessibleTree, _ d: inout some Draws) -> String {
        let numbers = tree.elements.map(\.number)
        switch d.byte() % 16 {
        case 0: return "/org/a11y/atspi/accessible/root"
        case 1: return "/org/a11y/atspi/cache"
        case 2: return "/org/a11y/atspi/accessible/" + ["-1", "0", "99999999999999999999", "", "9223372036854775807", "\(numbers.count + 1)"][Int(d.byte()) % 6]
        case 3: return ["/", "/org/a11y/atspi/accessible", "/org/a11y/atspi/null"][Int(d.byte()) % 3]
        default: return "/org/a11y/atspi/accessible/\(numbers[Int(d.byte()) % numbers.count])"
        }
    }

    /// A call of `method` on `path`: arguments of its own signature mostly, of another now and then.
    static func call(_ method: Method, on path: String, _ d: inout some Draws) -> MethodCall {
        var signature = method.takes
        if d.byte() >= 224 {
            let types: [Character] = ["i", "u", "d", "b", "s", "o", "v", "x"]
            signature = String((0..<Int(d.byte() % 5)).map { _ in types[Int(d.byte()) % types.count] })
        }
        let arguments = signature.enumerated().map { place, type in
            argument(type, naming: method.interface == "org.freedesktop.DBus.Properties" ? place : nil, &d)
        }
        return MethodCall(path: path, interface: method.interface, member: method.member, arguments: arguments)
    }

    /// An argument of `type`: the values that break arithmetic (the ends of each range, -1, NaN,
    /// infinities) as often as any other. A `Properties` call's first string is an interface, its
    /// second a property (`naming` is the argument's place).
    static func argument(_ type: Character, naming place: Int?, _ d: inout some Draws) -> MethodCall.Argument {
        func raw<T: FixedWidthInteger>(_: T.Type, _ d: inout some Draws) -> T {
            (0..<T.bitWidth / 8).reduce(T.zero) { value, _ in value << 8 | T(truncatingIfNeeded: d.byte()) }
        }
        let pick = d.byte()
        switch type {
        case "i":
            let extremes: [Int32] = [0, -1, 1, 2, 3, 5, 9, .min, .max, .min + 1, .max - 1, 100, -2, 4, 8, 1 << 30]
            return .int32(pick < 192 ? extremes[Int(pick) % extremes.count] : raw(Int32.self, &d))
        case "u":
            let extremes: [UInt32] = [0, 1, 2, 3, 4, 7, .max, 1 << 31, 255]
            return .uint32(pick < 192 ? extremes[Int(pick) % extremes.count] : raw(UInt32.self, &d))
        case "d":
            let extremes: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1e308, -1e308, .leastNonzeroMagnitude, 0.5, 1, 50, 100, 101, -1, 3e9]
            return .double(pick < 192 ? extremes[Int(pick) % extremes.count] : Double(bitPattern: raw(UInt64.self, &d)))
        case "b": return .bool(pick & 1 == 1)
        case "s":
            switch place {
            case 0?: return .string(interfaces[Int(pick) % interfaces.count])
            case 1?: return .string(properties[Int(pick) % properties.count])
            default: return .string(["", "id", "x", "\u{0}", "é", String(repeating: "a", count: 300)][Int(pick) % 6])
            }
        case "o": return .objectPath("/org/a11y/atspi/accessible/root")
        case "v":
            let inner: Character = ["d", "i", "s", "u", "b", "v"][Int(pick) % 6]
            return .variant(inner == "v" ? .variant(.double(.nan)) : argument(inner, naming: nil, &d))
        default: return .unread(["x", "as", "(ii)", "a{sv}"][Int(pick) % 4])
        }
    }

    // MARK: - What every answer holds to

    /// Answers `call` as the bus's thread does; a problem with the answer, or nil.
    static func check(_ call: MethodCall, context c: AccessibleObject.Context) -> String? {
        var reply = RecordedReply()
        let answer = MethodDispatch.answer(call, context: c, reply: &reply)
        let method = methods.first { $0.interface == call.interface && $0.member == call.member }
        let name = "\(call.interface).\(call.member)(\(call.arguments)) on \(call.path)"
        switch answer.outcome {
        case .error(let error, let text):
            guard ["org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.UnknownObject"].contains(error) else {
                return "\(name): the error \(error)"
            }
            guard !text.isEmpty, !text.contains(where: \.isNewline) else { return "\(name): the error's message \(text.debugDescription)" }
            // Arguments of the method's own types are refused only for a coordinate type that is none of
            // the three, or a property set to a value of another type or not a number.
            if error.hasSuffix("InvalidArgs"), let method, call.signature == method.takes, !text.hasPrefix("coordinate type"), call.member != "Set" {
                return "\(name): \(text)"
            }
        case .unknown:
            break
        case .replied:
            guard !reply.failed else { return "\(name): a reply that could not be sent: \(reply.values)" }
            if let method, call.signature == method.takes, reply.signature != method.gives {
                return "\(name): the reply is (\(reply.signature)), AT-SPI2's is (\(method.gives))"
            }
            if let problem = extentsProblem(call, reply) { return "\(name): \(problem)" }
        }
        if let request = answer.request, let problem = requestProblem(request, context: c) { return "\(name): \(problem)" }
        return nil
    }

    /// Extents must fit 32-bit pixels to their far edges: x + width and y + height too.
    static func extentsProblem(_ call: MethodCall, _ reply: RecordedReply) -> String? {
        guard ["GetExtents", "GetCharacterExtents", "GetRangeExtents", "GetSize"].contains(call.member) else { return nil }
        var numbers: [Int64] = []
        func collect(_ values: [RecordedReply.Value]) {
            for v in values {
                if case .int32(let n) = v { numbers.append(Int64(n)) }
                if case .container(_, _, let inner) = v { collect(inner) }
            }
        }
        collect(reply.values)
        let sizes = call.member == "GetSize" ? numbers : Array(numbers.suffix(2))
        guard sizes.allSatisfy({ $0 >= 0 }) else { return "a negative size \(numbers)" }
        if numbers.count == 4, numbers[0] + numbers[2] > Int64(Int32.max) || numbers[1] + numbers[3] > Int64(Int32.max) {
            return "a box whose far edge is beyond 32 bits: \(numbers)"
        }
        return nil
    }

    /// A request the main actor gets must name an element of the tree, with a finite value in
    /// its range or a selection within its text.
    static func requestProblem(_ request: AccessibilityBridge.Request, context c: AccessibleObject.Context) -> String? {
        let elements = screen.elements
        func element(_ id: String) -> AccessibleTree.Element? { elements.first { $0.id == id } }
        switch request {
        case .perform(_, let id), .focus(let id):
            return element(id) == nil ? "a request for \(id), which is not in the tree" : nil
        case .setValue(let value, let id):
            guard let range = element(id)?.value else { return "a value for \(id), which has none" }
            return value.isFinite && range.minimum <= value && value <= range.maximum ? nil : "the value \(value) for \(id)"
        case .select(let range, let id):
            guard let text = element(id)?.text else { return "a selection in \(id), which has no text" }
            return range.lowerBound >= 0 && range.upperBound <= text.string.count ? nil : "the selection \(range) in \(id)"
        }
    }

    /// Every call `bytes` draw, answered; the first problem, or nil.
    static func check(bytes: [UInt8]) -> String? {
        let tree = screen
        var d = Bytes(bytes)
        let c = context(tree, &d)
        var calls = 0
        while !d.isExhausted && calls < 64 {
            let path = path(tree, &d)
            let method = methods[Int(d.byte()) % methods.count]
            if let problem = check(call(method, on: path, &d), context: c) { return problem }
            calls += 1
        }
        return nil
    }
}
