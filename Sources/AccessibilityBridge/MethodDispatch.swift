/// How the bus's thread answers a client's call, with no bus needed: the object the path names,
/// the arguments checked against the method's signature and its coordinate type against AT-SPI2's
/// three, then the object's answer written into a reply. Any AT-SPI client may call any method
/// with any arguments, so nothing here trusts them: a call whose arguments are not the method's,
/// or cannot be read as their signature says, gets `org.freedesktop.DBus.Error.InvalidArgs`, as
/// GTK's bridge answers it, and indexes and offsets out of range are clamped or answered with
/// nothing (a null reference, false, -1).
package enum MethodDispatch {
    /// What answering a call did.
    package struct Answer: Equatable, Sendable {
        /// How the call was answered.
        package enum Outcome: Equatable, Sendable {
            /// The reply holds the answer.
            case replied
            /// Not a method this object answers: sd-bus says it is unknown.
            case unknown
            /// An error reply: its D-Bus name and message.
            case error(String, String)
        }
        /// How the call was answered.
        package var outcome: Outcome
        /// What the client asked the main actor to do.
        package var request: AccessibilityBridge.Request? = nil
        /// The id the registry gave the application.
        package var applicationID: Int32? = nil

        /// An answer of `outcome`, with what it asks of the main actor and the id it was given.
        package init(outcome: Outcome, request: AccessibilityBridge.Request? = nil, applicationID: Int32? = nil) {
            self.outcome = outcome; self.request = request; self.applicationID = applicationID
        }
    }

    /// `org.freedesktop.DBus.Error.InvalidArgs`.
    static let invalidArguments = "org.freedesktop.DBus.Error.InvalidArgs"

    /// Answers `call` from `context` into `reply`.
    package static func answer<Reply: BusWriter>(_ call: MethodCall, context: AccessibleObject.Context, reply: inout Reply) -> Answer {
        // An argument that could not be read is not taken as 0 or empty.
        guard call.isReadable else {
            return Answer(outcome: .error(invalidArguments, "\(call.interface).\(call.member): argument \(call.arguments.count + 1) of (\(call.signature)) cannot be read"))
        }
        if call.path == AccessibleCache.path {
            guard call.member == "GetItems" else { return Answer(outcome: .unknown) }
            if let problem = check(call, takes: "") { return problem }
            AccessibleCache.items(into: &reply, context: context)
            return Answer(outcome: .replied)
        }
        guard let object = object(at: call.path, context: context) else {
            return Answer(outcome: .error("org.freedesktop.DBus.Error.UnknownObject", "no such accessible object"))
        }
        if let method = methods[call.interface]?[call.member] {
            if let problem = check(call, takes: method.signature) { return problem }
            if let at = method.coordinateType, CoordinateType(rawValue: call.uint32(at)) == nil {
                return Answer(outcome: .error(invalidArguments, "coordinate type \(call.uint32(at)) is none of screen (0), window (1) and parent (2)"))
            }
        }
        if call.interface == "org.freedesktop.DBus.Properties" && call.member == "Set" {
            return set(call, on: object, context: context)
        }
        var request: AccessibilityBridge.Request?
        var written: Reply? = reply
        object.answer(interface: call.interface, member: call.member, call: call, reply: &written, context: context, request: &request)
        guard let written else { return Answer(outcome: .unknown) }
        reply = written
        return Answer(outcome: .replied, request: request)
    }

    /// The object `path` names in `context`'s tree, if any.
    static func object(at path: String, context: AccessibleObject.Context) -> AccessibleObject? {
        if path == AccessibilityBridge.rootPath { return .application }
        let prefix = AccessibilityBridge.pathPrefix + "/"
        guard path.hasPrefix(prefix), let number = Int(path.dropFirst(prefix.count)), let tree = context.tree,
              let index = tree.element(numbered: number) else { return nil }
        return .element(index)
    }

    /// An InvalidArgs answer when `call`'s arguments are not `signature`.
    private static func check(_ call: MethodCall, takes signature: String) -> Answer? {
        guard call.signature != signature else { return nil }
        return Answer(outcome: .error(invalidArguments, "\(call.interface).\(call.member) takes (\(signature)), not (\(call.signature))"))
    }

    /// `org.freedesktop.DBus.Properties.Set`: the registry gives the application its id; a client
    /// moves a slider or flips a switch (a finite value, held to the element's range). Other
    /// properties are read-only and left as they are.
    private static func set(_ call: MethodCall, on object: AccessibleObject, context c: AccessibleObject.Context) -> Answer {
        let property = call.string(1), value = call.variant(2)
        switch (object, call.string(0), property) {
        case (.application, "org.a11y.atspi.Application", "Id"):
            guard case .int32(let id)? = value else { return wrongType(property, "i", value) }
            return Answer(outcome: .replied, applicationID: id)
        case (.element(let e), "org.a11y.atspi.Value", "CurrentValue"):
            guard let element = c.tree?.elements[e], let id = element.id, let range = element.value else { break }
            guard case .double(let wanted)? = value else { return wrongType(property, "d", value) }
            guard wanted.isFinite else {
                return Answer(outcome: .error(invalidArguments, "CurrentValue takes a finite number, not \(wanted)"))
            }
            let lowest = min(range.minimum, range.maximum), highest = max(range.minimum, range.maximum)
            let held = lowest.isFinite && highest.isFinite ? min(max(wanted, lowest), highest) : wanted
            return Answer(outcome: .replied, request: .setValue(held, id: id))
        default:
            break
        }
        return Answer(outcome: .replied)
    }

    private static func wrongType(_ property: String, _ signature: String, _ value: MethodCall.Argument?) -> Answer {
        Answer(outcome: .error(invalidArguments, "\(property) is a (\(signature)), not (\(value?.signature ?? ""))"))
    }

    // MARK: - The methods the bridge answers, and what they take

    /// What a method takes: its arguments' signature, and which of them is a coordinate type.
    struct Method {
        var signature: String
        var coordinateType: Int? = nil
    }

    /// Every method the bridge answers, by interface and name (AT-SPI2's xml/*.xml, and libatspi's calls).
    static let methods: [String: [String: Method]] = {
        func plain(_ names: String...) -> [(String, Method)] { names.map { ($0, Method(signature: "")) } }
        func taking(_ signature: String, _ names: String..., coordinateType: Int? = nil) -> [(String, Method)] {
            names.map { ($0, Method(signature: signature, coordinateType: coordinateType)) }
        }
        func table(_ rows: [(String, Method)]...) -> [String: Method] { Dictionary(uniqueKeysWithValues: rows.flatMap { $0 }) }
        return [
            "org.freedesktop.DBus.Properties": table(taking("ss", "Get"), taking("s", "GetAll"), taking("ssv", "Set")),
            "org.freedesktop.DBus.Introspectable": table(plain("Introspect")),
            "org.a11y.atspi.Accessible": table(
                taking("i", "GetChildAtIndex"),
                plain("GetChildren", "GetIndexInParent", "GetRelationSet", "GetRole", "GetRoleName", "GetLocalizedRoleName",
                      "GetState", "GetAttributes", "GetApplication", "GetInterfaces")),
            "org.a11y.atspi.Application": table(taking("u", "GetLocale")),
            "org.a11y.atspi.Component": table(
                taking("iiu", "Contains", "GetAccessibleAtPoint", coordinateType: 2),
                taking("u", "GetExtents", "GetPosition", coordinateType: 0),
                plain("GetSize", "GetLayer", "GetMDIZOrder", "GetAlpha", "GrabFocus")),
            "org.a11y.atspi.Action": table(
                plain("GetActions"),
                taking("i", "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding", "DoAction")),
            "org.a11y.atspi.Text": table(
                taking("ii", "GetText", "AddSelection"),
                taking("iu", "GetStringAtOffset", "GetTextAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset"),
                taking("i", "GetCharacterAtOffset", "SetCaretOffset", "GetSelection", "RemoveSelection", "GetAttributes"),
                taking("iii", "SetSelection"),
                taking("ib", "GetAttributeRun"),
                taking("is", "GetAttributeValue"),
                plain("GetNSelections", "GetDefaultAttributes", "GetDefaultAttributeSet"),
                taking("iu", "GetCharacterExtents", coordinateType: 1),
                taking("iiu", "GetRangeExtents", "GetOffsetAtPoint", coordinateType: 2),
                taking("iiiiuuu", "GetBoundedRanges", coordinateType: 4),
                taking("iiu", "ScrollSubstringTo"),
                taking("iiuii", "ScrollSubstringToPoint", coordinateType: 2)),
            "org.a11y.atspi.Selection": table(
                taking("i", "GetSelectedChild", "SelectChild", "IsChildSelected", "DeselectSelectedChild", "DeselectChild"),
                plain("SelectAll", "ClearSelection")),
        ]
    }()
}
