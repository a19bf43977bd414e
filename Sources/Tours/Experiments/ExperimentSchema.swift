import Schema

/// The keys of a tour's experiment, declared once: `experiment`, `holdout` and `variants` (each
/// with its `name`, `weight`, and its own `steps` or `texts`).
enum ExperimentSchema {
    /// The tour's keys (between `test` and `steps`).
    static let experiment = KeyRow<Tour>("experiment", .name, value: "a name of letters, digits, `.`, `_`, `-` (at most 100)", default: "the tour's `id`",
                                          doc: "the experiment's name: with the user's id, what each user's arm is drawn from (a new name draws every user again)") { member, path, _, r, tour in
        if let name = r.name(member.value, at: path, maxLength: 100) { tour.experiment = name }
    }
    static let holdout = KeyRow<Tour>.number("holdout", in: 0...0.9, default: 0, doc: "the share of users who see no tour: the control a goal's lift is measured against (`analyze`)") { v, tour in
        tour.holdout = v
    }
    static let variants = KeyRow<Tour>("variants", .list, value: "a list of arms: `name`, `weight`, and `steps` or `texts`", default: "none",
                                        doc: "the experiment's arms: each user sees one, for good, drawn by weight") { member, path, _, r, tour in
        guard case .array(let items) = member.value.value else {
            r.report(member.value.line, path, "expected a list of arms such as [{\"name\": \"control\"}, {\"name\": \"short\", \"steps\": […]}], found \(member.value.kindDescription)")
            return
        }
        var names = Set<String>()
        for (i, item) in items.enumerated() {
            var v = Experiment.Variant()
            let at = path.appending(i)
            guard let members = r.decode(item, at: at, keys: variant, what: "an arm with a \"name\"", into: &v) else { continue }
            if members["name"] == nil { r.report(item.line, at, "missing key \"name\" (the arm's name, written in its users' events)"); continue }
            if v.name == Experiment.holdoutArm { r.report(members["name"]!.value.line, at.appending("name"), "\"holdout\" is the arm of users held out (use \"holdout\": SHARE for them)"); continue }
            if !names.insert(v.name).inserted { r.report(members["name"]!.value.line, at.appending("name"), "a second arm named \(quoted(v.name)) (each arm's name is its own)"); continue }
            if let stepsNode = members["steps"] {
                guard case .array(let elements) = stepsNode.value.value, !elements.isEmpty else {
                    r.report(stepsNode.value.line, at.appending("steps"), "expected a list of at least one step")
                    continue
                }
                v.steps = elements.enumerated().compactMap { k, e in TourDecoder.decodeStep(e, at.appending("steps").appending(k), &r) }
            }
            tour.variants.append(v)
        }
        if items.isEmpty { r.report(member.value.line, path, "expected at least one arm") }
    }

    /// An arm's keys.
    static let variant: [KeyRow<Experiment.Variant>] = [
        KeyRow("name", .name, value: "a name of letters, digits, `.`, `_`, `-` (at most 100)", default: "required",
               doc: "the arm's name, written in its users' events (`variant`)") { member, path, _, r, v in
            if let name = r.name(member.value, at: path, maxLength: 100) { v.name = name }
        },
        .number("weight", in: 0.001...1000, default: 1, doc: "its share among the arms, relative to the others' weights") { w, v in v.weight = w },
        KeyRow("steps", .list, value: "a list of step objects", default: "the tour's", doc: "steps of its own instead of the tour's", decode: nil),
        KeyRow("texts", .list, value: "a list of `step`, `title`, `text`", default: "none",
               doc: "titles and texts of its own for some of the tour's steps") { member, path, _, r, v in
            guard case .array(let items) = member.value.value else {
                r.report(member.value.line, path, "expected a list such as [{\"step\": 1, \"text\": \"…\"}], found \(member.value.kindDescription)")
                return
            }
            for (i, item) in items.enumerated() {
                var t = Experiment.Text()
                guard let members = r.decode(item, at: path.appending(i), keys: text, what: "an object with \"step\" and \"title\" or \"text\"", into: &t) else { continue }
                if members["step"] == nil { r.report(item.line, path.appending(i), "missing key \"step\" (the step the texts are for, from 1)"); continue }
                v.texts.append(t)
            }
        },
    ]

    /// A variant text's keys.
    static let text: [KeyRow<Experiment.Text>] = [
        .number("step", in: 1...10_000, whole: true, default: nil, defaultText: "required", doc: "the step, counting from 1") { n, t in t.step = Int(n) },
        .localizedText("title", doc: "the step's title in this arm", \.title, \.titles),
        .localizedText("text", doc: "the step's text in this arm", \.text, \.texts),
    ]
}
