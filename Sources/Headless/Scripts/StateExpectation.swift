import Foundation
import Overlays
import Raster
import Schema
import Tours
import Views

/// What a script's `expect` line (or a test script's `expect`) says the state must be: `tab=NAME`,
/// `overlay=spotlight` (or `none`), `step=2` (the tour's step, or `none`), `tour=running`
/// (`finished`, `skipped`, `dismissed`, `none`), `focus=ID`, or any state the app declares
/// (`saves=3`, `wifi=false`), checked against the app's declarations before anything runs.
public struct StateExpectation: Hashable, Sendable, CustomStringConvertible {
    /// One check: a key of the state and the value it must have.
    public struct Check: Hashable, Sendable {
        /// The state's key.
        public var key: String
        /// The value, as the state report writes it (`none` for no value).
        public var value: String
    }

    /// Why an expectation could not be read.
    public struct ParseError: Error { public var message: String }

    /// The keys every app has, with what each value must be.
    public static let keys: [(name: String, value: String)] = [
        ("tab", "a tab's name or none"), ("overlay", "an overlay kind (spotlight, hotspot, or one the app presents) or none"),
        ("step", "a step number from 1, or none"), ("tour", "running, finished, skipped, dismissed or none"),
        ("focus", "the id of the view with the keyboard focus, or none"),
    ]

    /// The checks, in the order written.
    public var checks: [Check]

    /// Reads `key=value` words: a key every app has, or a name the app may declare.
    public init(words: [String]) throws(ParseError) {
        guard !words.isEmpty else {
            throw ParseError(message: "expected `expect KEY=VALUE …` with KEY one of \(StateExpectation.keys.map(\.name).joined(separator: ", ")) or a state the app declares")
        }
        checks = []
        for word in words {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, ReplayScript.isViewID(parts[0]) else {
                throw ParseError(message: "expected KEY=VALUE with KEY one of \(StateExpectation.keys.map(\.name).joined(separator: ", ")) or a state the app declares (got \"\(printableForOneLine(word))\")")
            }
            let value = parts[1]
            let good: Bool
            switch parts[0] {
            case "step": good = value == "none" || (Int(value).map { $0 >= 1 } ?? false)
            case "tour": good = ["running", "finished", "skipped", "dismissed", "none"].contains(value)
            case "tab", "overlay", "focus": good = !value.isEmpty && ReplayScript.isViewID(value)
            default: good = !value.isEmpty && !value.contains(where: \.isWhitespace)
            }
            guard good else {
                let meaning = StateExpectation.keys.first { $0.name == parts[0] }?.value ?? "a value"
                throw ParseError(message: "expected \(parts[0])=\(meaning) (got \"\(printableForOneLine(word))\")")
            }
            checks.append(Check(key: parts[0], value: value))
        }
    }

    /// What is wrong with the checks on an app described by `catalog` (a key it does not keep, a
    /// value of the wrong kind), or nil.
    public func problem(against catalog: TargetCatalog) -> String? {
        var names = ExpectationNames(CatalogSuggestions(catalog))
        return problem(against: &names)
    }

    /// What is wrong with the checks, as `problem(against:)` says, with the names a tour's checks share.
    package func problem(against names: inout ExpectationNames) -> String? {
        let catalog = names.catalog.catalog
        for check in checks where !StateExpectation.keys.contains(where: { $0.name == check.key }) {
            guard let state = names.catalog.statesByName[check.key] else {
                return "the app keeps no state \(quoted(check.key)) (known: \(names.keys.list(near: check.key)))"
            }
            switch state.kind {
            case .number where Double(check.value) == nil && check.value != "none":
                return "\(check.key) is a number, found \(quoted(check.value))"
            case .flag where !["true", "false", "none"].contains(check.value):
                return "\(check.key) is true or false, found \(quoted(check.value))"
            default: break
            }
        }
        if let tab = checks.first(where: { $0.key == "tab" }), !catalog.tabs.isEmpty, tab.value != "none", !catalog.tabs.contains(tab.value) {
            return "no tab named \(quoted(tab.value))" + names.catalog.tabs.suggestion(for: tab.value)
        }
        if let overlay = checks.first(where: { $0.key == "overlay" }) {
            // The tour's own overlays, and those the app presents.
            if !names.catalog.expectationKinds.known.contains(overlay.value) {
                return "no overlay kind \(quoted(overlay.value)) (known: \(names.catalog.expectationKinds.list(near: overlay.value)))"
            }
        }
        return nil
    }

    /// Reads a line of words such as `overlay=spotlight step=2`.
    public init(text: String) throws(ParseError) {
        try self.init(words: text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
    }

    /// The checks that `state` (values by key; nil for none) does not meet, each as `key: expected X, found Y`.
    public func mismatches(in state: [String: String?]) -> [String] {
        checks.compactMap { check in
            let found = (state[check.key] ?? nil) ?? "none"
            return found == check.value ? nil : "\(check.key): expected \(check.value), found \(found)"
        }
    }

    /// The words, as written.
    public var description: String { checks.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
}
