import Raster

/// What a view is to someone who cannot see it, as a screen reader names it.
public enum SemanticRole: String, Sendable, CaseIterable {
    /// Something that does what its label says when activated.
    case button
    /// One tab of a tab bar.
    case tab
    /// A row of tabs.
    case tabBar
    /// A heading (a screen's large title).
    case header
    /// A picture, read by its description.
    case image
    /// A run of text.
    case text
    /// Items in order (a grid of cards, a list of rows).
    case list
    /// A modal dialog: an alert, a pop-up, a tutorial step; what lies beneath is hidden.
    case dialog
    /// Something that shows that work is going on (a spinner).
    case progressIndicator
    /// A field that takes typed text.
    case textField
    /// A switch that is on or off.
    case toggle
    /// A box that is checked or not, with its label.
    case checkbox
    /// A value chosen along a track.
    case slider
    /// How far a piece of work has come.
    case progressBar
    /// The whole screen.
    case screen
}

/// The states a screen reader reports with a role.
public struct SemanticState: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: Int
    /// A state from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The chosen one of several (the current tab).
    public static let selected = SemanticState(rawValue: 1)
    /// Shown but not usable now.
    public static let disabled = SemanticState(rawValue: 2)
    /// Working; its content is not ready.
    public static let busy = SemanticState(rawValue: 4)
    /// Holding the keyboard focus.
    public static let focused = SemanticState(rawValue: 8)
    /// On (a switch) or checked (a checkbox).
    public static let checked = SemanticState(rawValue: 16)

    /// The states' names, in a fixed order ("selected", "disabled", "busy", "focused", "checked").
    public var names: [String] {
        [(SemanticState.selected, "selected"), (.disabled, "disabled"), (.busy, "busy"), (.focused, "focused"), (.checked, "checked")]
            .filter { contains($0.0) }.map(\.1)
    }
}

/// An element's value: where a slider or a progress bar stands within its range, and how it reads.
public struct SemanticValue: Hashable, Sendable {
    /// The value now.
    public var current: Double
    /// The smallest it can be.
    public var minimum: Double
    /// The largest it can be.
    public var maximum: Double
    /// How a person would read it ("45%", "7").
    public var text: String

    /// A value within `minimum...maximum`, read as `text`.
    public init(current: Double, minimum: Double, maximum: Double, text: String) {
        self.current = current; self.minimum = minimum; self.maximum = maximum; self.text = text
    }
}

/// An element's text as a screen reader reads and moves through it: the characters, the caret and
/// the selection, counted in characters (grapheme clusters).
public struct SemanticText: Hashable, Sendable {
    /// The text.
    public var string: String
    /// Where the caret stands; nil for a text that has none (a label).
    public var caret: Int?
    /// The selected characters, when any are.
    public var selection: Range<Int>?

    /// `string` with its caret and selection.
    public init(_ string: String, caret: Int? = nil, selection: Range<Int>? = nil) {
        self.string = string; self.caret = caret; self.selection = selection
    }
}

/// What can be done to an element.
public enum SemanticAction: String, Sendable {
    /// Enter, Space, a tap: what a button or tab does.
    case activate
    /// Escape: closes a dialog.
    case dismiss
    /// An arrow key up or right: a slider's next step.
    case increment
    /// An arrow key down or left: a slider's step back.
    case decrement
}

/// One element of the semantics tree: a view's (or a layer's) role, label, state, frame and actions,
/// with the elements inside it.
public struct SemanticNode: Hashable, Sendable {
    /// What it is.
    public var role: SemanticRole
    /// What a person would read: its name.
    public var label: String
    /// What is read after the label and the role, when there is more to say: a tour step's bubble
    /// text, an alert's message.
    public var description = ""
    /// The view's id, when it has one (tours and scripts name views by it).
    public var id: String?
    /// Where it is on the screen (points).
    public var frame: Rect
    /// Its state now.
    public var state: SemanticState
    /// What can be done to it.
    public var actions: [SemanticAction]
    /// The elements inside it, in reading order.
    public var children: [SemanticNode]
    /// What it points at, for a tutorial step: the elements in its holes (which may lie beneath it).
    public var targets: [SemanticNode] = []
    /// Its value, for a slider or a progress bar.
    public var value: SemanticValue?
    /// Its text, for a text view or a field: what a screen reader reads character by character.
    public var text: SemanticText?
    /// The words it shows on screen (a button's title, a text's string), whatever its label says;
    /// nil when it shows none. Queries match its `text` anchor against these.
    public var visibleText: String?

