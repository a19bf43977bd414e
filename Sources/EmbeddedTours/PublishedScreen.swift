import Overlays
import Raster
import Schema
import Tours
import Views

/// An app that draws its own frames (an SDL game, a Dear ImGui tool, a kiosk, in any language)
/// seen through the app seam: its screen is the targets it publishes (`PublishedTargetsView`), its
/// state what it sets (`set(state:to:)`), its events what it sends (`record(event:)`). It has no
/// tabs and nothing of it scrolls; Limelight draws only the layers over it (`ViewRoot`'s
/// `composite(overAppFrame:from:newlyDrawn:)`).
///
/// A state the app never set is, when an event of that name was sent, the number of times it
/// was: `advanceOn: {"event": "saved >= 1"}` moves on after the app's first `saved`.
@MainActor
public final class PublishedScreen: TourHost {
    /// The screen: transparent, the published targets as its views.
    public let root: ViewRoot
    /// The overlays above it (a tour's spotlight).
    public let overlays: PresentationStack
    /// The targets' views.
    public let board: PublishedTargetsView
    /// The language tours' texts are picked in.
    public private(set) var languageCode: String
    /// Called with each event the app sends.
    public var onAppEvent: (@MainActor (String) -> Void)?
    /// The state the app set, by name.
    public private(set) var states: [String: StateValue] = [:]
    /// The names of the states the app set, in the order it first set them.
    public private(set) var stateOrder: [String] = []
    /// How many times the app sent each event, by name.
    public private(set) var eventCounts: [String: Int] = [:]
    /// The names of the events the app sent, in the order it first sent them.
    public private(set) var eventOrder: [String] = []

    /// The most states and the most distinct events one app may have.
    public static let maxNames = 1024

    /// A screen of `size` points at `scale`, speaking `language`, saying `strings`' words, with no
    /// targets yet.
    public init(size: Size, scale: Double, language: String, strings: InterfaceStrings = .builtIn,
                textEngine: any TextEngine, clock: any Clock) throws(ViewError) {
        board = PublishedTargetsView()
        root = try ViewRoot(content: board, size: size, scale: scale, textEngine: textEngine, clock: clock)
        root.backgroundColor = .clear
        root.language = language
        root.strings = strings
        languageCode = language
        overlays = PresentationStack(root: root)
    }

    /// None: the app's screens are its own.
    public var tabNames: [String] { [] }
    /// None.
    public var selectedTabName: String? { nil }
    /// There is no tab to select.
    public func selectTab(named name: String) -> Bool { false }
    /// Nothing of the app scrolls under Limelight's hand.
    public func scrollIntoView(viewID id: String) {}

    /// The state the app set called `name`, else the count of its events of that name, else nil.
    public func state(named name: String) -> StateValue? {
        if let value = states[name] { return value }
        return eventCounts[name].map { .number(Double($0)) }
    }

    /// Sets the state `name` to `value`; what is wrong with the name, the kind or the count, or nil.
    /// A state keeps the kind it was first set with (tours compare numbers, flags and words apart).
    public func set(state name: String, to value: StateValue) -> String? {
        if let problem = Self.nameProblem(name, what: "a state") { return problem }
        if let old = states[name], Self.kind(of: old) != Self.kind(of: value) {
            return "the state \(quoted(name)) is \(Self.describe(Self.kind(of: old))), not \(Self.describe(Self.kind(of: value)))"
        }
        if states[name] == nil {
            guard stateOrder.count < Self.maxNames else { return "an app may set at most \(Self.maxNames) states" }
            stateOrder.append(name)
        }
        // An app may set its state every frame: the same value asks for nothing.
        guard states[name] != value else { return nil }
        states[name] = value
        // Conditions are checked in the next frame's callback phase: ask for one.
        root.beforeNextFrame {}
        return nil
    }

    /// Counts one more event `name` and tells `onAppEvent`; what is wrong with the name, or nil.
    public func record(event name: String) -> String? {
        if let problem = Self.nameProblem(name, what: "an event") { return problem }
        if eventCounts[name] == nil {
            guard eventOrder.count < Self.maxNames else { return "an app may send at most \(Self.maxNames) kinds of event" }
            eventOrder.append(name)
        }
        let (sum, overflow) = (eventCounts[name] ?? 0).addingReportingOverflow(1)
        eventCounts[name] = overflow ? Int.max : sum
        onAppEvent?(name)
        root.beforeNextFrame {}
        return nil
    }

    /// The states as the app declares them to a tour check (each with the kind it was set with).
    public var stateDeclarations: [StateDeclaration] {
        stateOrder.compactMap { name in states[name].map { StateDeclaration(name, Self.kind(of: $0)) } }
    }

    /// What is wrong with `name` as a state's or an event's (`what`), or nil: tours write them in
    /// conditions as letters, digits, `_` and `.`, and Limelight keeps a few names for itself.
    public nonisolated static func nameProblem(_ name: String, what: String) -> String? {
        guard !name.isEmpty, name.utf8.count <= 128 else { return "\(what)'s name must be 1 to 128 bytes long" }
        guard name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "." }) else {
            return "\(what)'s name is letters, digits, _ and . (found \(quoted(name)))"
        }
        if AppDefinition.reservedStateNames.contains(name) {
            return "\(quoted(name)) is a name Limelight keeps for itself (\(AppDefinition.reservedStateNames.sorted().joined(separator: ", ")))"
        }
        return nil
    }

    nonisolated static func kind(of value: StateValue) -> StateDeclaration.Kind {
        switch value {
        case .number: return .number
        case .flag: return .flag
        case .text: return .text
        }
    }

    nonisolated static func describe(_ kind: StateDeclaration.Kind) -> String {
        switch kind {
        case .number: return "a number"
        case .flag: return "a flag (true or false)"
        case .text: return "a string"
        }
    }
}
