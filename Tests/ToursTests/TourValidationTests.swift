import Foundation
import Schema
import Testing
import ImageFiles
import Raster
import Demo
@testable import Tours

/// Every class of problem in a tour file, with its message and line; all problems are reported.
@Suite(.serialized) @MainActor struct TourValidationTests {
    @Test func aGoodTourDecodesEveryKey() throws {
        let t = try tour("""
        {
          "id": "t", "dim": {"color": "#102030", "opacity": 0.25}, "showProgress": true, "allowSkip": false,
          "steps": [
            {"target": "fab", "shape": "circle", "padding": 4, "feather": 2, "title": "T", "text": "x",
             "placement": "left", "advanceOn": "tapTarget", "scrollIntoView": false},
            {"targets": ["card.0", "card.1"], "shape": "roundedRect", "cornerRadius": 6, "text": "y"},
            {"rect": [1, 2, 3, 4], "shape": {"svgPath": "M 0 0 H 10 V 10 Z", "fillRule": "evenOdd"}},
            {"tab": "menu", "target": "menu.alert", "shape": "ellipse"}
          ]
        }
        """)
        #expect(t.id == "t")
        #expect(t.dimColor == Color(red: 0x10, green: 0x20, blue: 0x30))
        #expect(t.dimOpacity == 0.25 && t.showsProgress && !t.allowsSkip)
        #expect(t.steps.count == 4)
        let s0 = t.steps[0]
        #expect(s0.targets == [.view("fab")] && s0.shape == .circle && s0.padding == 4 && s0.feather == 2)
        #expect(s0.title == "T" && s0.text == "x" && s0.placement == .left && s0.advanceOn == .tapTarget && !s0.scrollsIntoView)
        #expect(t.steps[1].targets == [.view("card.0"), .view("card.1")] && t.steps[1].shape == .roundedRect(cornerRadius: 6))
        #expect(t.steps[1].advanceOn == .nextButton, "a step with text defaults to the Next button")
        #expect(t.steps[2].targets == [.rect(Rect(x: 1, y: 2, width: 3, height: 4))])
        if case .path(let p, let rule) = t.steps[2].shape { #expect(!p.isEmpty && rule == .evenOdd) } else { Issue.record("not a path") }
        #expect(t.steps[2].advanceOn == .tapAnywhere, "a step without text defaults to a tap anywhere")
        #expect(t.steps[3].tab == "menu" && t.steps[3].shape == .ellipse)
        #expect(t.steps[1].source.targets == [6, 6] && t.steps[3].source.tab == 8)
    }

    @Test func unknownKeysSuggestTheNearestOne() {
        #expect(problemLines("""
        {"id": "t",
         "showProgres": true,
         "steps": [{"target": "fab", "colour": 1}]}
        """) == [
            "t.json:2: showProgres: unknown key (did you mean \"showProgress\"?)",
            "t.json:3: steps[0].colour: unknown key (known: target, targets, rect, rects, shape, padding, cornerRadius, feather, title, text, label, placement, advanceOn, interactive, theme, background, kind, group, outline, version, id, showWhen, buttons, tab, go, waitFor, ifMissing, scrollIntoView, demo)",
        ])
    }

    /// Edits are insertions, deletions, substitutions and swaps of two neighbours, each one.
    @Test func editDistanceCountsASwapAsOneEdit() {
        #expect(editDistance("lable", "label") == 1 && editDistance("gird", "grid") == 1)
        #expect(editDistance("kitten", "sitting") == 3 && editDistance("", "abc") == 3 && editDistance("same", "same") == 0)
        // Optimal string alignment: a swapped pair is not edited again.
        #expect(editDistance("ca", "abc") == 3)
        #expect(problemLines(#"{"id": "t", "steps": [{"target": "fab", "lable": "x"}]}"#) == [
            "t.json:1: steps[0].lable: unknown key (did you mean \"label\"?)",
        ])
    }

    @Test func wrongTypesAreReportedWithWhatWasExpected() {
        #expect(problemLines("""
        {"id": 7,
         "allowSkip": "yes",
         "steps": [{"target": "fab", "padding": "8", "text": ["a"]},
                   "step"]}
        """) == [
            "t.json:1: id: expected a string, found a number",
            "t.json:2: allowSkip: expected true or false, found a string",
            "t.json:3: steps[0].padding: expected a number, found a string",
            "t.json:3: steps[0].text: expected a string, found a list",
            "t.json:4: steps[1]: expected a step object with \"target\", \"targets\" or \"rect\", found a string",
        ])
    }

    @Test func negativeSizesAndValuesOutOfRangeAreReported() {
        #expect(problemLines("""
        {"id": "t", "dim": {"opacity": 1.5},
         "steps": [{"rect": [10, 10, -5, 20], "padding": -4},
                   {"rect": [1, 2, 3]}]}
        """) == [
            "t.json:1: dim.opacity: expected a number from 0 to 1, found 1.5",
            "t.json:2: steps[0].rect[2]: expected a number from 0 to 100000, found -5 (sizes may not be negative)",
            "t.json:2: steps[0].padding: expected a number from 0 to 10000, found -4",
            "t.json:3: steps[1].rect: expected [x, y, width, height] in points: four numbers, found 3",
        ])
    }

    @Test func anEmptyStepListAndMissingKeysAreReported() {
        #expect(problemLines("{\"id\": \"t\",\n \"steps\": []}") == ["t.json:2: steps: expected at least one step, found an empty list"])
        #expect(problemLines("{\n \"dim\": {}}") == [
            "t.json:1: missing key \"id\" (a name for the tour, such as \"onboarding\")",
            "t.json:1: missing key \"steps\" (a list of at least one step)",
        ])
        #expect(problemLines("[]") == ["t.json:1: expected an object with \"id\" and \"steps\" (a tour), found a list"])
    }

    @Test func aBadSVGPathNamesTheOffset() {
        #expect(problemLines("""
        {"id": "t", "steps": [
          {"rect": [0, 0, 10, 10],
           "shape": {"svgPath": "M 10 10 L 20 x", "fillRule": "evenOdd"}}]}
        """) == ["t.json:3: steps[0].shape.svgPath: bad SVG path data at offset 13: expected a number, found \"x\""])
        #expect(problemLines("""
        {"id": "t", "steps": [{"rect": [0, 0, 1, 1], "shape": {"fillRule": "odd"}}]}
        """) == [
            "t.json:1: steps[0].shape.fillRule: expected one of \"nonZero\", \"evenOdd\", found \"odd\"",
            "t.json:1: steps[0].shape: missing key \"svgPath\" (SVG path data in screen points, such as \"M 10 10 H 90 V 90 Z\")",
        ])
    }

    @Test func unknownTargetIdsListTheKnownOnes() {
        // The nearest ids come first (by edit distance, then by name).
        #expect(problemLines("""
        {"id": "home",
         "steps": [
           {"target": "fab"},
           {"target": "nav.title"},
           {"target": "fab2"}
         ]}
        """, file: "home.json") == [
            "home.json:5: steps[2].target: no view with id \"fab2\" can exist (known: fab, card.2, grid, home, card.0, card.1 and 5 more; and as the app runs: card.N)",
        ])
    }

    @Test func aStepsTabDecidesWhichIdsExist() {
        #expect(problemLines("""
        {"id": "t", "steps": [
          {"target": "menu.alert"},
          {"tab": "menu", "targets": ["menu.alert", "fab"]},
          {"tab": "settings", "target": "x"}
        ]}
        """) == [
            "t.json:2: steps[0].target: the view \"menu.alert\" is on the tab \"menu\", not \"home\" (add \"tab\": \"menu\" to this step)",
            "t.json:3: steps[1].targets[1]: the view \"fab\" is on the tab \"home\", not \"menu\" (add \"tab\": \"home\" to this step)",
            "t.json:4: steps[2].tab: no tab named \"settings\" (known: home, menu)",
        ])
    }

    @Test func aMissingBackgroundFileIsReportedWithWhereItWasLooked() {
        let folder = temporaryFolder()
        #expect(problemLines("""
        {"id": "t",
         "background": "shots/none.png",
         "steps": [{"rect": [0, 0, 10, 10]}]}
        """, file: "s.json", folder: folder) == [
            "s.json:2: background: no such file \"shots/none.png\" (looked for \(folder)/shots/none.png)",
        ])
    }

    @Test func aBackgroundThatIsNotAnImageIsReported() throws {
        let folder = temporaryFolder()
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/bad.png"))
        let lines = problemLines("{\"id\": \"t\", \"background\": \"bad.png\", \"steps\": [{\"rect\": [0, 0, 1, 1]}]}",
                                 folder: folder)
        #expect(lines.count == 1)
        #expect(lines.first == "t.json:1: background: \"bad.png\": not a PNG, JPEG, GIF, BMP, WebP or QOI image", "\(lines)")
    }

    @Test func screenshotToursHaveNoViewsAndNoTabs() throws {
        let folder = temporaryFolder()
        try Pixmap(width: 39, height: 84, fill: .white).writePNG(to: folder + "/s.png")
        #expect(problemLines("""
        {"id": "t", "background": "s.png", "steps": [
          {"target": "fab"},
          {"tab": "menu", "rect": [0, 0, 5, 5]}]}
        """, folder: folder) == [
            "t.json:2: steps[0].target: a tour over a screenshot has no views to find by id; use \"rect\": [x, y, width, height]",
            "t.json:3: steps[1].tab: a tour over a screenshot has no tabs (remove \"tab\")",
        ])
    }

    @Test func stepsThatBreakARuleAreReported() {
        #expect(problemLines("""
        {"id": "t", "steps": [
          {"target": "fab",
           "rect": [0, 0, 1, 1]},
          {"title": "only a title", "target": "fab"},
          {"target": "fab", "advanceOn": "nextButton"},
          {"target": "fab", "shape": "circle", "cornerRadius": 4},
          {"targets": ["fab", "grid"], "shape": {"svgPath": "M0 0 L 5 5 L 0 5 Z"}},
          {"text": "no target"},
          {"target": "fab", "placement": "top", "shape": "square"}
        ]}
        """) == [
            "t.json:3: steps[0].rect: give only one of \"target\", \"targets\", \"rect\" and \"rects\" (\"target\" is given on line 2)",
            "t.json:4: steps[1].title: a title needs \"text\" too: a step without text shows no bubble",
            "t.json:5: steps[2].advanceOn: \"nextButton\" needs a bubble, and a step without \"text\" shows none (add \"text\" or use \"tapAnywhere\")",
            "t.json:6: steps[3].cornerRadius: warning: has no effect: only \"shape\": \"roundedRect\" has a corner radius (remove it)",
            "t.json:7: steps[4].targets: an \"svgPath\" shape draws one hole; give a single \"target\" or \"rect\"",
            "t.json:8: steps[5]: expected one of \"target\" (a view id or anchors), \"targets\" (several), \"rect\" ([x, y, width, height]) or \"rects\" (several)",
            "t.json:9: steps[6].shape: expected one of \"circle\", \"ellipse\", \"rect\", \"roundedRect\", found \"square\"",
            "t.json:9: steps[6].placement: expected one of \"auto\", \"above\", \"below\", \"left\", \"right\", found \"top\"",
        ])
    }

    @Test func duplicateKeysAndBadValuesAreReported() {
        #expect(problemLines("""
        {"id": "bad id!",
         "dim": {"color": "black"},
         "steps": [{"target": "fab",
                    "target": "grid"}]}
        """) == [
            "t.json:1: id: expected a name of letters, digits, \".\", \"_\" and \"-\" (at most 100), found \"bad id!\"",
            "t.json:2: dim.color: expected a colour \"#RRGGBB\" such as \"#000000\", found \"black\"",
            "t.json:4: steps[0].target: duplicate key (first given on line 3)",
        ])
    }

    @Test func syntaxErrorsUseTheSameFormat() {
        #expect(problemLines("{\"id\": \"t\",\n \"steps\": [\n  {\"target\": \"fab\",}]}") == [
            "t.json:3: steps[0]: expected a key in double quotes, found \"}\"",
        ])
    }

    @Test func fileProblemsHaveNoLine() throws {
        let folder = temporaryFolder()
        #expect(throws: LoadError.self) { _ = try TourLoader.load(path: folder + "/none.json", appCatalog: { .screenshot }) }
        do { _ = try TourLoader.load(path: folder, appCatalog: { .screenshot }) } catch {
            #expect(error.description == "\(folder): is a folder (expected a tour file, JSON)")
        }
        let big = folder + "/big.json"
        try Data(repeating: 0x20, count: TourLoader.maxFileSize + 1).write(to: URL(fileURLWithPath: big))
        do { _ = try TourLoader.load(path: big, appCatalog: { .screenshot }) } catch {
            #expect(error.description == "\(big): larger than 4 MiB (4194305 bytes; expected a tour file, JSON)")
        }
    }

    @Test func theSummaryCountsTheRest() {
        let error = LoadError(diagnostics: problems("{\"id\": 1, \"steps\": 2, \"x\": 3}"))
        #expect(error.summary == "t.json:1: x: unknown key (known: $schema, id, app, dim, theme, show, after, showProgress, allowSkip, background, screen, units, test, experiment, holdout, variants, steps) (and 2 more problems)")
    }
}