    /// An element.
    public init(role: SemanticRole, label: String, id: String? = nil, frame: Rect, state: SemanticState = [],
                actions: [SemanticAction] = [], children: [SemanticNode] = []) {
        self.role = role; self.label = label; self.id = id; self.frame = frame
        self.state = state; self.actions = actions; self.children = children
    }

    /// The first element, depth first, whose id is `id`.
    public func node(withID id: String) -> SemanticNode? {
        if self.id == id { return self }
        for c in children { if let n = c.node(withID: id) { return n } }
        return nil
    }
}

extension SemanticRole {
    /// Whether an element of this role reads the texts inside it as its label (a button's title)
    /// instead of listing them as elements of their own.
    public var gathersTexts: Bool {
        switch self {
        case .button, .tab, .header, .text, .textField, .toggle, .checkbox, .slider, .progressBar: return true
        default: return false
        }
    }
}

extension View {
    /// The role in effect: `accessibilityRole`, else the view's own.
    public var effectiveSemanticRole: SemanticRole? { accessibilityRole ?? semanticRole }

    /// The elements of the view's subtree: this view's own element with its descendants inside it,
    /// or (a view that is only layout) its children's elements in order. Views not placed, hidden,
    /// or wholly outside their clipping ancestors are left out.
    public func semanticNodes() -> [SemanticNode] {
        guard isPlaced, !isAccessibilityHidden else { return [] }
        if let embedding = self as? EmbeddedRootView, accessibilityRole == nil { return embedding.embeddedSemanticNodes() }
        guard let role = effectiveSemanticRole else {
            var nodes = visibleChildren.flatMap { $0.semanticNodes() }
            // A view that is only layout lends its id to the one element inside it (a card's button).
            if let id, nodes.count == 1, nodes[0].id == nil { nodes[0].id = id }
            return nodes
        }
        var state = semanticState
        if root?.focusedView === self { state.insert(.focused) }
        var children: [SemanticNode] = []
        var texts: [String] = [], shown: [String] = []
        if role.gathersTexts {
            gatherTexts(into: &texts, shown: &shown, images: &children)
        } else {
            children = visibleChildren.flatMap { $0.semanticNodes() }
        }
        let label = accessibilityLabel ?? labelFromContainer ?? semanticLabel ?? SpokenWords.list(texts)
        var actions: [SemanticAction] = []
        if role == .slider {
            actions += [.increment, .decrement]
        } else if acceptsKeyboardFocus || role == .button || role == .tab {
            actions.append(.activate)
        }
        if role == .dialog { actions.append(.dismiss) }
        var node = SemanticNode(role: role, label: label, id: id, frame: frame, state: state, actions: actions, children: children)
        node.value = semanticValue
        node.text = semanticText
        if let description = accessibilityDescription { node.description = description }
        if role == .text || role == .header, let own = semanticLabel, !own.isEmpty {
            node.visibleText = own
        } else if !shown.isEmpty {
            node.visibleText = shown.joined(separator: " ")
        }
        return [node]
    }

    /// The labels of the texts below (for a label gathered from them), their words as shown, and
    /// the elements of images with a description (which keep a place of their own).
    private func gatherTexts(into texts: inout [String], shown: inout [String], images: inout [SemanticNode]) {
        for c in visibleChildren where c.isPlaced && !c.isAccessibilityHidden {
            switch c.effectiveSemanticRole {
            case .text?, .header?:
                let label = c.accessibilityLabel ?? c.labelFromContainer ?? c.semanticLabel ?? ""
                if !label.isEmpty { texts.append(label) }
                if let own = c.semanticLabel, !own.isEmpty { shown.append(own) }
            case .image?:
                images += c.semanticNodes()
            default:
                c.gatherTexts(into: &texts, shown: &shown, images: &images)
            }
        }
    }
}
