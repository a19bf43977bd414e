import Raster
import Views

/// One object on the bus — the application's root, or an element of the tree — and its answers to
/// the AT-SPI2 interfaces: Accessible, Application, Component, Action, Value, and the properties
/// of each through `org.freedesktop.DBus.Properties`. The arguments an answer reads are a
/// client's: `MethodDispatch` has checked their types, not their values.
package enum AccessibleObject: Equatable, Sendable {
    /// `/org/a11y/atspi/accessible/root`: the application, whose one child is the screen.
    case application
    /// An element, by its index in the tree.
    case element(Int)

    /// What an answer reads.
    package struct Context: Sendable {
        var tree: AccessibleTree?
        var uniqueName: String
        var appName: String
        var desktop: (name: String, path: String)
        var applicationID: Int32
        var origin: Point
        var pixelsPerPoint: Double
        var locale: String

        /// The answers' view of `tree`: the screen at `origin` (pixels) with `pixelsPerPoint`,
        /// served as `uniqueName` under the registry's desktop.
        package init(tree: AccessibleTree?, uniqueName: String = ":1.1", appName: String = "Limelight",
                     desktop: (name: String, path: String) = ("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root"),
                     applicationID: Int32 = 0, origin: Point = Point(x: 0, y: 0), pixelsPerPoint: Double = 1, locale: String = "en") {
            self.tree = tree; self.uniqueName = uniqueName; self.appName = appName; self.desktop = desktop
            self.applicationID = applicationID; self.origin = origin; self.pixelsPerPoint = pixelsPerPoint; self.locale = locale
        }

        func path(of index: Int) -> String { AccessibilityBridge.pathPrefix + "/\(tree!.elements[index].number)" }
    }

    /// Writes the answer to `interface.member` into `reply`, or sets it to nil for a call this object
    /// does not answer. A request for the main actor goes into `request`.
    func answer<Reply: BusWriter>(interface: String, member: String, call: MethodCall, reply: inout Reply?,
                                  context c: Context, request: inout AccessibilityBridge.Request?) {
        guard reply != nil else { return }
        switch (interface, member) {
        case ("org.freedesktop.DBus.Properties", "Get"):
            let i = call.string(0), name = call.string(1)
            guard let signature = properties(of: i, context: c).first(where: { $0.0 == name })?.1 else { reply = nil; return }
            reply!.container("v", signature) { property(name, of: i, into: &$0, context: c) }
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            let i = call.string(0)
            reply!.container("a", "{sv}") { out in
                for (name, sig) in properties(of: i, context: c) {
                    out.container("e", "sv") { e in e.string(name); e.container("v", sig) { property(name, of: i, into: &$0, context: c) } }
                }
            }
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            reply!.string(introspection(context: c))
        case ("org.a11y.atspi.Accessible", _):
            accessible(member, call: call, reply: &reply, context: c)
        case ("org.a11y.atspi.Application", "GetLocale"):
            reply!.string(c.locale)
        case ("org.a11y.atspi.Component", _):
            component(member, call: call, reply: &reply, context: c, request: &request)
        case ("org.a11y.atspi.Action", _):
            action(member, call: call, reply: &reply, context: c, request: &request)
        case ("org.a11y.atspi.Text", _) where interfaces(context: c).contains(interface):
            text(member, call: call, reply: &reply, context: c, request: &request)
        case ("org.a11y.atspi.Selection", _) where interfaces(context: c).contains(interface):
            selection(member, call: call, reply: &reply, context: c, request: &request)
        default:
            reply = nil
        }
    }

    // MARK: - Interfaces and properties

    func interfaces(context c: Context) -> [String] {
        guard case .element(let i) = self, let e = c.tree?.elements[i] else {
            return ["org.a11y.atspi.Accessible", "org.a11y.atspi.Application"]
        }
        return Self.interfaces(of: e)
    }

    /// The interfaces element `e` offers: what a client reads once and keeps (libatspi asks again
    /// only when the element is sent anew).
    static func interfaces(of e: AccessibleTree.Element) -> [String] {
        let offered = optionalInterfaces(of: e)
        return ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"]
            + Self.optional.enumerated().filter { offered & 1 << $0.offset != 0 }.map(\.element)
    }

    /// The interfaces an element may or may not offer, in the order they are listed.
    private static let optional = ["org.a11y.atspi.Action", "org.a11y.atspi.Value", "org.a11y.atspi.Text", "org.a11y.atspi.Selection"]

    /// Which of `optional` element `e` offers, a bit each: compared between trees without
    /// making the lists.
    static func optionalInterfaces(of e: AccessibleTree.Element) -> UInt8 {
        (e.id != nil && !e.actions.isEmpty ? 1 : 0) | (e.value != nil ? 2 : 0) | (e.text != nil ? 4 : 0) | (e.role == .tabBar ? 8 : 0)
    }

    func properties(of interface: String, context c: Context) -> [(String, String)] {
        switch interface {
        case "org.a11y.atspi.Accessible":
            return [("Name", "s"), ("Description", "s"), ("Parent", "(so)"), ("ChildCount", "i"), ("Locale", "s"),
                    ("AccessibleId", "s"), ("HelpText", "s")]
        case "org.a11y.atspi.Application" where self == .application:
            return [("ToolkitName", "s"), ("Version", "s"), ("AtspiVersion", "s"), ("Id", "i")]
        case "org.a11y.atspi.Action" where interfaces(context: c).contains(interface):
            return [("NActions", "i")]
        case "org.a11y.atspi.Value" where interfaces(context: c).contains(interface):
            return [("MinimumValue", "d"), ("MaximumValue", "d"), ("MinimumIncrement", "d"), ("CurrentValue", "d"), ("Text", "s")]
        case "org.a11y.atspi.Text" where interfaces(context: c).contains(interface):
            return [("CharacterCount", "i"), ("CaretOffset", "i")]
        case "org.a11y.atspi.Selection" where interfaces(context: c).contains(interface):
            return [("NSelectedChildren", "i")]
        default:
            return []
        }
    }

    func property<Out: BusWriter>(_ name: String, of interface: String, into out: inout Out, context c: Context) {
        let element: AccessibleTree.Element? = { if case .element(let i) = self { return c.tree?.elements[i] } else { return nil } }()
        switch name {
        case "Name": out.string(element.map { $0.role == .screen && $0.name.isEmpty ? c.appName : $0.name } ?? c.appName)
        case "Description": out.string(element?.description ?? "")
        case "Parent": parent(into: &out, context: c)
        case "ChildCount": out.int32(Int32(clamping: children(context: c).count))
        case "Locale": out.string(c.locale)
        case "AccessibleId": out.string(element?.id ?? "")
        case "HelpText": out.string("")
        case "ToolkitName": out.string("Limelight")
        case "Version", "AtspiVersion": out.string(name == "Version" ? "1" : "2.1")
        case "Id": out.int32(c.applicationID)
        case "NActions": out.int32(Int32(clamping: element?.actions.count ?? 0))
        case "MinimumValue": out.double(element?.value?.minimum ?? 0)
        case "MaximumValue": out.double(element?.value?.maximum ?? 0)
        case "MinimumIncrement": out.double(0)
        case "CurrentValue": out.double(element?.value?.current ?? 0)
        case "Text": out.string(element?.value?.text ?? "")
        case "CharacterCount", "CaretOffset": if let element { textProperty(name, of: element, into: &out) } else { out.int32(0) }
        case "NSelectedChildren": out.int32(element.map { selectedCount($0, context: c) } ?? 0)
        default: out.string("")
        }
    }

    // MARK: - Accessible

    func children(context c: Context) -> [String] {
        switch self {
        case .application: return c.tree == nil ? [] : [c.path(of: 0)]
        case .element(let i): return c.tree!.elements[i].children.map { c.path(of: $0) }
        }
    }

    func parent<Out: BusWriter>(into out: inout Out, context c: Context) {
        switch self {
        case .application: out.reference(c.desktop.name, c.desktop.path)
        case .element(let i):
            if let p = c.tree!.elements[i].parent { out.reference(c.uniqueName, c.path(of: p)) }
            else { out.reference(c.uniqueName, AccessibilityBridge.rootPath) }
        }
    }

    private func accessible<Reply: BusWriter>(_ member: String, call: MethodCall, reply: inout Reply?, context c: Context) {
        let element: AccessibleTree.Element? = { if case .element(let i) = self { return c.tree?.elements[i] } else { return nil } }()
        switch member {
        case "GetChildAtIndex":
            // Any index a client gives: one out of range is the null reference, as atk-adaptor answers.
            let n = call.int(0), kids = children(context: c)
            reply!.reference(kids.indices.contains(n) ? c.uniqueName : "", kids.indices.contains(n) ? kids[n] : "/org/a11y/atspi/null")
        case "GetChildren":
            reply!.container("a", "(so)") { out in for k in children(context: c) { out.reference(c.uniqueName, k) } }
        case "GetIndexInParent":
            guard case .element(let i) = self, let tree = c.tree else { reply!.int32(-1); return }
            if let p = tree.elements[i].parent { reply!.int32(Int32(clamping: tree.elements[p].children.firstIndex(of: i) ?? -1)) } else { reply!.int32(0) }
        case "GetRelationSet":
            reply!.container("a", "(ua(so))") { out in
                guard let e = element else { return }
                func relation(_ type: ATSPIVocabulary.Relation, _ indices: [Int]) {
                    guard !indices.isEmpty else { return }
                    out.container("r", "ua(so)") { r in
                        r.uint32(type.rawValue)
                        r.container("a", "(so)") { a in for t in indices { a.reference(c.uniqueName, c.path(of: t)) } }
                    }
                }
                // A spotlight dialog and the views it points at; a dialog and the text that describes it.
                relation(.controllerFor, e.targets)
                relation(.describedBy, e.describedBy.map { [$0] } ?? [])
                relation(.descriptionFor, e.describes.map { [$0] } ?? [])
            }
        case "GetRole": reply!.uint32(element.map { ATSPIVocabulary.role($0.role) } ?? ATSPIVocabulary.applicationRole)
        case "GetRoleName", "GetLocalizedRoleName": reply!.string(element.map { ATSPIVocabulary.roleName($0.role) } ?? "application")
        case "GetState":
            let words = element.map(ATSPIVocabulary.states) ?? [0, 0]
            reply!.container("a", "u") { out in for w in words { out.uint32(w) } }
        case "GetAttributes":
            reply!.container("a", "{ss}") { out in
                out.container("e", "ss") { $0.string("toolkit"); $0.string("Limelight") }
                if let id = element?.id { out.container("e", "ss") { $0.string("id"); $0.string(id) } }
            }
        case "GetApplication": reply!.reference(c.uniqueName, AccessibilityBridge.rootPath)
        case "GetInterfaces": reply!.container("a", "s") { out in for i in interfaces(context: c) { out.string(i) } }
        default: reply = nil
        }
    }

    // MARK: - Action

    /// The name AT-SPI clients know an action by (GTK's words: "click" presses a button).
    static func actionName(_ action: SemanticAction) -> String {
        switch action {
        case .activate: return "click"
        case .dismiss: return "dismiss"
        case .increment: return "increment"
        case .decrement: return "decrement"
        }
    }

    private func action<Reply: BusWriter>(_ member: String, call: MethodCall, reply: inout Reply?, context c: Context,
                        request: inout AccessibilityBridge.Request?) {
        guard case .element(let i) = self, let e = c.tree?.elements[i] else { reply = nil; return }
        switch member {
        case "GetActions":
            reply!.container("a", "(sss)") { out in
                for a in e.actions { out.container("r", "sss") { $0.string(Self.actionName(a)); $0.string(""); $0.string("") } }
            }
        case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding":
            let n = call.int(0)
            let name = e.actions.indices.contains(n) ? Self.actionName(e.actions[n]) : ""
            reply!.string(member == "GetName" || member == "GetLocalizedName" ? name : "")
        case "DoAction":
            let n = call.int(0)
            if let id = e.id, e.actions.indices.contains(n) { request = .perform(e.actions[n], id: id); reply!.bool(true) } else { reply!.bool(false) }
        default: reply = nil
        }
    }

    // MARK: - Introspection

    private func introspection(context c: Context) -> String {
        "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\" \"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">\n<node>"
            + interfaces(context: c).map { "<interface name=\"\($0)\"/>" }.joined() + "</node>\n"
    }
}
