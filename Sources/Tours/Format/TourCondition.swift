import Foundation
import Overlays
import Schema

/// A state of the app a step waits for (`showWhen`) or moves on at (`advanceOn: {"event": …}`),
/// written as `KEY OP VALUE`: `tab = settings`, `overlay = alert`, `overlay = none`, `view = row.4`
/// (the view is laid out), or one of the app's declared states: `saves >= 5`, `wifi = true`.
public struct TourCondition: Hashable, Sendable, CustomStringConvertible {
    /// How a value is compared.
    public enum Comparison: String, CaseIterable, Hashable, Sendable {
        /// Equal (`=` or `==`).
        case equal = "="
        /// Not equal.
        case notEqual = "!="
        /// At least.
        case atLeast = ">="
        /// At most.
        case atMost = "<="
        /// More than.
        case more = ">"
        /// Less than.
        case less = "<"
    }

    /// What is compared: `tab`, `overlay`, `view`, or a count's name.
    public var key: String
    /// How.
    public var comparison: Comparison
    /// With what.
    public var value: String

    /// A condition from its parts.
    public init(key: String, comparison: Comparison, value: String) {
        self.key = key; self.comparison = comparison; self.value = value
    }

    /// `tab = menu`.
    public var description: String { "\(key) \(comparison.rawValue) \(value)" }

    /// Reads `text`; nil with what was expected when it is not a condition.
    public static func parse(_ text: String) -> Result<TourCondition, ConditionError> {
        let ops: [(String, Comparison)] = [("==", .equal), ("!=", .notEqual), (">=", .atLeast), ("<=", .atMost),
                                           ("=", .equal), (">", .more), ("<", .less)]
        for (symbol, comparison) in ops {
            guard let r = text.firstRange(of: symbol) else { continue }
            let key = text[..<r.lowerBound].trimmingCharacters(in: .whitespaces)
            let value = text[r.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !value.isEmpty else { break }
            return .success(TourCondition(key: key, comparison: comparison, value: value))
        }
        return .failure(ConditionError(message: "expected a condition such as \"tab = NAME\", \"overlay = alert\", \"view = ID\" or \"STATE >= 5\", found \(quoted(text))"))
    }

    /// Why a condition does not read.
    public struct ConditionError: Error, Hashable, Sendable {
        /// What was expected and found.
        public var message: String
    }

    /// Whether it holds on `host` now (its spotlight not counting as an overlay).
    @MainActor
    public func holds(on host: any TourHost) -> Bool {
        switch key {
        case "tab":
            return compare(host.selectedTabName ?? "", value)
        case "overlay":
            let shown = host.overlays.presented.map(\.kind.rawValue).filter { $0 != OverlayKind.spotlight.rawValue && $0 != OverlayKind.checklist.rawValue }
            let present = value == "none" ? shown.isEmpty : shown.contains(value)
            return comparison == .notEqual ? !present : present
        case "view":
            let placed = host.root.view(withID: value)?.isPlaced ?? false
            return comparison == .notEqual ? !placed : placed
        default:
            guard let state = host.state(named: key) else { return false }
            switch state {
            case .number(let n):
                guard let wanted = Double(value), wanted.isFinite else { return false }
                switch comparison {
                case .equal: return n == wanted
                case .notEqual: return n != wanted
                case .atLeast: return n >= wanted
                case .atMost: return n <= wanted
                case .more: return n > wanted
                case .less: return n < wanted
                }
            case .flag, .text:
                return compare(state.description, value)
            }
        }
    }

    private func compare(_ a: String, _ b: String) -> Bool {
        comparison == .notEqual ? a != b : a == b
    }
}

extension Array where Element == TourCondition {
    /// Whether every condition holds on `host` now (an empty list does).
    @MainActor
    public func allHold(on host: any TourHost) -> Bool { allSatisfy { $0.holds(on: host) } }
}
