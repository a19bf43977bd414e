import Raster
import Schema
import Views

/// The keys of a tour's `test` object, declared once (see `TourSchema`): the test itself, its
/// `tolerance` and its `scripts`.
package enum TestSchema {
    /// The keys of a tour's `test` object: what `limelight test` runs.
    static let test: [KeyRow<TourTest>] = [
        KeyRow("sizes", .list, value: "a list of `\"WxH\"` sizes in points", default: "`[\"390x844\"]`",
                doc: "the screen sizes every step is tested at") { member, path, _, r, test in
            guard let items = list(member, path, &r, of: "sizes such as \"390x844\"") else { return }
            var sizes: [Size] = []
            for (i, item) in items.enumerated() {
                guard let s = r.string(item, at: path.appending(i)) else { continue }
                guard let size = parseSize(s) else {
                    r.report(item.line, path.appending(i), "expected a size \"WxH\" in points from 1x1 to 16384x16384, such as \"390x844\", found \(quoted(s))")
                    continue
                }
                sizes.append(size)
            }
            if !sizes.isEmpty { test.sizes = sizes }
        },
        KeyRow("scales", .list, value: "a list of numbers from 0.25 to 8", default: "`[1]`",
                doc: "device pixels per point (every size at every scale)", decode: { member, path, _, r, test in
            guard let items = list(member, path, &r, of: "scales such as 1 or 2") else { return }
            let scales = items.enumerated().compactMap { i, item in r.number(item, at: path.appending(i), in: 0.25...8) }
            if scales.count == items.count { test.scales = scales }
        }, rule: { context, r, test in
            // Every size at every scale must make a frame that can be allocated.
            guard let member = context.members["scales"] ?? context.members["sizes"] else { return }
            for size in test.sizes {
                for scale in test.scales {
                    do { try ViewRoot.validate(size: size, scale: scale) } catch {
                        r.report(member.value.line, context.path.appending(member.key), "\(size.width.compact)x\(size.height.compact) at \(scale.compact)x: \(error)")
                    }
                }
            }
        }),
        KeyRow("languages", .list, value: "a list of language tags", default: "every language the texts give",
                doc: "the languages every step is tested in") { member, path, _, r, test in
            guard let items = list(member, path, &r, of: "language codes such as \"en\"") else { return }
            var codes: [String] = [], lines: [Int] = []
            for (i, item) in items.enumerated() {
                guard let s = r.string(item, at: path.appending(i)) else { continue }
                guard LanguageTag.isWellFormed(s) else {
                    r.report(item.line, path.appending(i), "expected a language tag such as en, ja, zh-Hans or pt-BR, found \(quoted(s))")
                    continue
                }
                codes.append(s); lines.append(item.line)
            }
            if !codes.isEmpty { test.languages = codes; test.languageLines = lines }
        },
        KeyRow("times", .list, value: "a list of milliseconds from 0 to 60000", default: "`[]`",
                doc: "moments into each step tested too, besides the settled step (`[150]`: the middle of each morph)") { member, path, _, r, test in
            guard let items = list(member, path, &r, of: "milliseconds such as 150", allowEmpty: true) else { return }
            let times = items.enumerated().compactMap { i, item in r.number(item, at: path.appending(i), in: 0...60_000) }
            if times.count == items.count { test.times = Array(Set(times)).sorted() }
        },
        KeyRow("goldens", .file, value: "a folder, relative to the tour file's", default: "`<tour file name>.goldens`",
                doc: "where the cases' golden PNGs are kept") { member, path, _, r, test in
            guard let s = r.string(member.value, at: path, nonEmpty: true) else { return }
            // `--update` writes here: it stays inside the tour file's folder.
            if let problem = TourTest.escape(ofFolder: s) {
                r.report(member.value.line, path, "expected a folder inside the tour file's folder, found \(quoted(s)) (\(problem))")
            } else {
                test.goldens = s
            }
        },
        KeyRow("motion", .list, value: "a list: `\"full\"`, `\"reduced\"`", default: "`[\"full\"]`",
                doc: "run every case with animations as they are, under reduced motion (`-reduced` in the case's name), or both") { member, path, _, r, test in
            guard let items = list(member, path, &r, of: "motion settings such as \"reduced\"") else { return }
            var motion: [TourTest.Motion] = []
            for (i, item) in items.enumerated() {
                guard let s = r.string(item, at: path.appending(i)) else { return }
                guard let m = TourTest.Motion(rawValue: s) else {
                    r.report(item.line, path.appending(i), "expected \"full\" or \"reduced\", found \(quoted(s))"); return
                }
                guard !motion.contains(m) else { r.report(item.line, path.appending(i), "\(quoted(s)) is named twice"); return }
                motion.append(m)
            }
            test.motion = motion
        },
        KeyRow("ignore", .list, value: "a list of view ids and `[x, y, w, h]` rects in points", default: "none",
                doc: "parts of every frame left out of the comparison (a clock, a live feed)") { member, path, _, r, test in
            guard let items = list(member, path, &r, of: "view ids or [x, y, w, h] rects") else { return }
            for (i, item) in items.enumerated() {
                if case .array(let numbers) = item.value {
                    let values = numbers.enumerated().compactMap { k, n in r.number(n, at: path.appending(i).appending(k), in: -1e6...1e6) }
                    guard values.count == 4, numbers.count == 4, values[2] > 0, values[3] > 0 else {
                        if values.count == numbers.count {
                            r.report(item.line, path.appending(i), "expected a rect [x, y, width, height] with a width and height above 0")
                        }
                        continue
                    }
                    test.ignore.append(.rect(Rect(x: values[0], y: values[1], width: values[2], height: values[3])))
                } else if let id = r.string(item, at: path.appending(i), nonEmpty: true) {
                    test.ignore.append(.view(id))
                }
            }
        },
        KeyRow("semantics", .flagOr(["all"]), value: "`true`, `false` or `\"all\"`", default: "`false`",
                doc: "also keep each settled step's screen-reader tree and spoken words as goldens, compared like pixels; `\"all\"`: the tree also holds the app a step's dialog hides from a screen reader") { member, path, _, r, test in
            switch member.value.value {
            case .bool(let keeps): test.semantics = keeps
            case .string("all"): test.semantics = true; test.semanticsBeneathDialogs = true
            case .string(let other): r.report(member.value.line, path, "expected true, false or \"all\", found \(quoted(other))")
            default: r.report(member.value.line, path, "expected true, false or \"all\", found \(member.value.kindDescription)")
            }
        },
        KeyRow("tolerance", .object, value: "an object: `maxDifferentPixels`, `maxChannelDelta`, `perceptual`", default: "exact",
                doc: "how close a frame must be to its golden") { member, path, _, r, test in
            r.decode(member.value, at: path, keys: tolerance, what: "an object such as {\"maxDifferentPixels\": 10, \"maxChannelDelta\": 2} or {\"perceptual\": 0.1}",
                     into: &test.tolerance)
        },
        KeyRow("scripts", .list, value: "a list of objects: `name`, `lines`, `expect`", default: "none",
                doc: "input scripts (the replay format) run from the tour's start, each a case of its own") { member, path, _, r, test in
            guard let items = list(member, path, &r, of: "script objects", allowEmpty: true) else { return }
            var names = Set<String>()
            for (i, item) in items.enumerated() {
                var script = ScriptDraft()
                r.decode(item, at: path.appending(i), keys: TestSchema.script, what: "an object with \"name\" and \"lines\"", into: &script)
                guard let name = script.name, let lines = script.lines else { continue }
                guard names.insert(name).inserted else {
                    r.report(item.line, path.appending(i).appending("name"), "another script is named \(quoted(name)) (names must differ)")
                    continue
                }
                test.scripts.append(TourTest.Script(name: name, lines: lines, lineNumbers: script.lineNumbers, linesLine: script.linesLine,
                                                    expect: script.expect, expectLine: script.expectLine))
            }
        },
    ]

    /// The keys of the test's `tolerance` object.
    static let tolerance: [KeyRow<TourTest.Tolerance>] = [
        .number("maxDifferentPixels", in: 0...1e12, whole: true, default: 0, doc: "how many pixels may differ") { v, t in t.maxDifferentPixels = Int(v) },
        .number("maxChannelDelta", in: 0...255, whole: true, default: 0, doc: "how far a channel may differ before its pixel counts as different") { v, t in
            t.maxChannelDelta = Int(v)
        },
        .number("perceptual", in: 0...1, default: nil, defaultText: "none (exact channels)",
                doc: "compare perceptually (pixelmatch's YIQ distance over this threshold, anti-aliased edges ignored); 0.1 is pixelmatch's default") { v, t in
            t.perceptualThreshold = v
        },
    ]

    /// What a test script holds while it is read.
    struct ScriptDraft {
        var name: String?
        var lines: [String]?
        var lineNumbers: [Int] = []
        var linesLine = 0
        var expect: String?
        var expectLine = 0
    }

    /// The keys of a test script.
    static let script: [KeyRow<ScriptDraft>] = [
        KeyRow("name", .name, value: "letters, digits, `.`, `_`, `-`", default: "required", doc: "the script's name, in its case's name",
                missing: "missing key \"name\" (a name for the script, such as \"add-a-card\")") { member, path, _, r, s in
            if let name = r.name(member.value, at: path, maxLength: 60) { s.name = name }
        },
        KeyRow("lines", .list, value: "a list of replay commands", default: "required",
                doc: "the commands, one a string: `tap ID`, `tap X Y`, `drag ID DX DY`, `key NAME`, `wait MS`, `expect KEY=VALUE …`",
                missing: "missing key \"lines\" (the script's commands, such as [\"tap add\", \"wait 300\"])") { member, path, _, r, s in
            guard let items = list(member, path, &r, of: "commands such as \"tap add\"", limit: TourTest.maxScriptLines) else { return }
            var lines: [String] = [], numbers: [Int] = []
            for (i, item) in items.enumerated() {
                guard let text = r.string(item, at: path.appending(i)) else { return }
                lines.append(text); numbers.append(item.line)
            }
            // The commands are read by the test kit, which loads the tour with its checks.
            s.lines = lines
            s.lineNumbers = numbers
            s.linesLine = member.value.line
        },
        KeyRow("expect", .mixed, value: "`KEY=VALUE …` (`tab`, `overlay`, `step`, `tour`, `focus`, or a state the app declares)", default: "none",
                doc: "what the state must be when the script ends") { member, path, _, r, s in
            guard let text = r.string(member.value, at: path, nonEmpty: true) else { return }
            s.expect = text
            s.expectLine = member.value.line
        },
    ]

    /// The elements of a list value, reported when it is not a list (or is empty and `allowEmpty` is false).
    private static func list(_ member: JSONMember, _ path: JSONPath, _ r: inout SchemaReader, of what: String,
                             allowEmpty: Bool = false, limit: Int = TourTest.maxEntries) -> [JSONNode]? {
        guard case .array(let items) = member.value.value else {
            r.report(member.value.line, path, "expected a list of \(what), found \(member.value.kindDescription)")
            return nil
        }
        guard items.count <= limit else {
            r.report(member.value.line, path, "expected at most \(limit) entries, found \(items.count)")
            return nil
        }
        if items.isEmpty && !allowEmpty {
            r.report(member.value.line, path, "expected at least one entry, found an empty list")
            return nil
        }
        return items
    }

    /// "WxH" in points, each side 1...16384, or nil.
    static func parseSize(_ s: String) -> Size? {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        return Size(w, h)
    }
}
