import Foundation
import Overlays
import Raster
import Schema
import Tours
import Views

/// What a reviewer would flag in a tour, found on the settled steps of a headless walk at one size,
/// scale and language: a bubble clipped by the screen or the safe area or with its text cut short, a
/// bubble over a hole, a target off-screen, a tap target under 44×44 pt, text missing in a language,
/// text below WCAG AA contrast against the bubble, a rect target with no label for screen readers,
/// a `tapTarget` step whose keyboard focus does not start on its target, a side asked for that had
/// no room; and, for the whole tour, more than 12 steps.
///
/// Every finding is a `Diagnostic` at the step's line: `home.json:23: steps[2]: the bubble is
/// clipped by the safe area … (at 390x844@1x, en)`.
@MainActor
package enum TourLint {
    /// The smallest side of a hole a finger must tap (Apple's and WCAG 2.5.5's 44 pt).
    package static let minimumTapSide = 44.0
    /// The contrast body text needs (WCAG 2 AA).
    package static let minimumContrast = 4.5
    /// The contrast large text needs (WCAG 2 AA: 18 pt, or 14 pt bold; pt being 4/3 of a CSS pixel).
    package static let minimumLargeTextContrast = 3.0
    /// Tours longer than this draw a warning.
    package static let stepsBeforeWarning = 12

    /// The findings of the tour as a whole: its length, and files it names by absolute paths.
    package static func tourFindings(_ tour: Tour, file: String) -> [Diagnostic] {
        var found = pathFindings(tour, file: file)
        // A step with no bubble has nothing to centre: it is passed over, whatever `ifMissing` says.
        for (i, step) in tour.steps.enumerated() where step.ifMissing == .center && !step.showsBubble {
            found.append(Diagnostic(file: file, line: step.source.step, path: "steps[\(i)].ifMissing",
                                    message: "\"center\" shows the bubble without a hole, and this step has no text: when its target is missing it is passed over (\"skip\"); give it text, or say \"skip\" or \"end\"",
                                    severity: .warning))
        }
        guard tour.steps.count > stepsBeforeWarning else { return found }
        let first = tour.steps[stepsBeforeWarning]
        found.append(Diagnostic(file: file, line: first.source.step, path: "steps",
                                    message: "the tour has \(tour.steps.count) steps; completion drops on tours longer than \(stepsBeforeWarning) (split it, or cut steps)",
                                    severity: .warning))
        return found
    }

    /// The app and screenshots the tour names by a path from the root: found on this machine
    /// alone, so the tour fails `check` once zipped to a teammate or committed.
    static func pathFindings(_ tour: Tour, file: String) -> [Diagnostic] {
        var named: [(line: Int, path: String, name: String)] = []
        if let app = tour.app { named.append((tour.appLine, "app", app)) }
        if let background = tour.background { named.append((tour.backgroundLine, "background", background)) }
        for (tag, background) in tour.languageBackgrounds.sorted(by: { $0.key < $1.key }) where background != tour.background {
            named.append((tour.backgroundLine, "background.\(tag)", background))
        }
        for (i, step) in tour.steps.enumerated() { if let background = step.background { named.append((step.backgroundLine, "steps[\(i)].background", background)) } }
        return named.filter { $0.name.hasPrefix("/") }.map { n in
            Diagnostic(file: file, line: n.line, path: n.path,
                           message: "\(quoted(n.name)) is an absolute path: the tour finds it on this machine alone (write it relative to the tour file's folder, and keep the file with the tour)",
                           severity: .warning)
        }
    }

    /// The findings of the languages a tour is shown in (its `test.languages`, else its texts'):
    /// one Limelight has no words for (Next, Skip and the spoken words would be English), and one
    /// no installed font covers (its text would be empty boxes). Pseudo-locales need neither.
    package static func languageFindings(_ tour: Tour, file: String, strings: InterfaceStrings,
                                        hasFont: (String) -> Bool) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let languages = tour.test.languages ?? tour.textLanguages
        for (i, language) in languages.enumerated() where !PseudoLocale.isPseudo(language) {
            let line = i < tour.test.languageLines.count ? tour.test.languageLines[i] : 0
            let path = tour.test.languages == nil ? "steps" : "test.languages[\(i)]"
            let primary = String(language.prefix { $0 != "-" })
            if primary != "en", strings.table[language] == nil, strings.table[primary] == nil {
                found.append(Diagnostic(file: file, line: line, path: path,
                                            message: "the tour is shown in \(language), but Limelight has no words for it (Next, Skip and the spoken words would be English): add a translation file \(primary).po of its words (`l10n export --lang \(language)` makes one)",
                                            severity: .warning))
            }
            if !hasFont(language) {
                found.append(Diagnostic(file: file, line: line, path: path,
                                            message: "the tour is shown in \(language), but no installed font covers it (its text would show as empty boxes): install one (fc-list :lang=\(primary))",
                                            severity: .warning))
            }
        }
        return found
    }

    /// The findings of step `index` as `walk` shows it now, at `place` (`390x844@1x, en`): read
    /// from the settled step (`TourWalk.show(step:at:)` settles it, through the session's
    /// `settle()`); the lint runs no frame.
    /// A target that `comesLater` (a view the app adds as it runs) and is missing from the fresh
    /// app is no finding: the step waits for it (`waitFor`), and a test script that makes it appear
    /// checks it.
    /// A step whose text falls back to another language in one of `required` is an error, not a
    /// warning.
    package static func stepFindings(_ walk: TourWalk, step index: Int, file: String, place: String,
                                    comesLater: (String) -> Bool = { _ in false }, required: Set<String> = [],
                                    strictAnchors: Bool = false) -> [Diagnostic] {
        var found = anchorFindings(walk, step: index, file: file, place: place, comesLater: comesLater, strict: strictAnchors)
        found += otherFindings(walk, step: index, file: file, place: place, comesLater: comesLater, required: required)
        return found
    }

    /// The drift report of a step shown by `walk`: one line for each target written as anchors that
    /// the screen does not match whole — a change found by the stable anchors (a warning; with
    /// `strict`, an error for CI), or a target that is ambiguous or gone, with the elements nearest
    /// to it (an error).
    package static func anchorFindings(_ walk: TourWalk, step index: Int, file: String, place: String,
                                       comesLater: (String) -> Bool = { _ in false }, strict: Bool = false) -> [Diagnostic] {
        let step = walk.engine.tour.steps[index]
        let root = walk.stage.root
        var found: [Diagnostic] = []
        for (t, target) in step.holeTargets(in: walk.stage.languageCode).enumerated() {
            guard case .element(let query) = target else { continue }
            let resolution = root.resolve(query, namingNearest: true)
            if resolution.element == nil, let id = query.id, root.view(withID: id) == nil, comesLater(id) { continue }
            guard let message = resolution.message(for: query) else { continue }
            let line = t < step.source.targets.count ? step.source.targets[t] : step.source.step
            let path = t < step.source.targetPaths.count ? step.source.targetPaths[t] : "steps[\(index)]"
            found.append(Diagnostic(file: file, line: line, path: path, message: "\(message) (at \(place))",
                                    severity: resolution.element == nil || strict ? .error : .warning))
        }
        return found
    }

    private static func otherFindings(_ walk: TourWalk, step index: Int, file: String, place: String,
                                      comesLater: (String) -> Bool, required: Set<String>) -> [Diagnostic] {
        let tour = walk.engine.tour
        let step = tour.steps[index]
        let root = walk.stage.root
        let language = walk.stage.languageCode
        var found: [Diagnostic] = []
        func flag(_ message: String, _ severity: Diagnostic.Severity = .error) {
            found.append(Diagnostic(file: file, line: step.source.step, path: "steps[\(index)]",
                                        message: "\(message) (at \(place))", severity: severity))
        }

        if !step.texts.isEmpty || !step.titles.isEmpty {
            var missing: [String] = []
            if !step.titles.isEmpty && !LanguageTag.hasText(in: step.titles, language: language) { missing.append("title") }
            if !step.texts.isEmpty && !LanguageTag.hasText(in: step.texts, language: language) { missing.append("text") }
            if !missing.isEmpty {
                let isRequired = required.contains(language)
                flag("no \(missing.joined(separator: " or ")) in \(language) (the \(missing.count == 1 ? "default" : "defaults") would show\(isRequired ? "; \(language) is required" : ""))",
                     isRequired ? .error : .warning)
            }
        }

        // A rectangle has no view to take a name from: the step's label is all a screen reader hears.
        if step.holes(in: language).contains(where: { hole in
            if case .rect = hole.target { return (hole.label ?? "").isEmpty } else { return false }
        }), step.label == nil, LanguageTag.lookup(language, in: step.labels) == nil {
            flag("its rect target has no \"label\": a screen reader names it with nothing (give the step a label saying what is there)", .warning)
        }

        guard let spotlight = walk.engine.spotlight else { return found }
        let geometry = StepGeometry(spotlight: spotlight, root: root)
        let screen = Rect(x: 0, y: 0, width: root.size.width, height: root.size.height)

        for (h, hole) in step.holes(in: language).enumerated() {
            let name = TourLint.name(of: hole.target)
            switch hole.target {
            case .view(let id):
                guard let view = root.view(withID: id), view.isPlaced else {
                    if root.view(withID: id) == nil && comesLater(id) { continue }
                    flag("the target \(name) is not on screen after scrolling"); continue
                }
                let visible = view.visibleFrame.intersection(screen)
                let whole = view.frame.width * view.frame.height
                if whole > 0 && visible.width * visible.height < whole * 0.99 {
                    let percent = Int((visible.width * visible.height / whole * 100).rounded(.down))
                    flag("the target \(name) is off-screen after scrolling (\(percent)% of it shows)")
                }
            case .rect(let r):
                if r.intersection(screen).width * r.intersection(screen).height < r.width * r.height * 0.99 {
                    flag("the target \(name) lies off the \(root.size.width.compact)x\(root.size.height.compact) screen")
                }
            case .element(let query):
                // What it found, or why not, is the drift report's (`anchorFindings`).
                guard let element = root.resolve(query).element else { continue }
                let frame = root.frame(of: element)
                let shown = element.id.flatMap(root.view(withID:)).map(\.visibleFrame) ?? frame
                let visible = shown.intersection(screen)
                let whole = frame.width * frame.height
                if whole > 0 && visible.width * visible.height < whole * 0.99 {
                    let percent = Int((visible.width * visible.height / whole * 100).rounded(.down))
                    flag("the target \(name) is off-screen after scrolling (\(percent)% of it shows)")
                }
            }
            if step.advanceOn == .tapTarget, h < geometry.holes.count, let rect = geometry.holes[h].rect,
               rect[2] < minimumTapSide || rect[3] < minimumTapSide {
                flag("the hole of \(name) is \(rect[2].compact)×\(rect[3].compact) pt, smaller than the \(minimumTapSide.compact)×\(minimumTapSide.compact) pt a finger needs to tap (advanceOn \"tapTarget\")")
            }
        }

        if let keyboard = keyboardFinding(step, root: root) { flag(keyboard, .warning) }

        guard let bubble = geometry.bubble else { return found }
        let box = Rect(x: bubble.rect[0], y: bubble.rect[1], width: bubble.rect[2], height: bubble.rect[3])
        let safe = screen.inset(by: root.safeArea)
        if !contains(screen, box) {
            flag("the bubble \(box) is clipped by the \(screen.width.compact)x\(screen.height.compact) screen")
        } else if !contains(safe, box) {
            flag("the bubble \(box) is clipped by the safe area \(safe)")
        }
        // A side the tour names that has no room: the bubble went to another, which the tour's
        // author may not expect at this size.
        if bubble.flipped, !spotlight.isMissingTargets {
            flag("the bubble has no room \(sideWords(bubble.placement)) its target (\"placement\": \"\(bubble.placement)\"): it shows \(sideWords(bubble.side)) it instead", .warning)
        }
        if bubble.truncated {
            var parts: [String] = []
            for surface in spotlight.surfaces {
                for (text, _) in texts(in: surface.content, over: .white) where text.lines.last?.hasSuffix("\u{2026}") == true {
                    let part = owner(of: text) ?? "text"
                    if !parts.contains(part) { parts.append(part) }
                }
            }
            flag("the bubble's \(parts.joined(separator: ", ")) \(parts.count == 1 ? "is" : "are") cut short with an ellipsis (shorten the text, or give the bubble more room)")
        }
        // A language whose words leave the footer no room for the progress dots loses them.
        if case let .dropped(needed, room) = spotlight.progressDotsFit {
            flag("the progress dots vanish in \(language): the footer needs \(needed.rounded(.up).compact) pt with them, the bubble has \(room.compact) (shorter words on its buttons, or a wider \"theme.bubble.maxWidth\", bring them back)", .warning)
        }
        for (h, hole) in geometry.holes.enumerated() {
            guard let r = hole.rect else { continue }
            let overlap = box.intersection(Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
            if overlap.width * overlap.height >= 1, h < step.holes.count {
                flag("the bubble covers the hole of \(name(of: step.holes[h].target))")
            }
        }
        for surface in spotlight.surfaces {
            for (text, background) in texts(in: surface.content, over: spotlight.currentBubbleBackground) {
                let ratio = text.color.contrastRatio(over: background)
                let large = text.font.size >= 24 || (text.font.size >= 18.66 && text.font.weight == .bold)
                let needed = large ? minimumLargeTextContrast : minimumContrast
                if ratio < needed {
                    let what = owner(of: text).map { "the text of \($0)" } ?? "the text \"\(text.string.prefix(30))\""
                    flag("\(what) has a contrast of \(String(format: "%.2f", ratio)):1 (\(hex(text.color)) on \(hex(background))), below WCAG AA's \(needed.compact):1")
                }
            }
        }
        return found
    }

    /// Every text under `view` with the colour it is drawn on: its nearest `Background`, else `base`.
    static func texts(in view: View, over base: Color) -> [(Text, Color)] {
        var out: [(Text, Color)] = []
        func walk(_ v: View, _ behind: Color) {
            var here = behind
            if let background = v as? Background { here = background.color.composited(over: behind) }
            if let text = v as? Text, !text.string.isEmpty { out.append((text, here)) }
            for child in v.children { walk(child, here) }
        }
        walk(view, base)
        return out
    }

    /// The id of `view` or of its nearest ancestor with one.
    static func owner(of view: View) -> String? {
        var v: View? = view
        while let current = v {
            if let id = current.id { return id }
            v = current.parent
        }
        return nil
    }

    /// Whether `outer` holds `inner`, to a thousandth of a point.
    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - 0.001 && inner.minY >= outer.minY - 0.001 &&
            inner.maxX <= outer.maxX + 0.001 && inner.maxY <= outer.maxY + 0.001
    }

    /// A target as messages name it: `"save"`, or the rect.
    static func name(of target: HoleTarget) -> String {
        switch target {
        case .view(let id): return "\"\(id)\""
        case .element(let query): return "(\(query.description))"
        case .rect(let r):
            // Whole or to a tenth: a rect mapped onto another screen size has long fractions.
            let parts = [r.minX, r.minY, r.width, r.height].map { (($0 * 10).rounded() / 10).compact }
            return "rect [\(parts.joined(separator: ", "))]"
        }
    }

    /// A side as a sentence says it: `above`, `below`, `to the left of`, `to the right of`.
    static func sideWords(_ side: String) -> String { side == "left" || side == "right" ? "to the \(side) of" : side }

    /// `#RRGGBB`.
    static func hex(_ c: Color) -> String { String(format: "#%02X%02X%02X", c.red, c.green, c.blue) }
}
