import Schema
import Tours

/// Any key of the tour or of a step, by its path (`dim.opacity`, `advanceOn`), as the panel's rows
/// set them: each change one step of the history (keystrokes in one row coalesce).
extension EditorModel {
    /// Sets the key at `path` of the tour (`step` nil) or of step `step` to `value` (nil removes it,
    /// and an object it leaves empty). A new key goes where the format lists it.
    public func setValue(_ value: JSONTree?, at path: [String], inStep step: Int?) {
        guard !path.isEmpty else { return }
        let key = "key." + (step == nil ? "" : "step.") + path.joined(separator: ".")
        change(coalescing: key) { doc in
            if let step {
                var steps = doc.steps
                guard step < steps.count else { return }
                EditorModel.set(value, at: path, in: &steps[step], order: TourDocument.stepKeyOrder)
                doc.steps = steps
            } else {
                EditorModel.set(value, at: path, in: &doc.root, order: TourDocument.tourKeyOrder)
            }
        }
    }

    /// Names the app the tour runs over (`"app"`: a screens file, from the tour's folder), as one
    /// step of the history of its own.
    public func setApp(named name: String) {
        setValue(.string(name), at: ["app"], inStep: nil)
        endGesture()
    }

    /// Sets the text at `path` in `language`, keeping the other languages' (a plain string while
    /// the tour has one language, as the title and text fields do).
    public func setText(_ text: String, at path: [String], inStep step: Int?, language: String) {
        var object: JSONTree = .object([])
        let base: JSONTree? = step.map { $0 < document.steps.count ? document.steps[$0] : nil } ?? document.root
        if let base, let parent = EditorModel.value(at: Array(path.dropLast()), in: base), parent.members != nil { object = parent }
        var fields = StepFields(object, unitsPerPoint: unitsPerPoint)
        fields.setText(path[path.count - 1], in: language, to: text, languages: languages)
        setValue(fields.json[path[path.count - 1]], at: path, inStep: step)
    }

    /// The value at `path` of `object`, or nil.
    static func value(at path: [String], in object: JSONTree) -> JSONTree? {
        var v: JSONTree? = object
        for p in path { v = v?[p] }
        return v
    }

    static func set(_ value: JSONTree?, at path: [String], in object: inout JSONTree, order: [String]) {
        guard let first = path.first else { return }
        var new = value
        if path.count > 1 {
            var child = object[first] ?? .object([])
            if child.members == nil { child = .object([]) }
            set(value, at: Array(path.dropFirst()), in: &child, order: [])
            new = child.members?.isEmpty == true ? nil : child
        }
        if let rank = order.firstIndex(of: first) {
            object.setMember(first, new, after: Array(order[..<rank]), before: Array(order[(rank + 1)...]))
        } else {
            object.setMember(first, new)
        }
    }
}
