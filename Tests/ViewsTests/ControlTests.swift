import Foundation
import Testing
import FontText
import Raster
import TestSupport
@testable import Views

/// The controls of settings and player screens: a switch, a checkbox, a slider, a progress bar
/// and list rows with a detail and a trailing control. Each is driven as people drive it — a tap,
/// a drag, Enter and Space, arrow keys — in both directions, tells assistive technology its role,
/// state and value, and is held to goldens in English and Arabic at 1x and 2x.
@Suite(.serialized) @MainActor struct ControlTests {
    func root(_ content: View, size: Size = Size(390, 400), scale: Double = 1, language: String? = nil) throws -> ViewRoot {
        let r = try makeRoot(content, size: size, scale: scale)
        r.language = language
        r.frame(into: nil)
        return r
    }

    func tap(_ root: ViewRoot, at p: Point) {
        root.send(.pointerDown(p, button: .primary))
        root.send(.pointerUp(p, button: .primary))
        root.frame(into: nil)
    }

    // MARK: - Switch

    @Test func aSwitchFlipsOnATapAndOnEnterOrSpace() throws {
        var changes: [Bool] = []
        let toggle = Toggle(isOn: false, label: "Wi-Fi") { changes.append($0) }
        toggle.id = "wifi"
        let r = try root(VStack(children: [toggle]))
        tap(r, at: toggle.frame.center)
        #expect(toggle.isOn && changes == [true])
        r.focus(toggle)
        r.send(.key(.space))
        r.send(.key(.enter))
        #expect(changes == [true, false, true])
        toggle.isEnabled = false
        tap(r, at: toggle.frame.center)
        #expect(changes.count == 3, "a disabled switch ignores taps")
    }

    @Test func aSwitchIsHeardByItsLabelRoleAndState() throws {
        let toggle = Toggle(isOn: true, label: "Wi-Fi")
        let r = try root(VStack(children: [toggle]))
        let node = try #require(r.semanticsTree().children.first)
        #expect(node.role == .toggle && node.label == "Wi-Fi" && node.state.contains(.checked))
        #expect(SpokenWords.describe(node, strings: .builtIn, language: "en") == "Wi-Fi, switch, on")
        toggle.isOn = false
        r.frame(into: nil)
        let off = try #require(r.semanticsTree().children.first)
        // A Latin label is followed by a comma, Japanese words by 、.
        #expect(SpokenWords.describe(off, strings: ShippedStrings.strings, language: "ja") == "Wi-Fi, スイッチ、オフ")
    }

    /// The thumb slides; the last frame of the slide equals the switch drawn on at once, and under
    /// right to left the on thumb sits at the left end.
    @Test func aSwitchSlidesToItsEndAndMirrors() throws {
        for language in ["en", "ar"] {
            let clock = VirtualClock()
            let animated = Toggle(isOn: false)
            let r = try ViewRoot(content: VStack(children: [animated]), size: Size(120, 60), textEngine: FixedMetricTextEngine(), clock: clock)
            r.language = language
            let frame = try Pixmap(width: 120, height: 60)
            r.frame(into: frame)
            animated.isOn = true
            #expect(r.isAnimating)
            clock.advance(by: Toggle.slideDuration + 0.05) { r.frame(into: frame) }
            r.frame(into: frame)
            let still = try Pixmap(width: 120, height: 60)
            let r2 = try ViewRoot(content: VStack(children: [Toggle(isOn: true)]), size: Size(120, 60), textEngine: FixedMetricTextEngine(), clock: VirtualClock())
            r2.language = language
            r2.frame(into: still)
            #expect(PixmapDifference(between: frame, and: still, maxChannelDelta: 0).differingPixels == 0, "\(language)")
            // The thumb (white) is at the trailing end: the right in English, the left in Arabic.
            let track = animated.frame.aligned(Toggle.size, .center)
            let leftThumb = frame.color(x: Int(track.minX + 15), y: Int(track.midY)), rightThumb = frame.color(x: Int(track.maxX - 15), y: Int(track.midY))
            if language == "en" { #expect(rightThumb == .white && leftThumb != .white) } else { #expect(leftThumb == .white && rightThumb != .white) }
        }
    }

    // MARK: - Checkbox

    @Test func aCheckboxTogglesFromItsBoxOrItsLabel() throws {
        var changes: [Bool] = []
        let box = Checkbox(title: "Remember me") { changes.append($0) }
        let r = try root(VStack(children: [box]))
        tap(r, at: box.boxRect.center)
        tap(r, at: box.titleLabel.frame.center)
        #expect(changes == [true, false])
        r.focus(box)
        r.send(.key(.space))
        #expect(box.isChecked)
        let node = try #require(r.semanticsTree().children.first)
        #expect(node.role == .checkbox && node.label == "Remember me" && node.state.contains(.checked))
        #expect(SpokenWords.describe(node, strings: .builtIn, language: "en") == "Remember me, checkbox, checked")
    }

    @Test func aCheckboxsBoxIsAtTheLeadingSide() throws {
        let en = Checkbox(title: "Remember me"), ar = Checkbox(title: "تذكرني")
        let r1 = try root(VStack(alignment: .leading, children: [en]))
        let r2 = try root(VStack(alignment: .leading, children: [ar]), language: "ar")
        defer { _ = (r1, r2) }
        #expect(abs(en.boxRect.minX - en.frame.minX) < 1e-9 && en.titleLabel.frame.minX > en.boxRect.maxX)
        #expect(abs(ar.boxRect.maxX - ar.frame.maxX) < 1e-9 && ar.titleLabel.frame.maxX < ar.boxRect.minX,
                "box \(ar.boxRect), frame \(ar.frame), label \(ar.titleLabel.frame), \(ar.layoutDirection)")
    }

    // MARK: - Slider

    @Test func aSliderFollowsADragAndRunsTheOtherWayUnderRightToLeft() throws {
        for language in ["en", "ar"] {
            var values: [Double] = []
            let slider = Slider(value: 0.5, label: "Volume") { values.append($0) }
            let r = try root(VStack(children: [slider.frame(width: 228)]), language: language)
            let start = slider.thumbCenter
            r.send(.pointerDown(start, button: .primary))
            r.send(.pointerMove(Point(start.x + 50, start.y)))
            r.send(.pointerUp(Point(start.x + 50, start.y), button: .primary))
            // 200 points of travel (228 less the thumb): 50 points is a quarter of the range.
            let expected = language == "en" ? 0.75 : 0.25
            #expect(abs(slider.value - expected) < 1e-9, "\(language): \(slider.value)")
            #expect(values.last.map { abs($0 - expected) < 1e-9 } == true)
        }
    }

    @Test func aSlidersKeysStepTowardsItsEnd() throws {
        for (language, up) in [("en", Key.right), ("ar", Key.left)] {
            let slider = Slider(value: 5, range: 0...10, step: 1, label: "Volume")
            let r = try root(VStack(children: [slider]), language: language)
            r.focus(slider)
            r.send(.key(up))
            #expect(slider.value == 6, "\(language)")
            r.send(.key(.down))
            r.send(.key(.down))
            #expect(slider.value == 4)
            r.send(.key(.end))
            #expect(slider.value == 10)
            r.send(.key(up))
            #expect(slider.value == 10, "clamped at the end")
            r.send(.key(.home))
            #expect(slider.value == 0)
        }
    }

    @Test func aSliderIsHeardWithItsValueAndCanBeAdjusted() throws {
        let slider = Slider(value: 0.5, label: "Volume")
        slider.formatValue = { "\(Int(($0 * 100).rounded()))%" }
        let r = try root(VStack(children: [slider]))
        let node = try #require(r.semanticsTree().children.first)
        #expect(node.role == .slider && node.value == SemanticValue(current: 0.5, minimum: 0, maximum: 1, text: "50%"))
        #expect(node.actions == [.increment, .decrement])
        #expect(SpokenWords.describe(node, strings: .builtIn, language: "en") == "Volume, slider, 50%")
        #expect(slider.adjust(by: 1) && abs(slider.value - 0.51) < 1e-9)
        #expect(Slider.spell(7, step: 1) == "7" && Slider.spell(0.25, step: 0.05) == "0.25")
    }

    // MARK: - Progress bar

    @Test func aProgressBarFillsFromItsLeadingEnd() throws {
        for language in ["en", "ar"] {
            let bar = ProgressBar(progress: 0.25, label: "Download")
            let r = try ViewRoot(content: VStack(children: [bar.frame(width: 200)]), size: Size(200, 20), textEngine: FixedMetricTextEngine(), clock: VirtualClock())
            r.language = language
            let frame = try Pixmap(width: 200, height: 20)
            r.frame(into: frame)
            let y = Int(bar.frame.midY)
            let left = frame.color(x: 10, y: y), right = frame.color(x: 190, y: y)
            if language == "en" { #expect(left == Palette.tint && right == Palette.rowHighlight) } else { #expect(right == Palette.tint && left == Palette.rowHighlight) }
        }
        let bar = ProgressBar(progress: 1.7)
        #expect(bar.progress == 1, "clamped")
        bar.progress = .nan
        #expect(bar.progress == 0)
        let r = try root(VStack(children: [ProgressBar(progress: 0.456, label: "Download")]))
        let node = try #require(r.semanticsTree().children.first)
        #expect(node.role == .progressBar && node.value?.text == "46%")
        #expect(SpokenWords.describe(node, strings: .builtIn, language: "en") == "Download, progress bar, 46%")
    }

    // MARK: - List rows

    @Test func aRowWithASwitchIsHeardByItsTitle() throws {
        let toggle = Toggle(isOn: true)
        let row = ListRow(title: "Wi-Fi", detail: "Home", accessory: .control(toggle))
        let r = try root(ListView(rows: [row]))
        let list = try #require(r.semanticsTree().children.first)
        #expect(list.role == .list)
        let labels = list.children.map { SpokenWords.describe($0, strings: .builtIn, language: "en") }
        #expect(labels == ["Home", "Wi-Fi, switch, on"], "\(labels)")
        tap(r, at: toggle.frame.center)
        #expect(!toggle.isOn)
        #expect(row.button == nil, "a row with a control is not a button")
    }

    @Test func aRowWithAnActionIsOneButton() throws {
        var taps = 0
        let row = ListRow(title: "Notifications", detail: "On") { taps += 1 }
        let r = try root(ListView(rows: [row]))
        tap(r, at: row.frame.center)
        #expect(taps == 1)
        let node = try #require(r.semanticsTree().children.first?.children.first)
        #expect(node.role == .button && node.label == "Notifications, On")
    }

    /// A label the app gives a row's control is what a screen reader hears, before and after the
    /// row's title is set or changed (a language switch sets every title again).
    @Test func aControlsOwnLabelIsReadInsteadOfItsRowsTitle() throws {
        let wifi = Toggle(isOn: true)
        wifi.accessibilityLabel = "Wireless network"
        let slider = Slider(value: 0.5)
        let row = ListRow(title: "Wi-Fi", accessory: .control(wifi))
        let brightness = ListRow(title: "Brightness", accessory: .control(slider.frame(width: 120)))
        let r = try root(ListView(rows: [row, brightness]))
        func labels() -> [String] { r.semanticsTree().children.first?.children.map(\.label) ?? [] }
        #expect(labels() == ["Wireless network", "Brightness"])
        row.title = "WLAN"
        brightness.title = "Helligkeit"
        slider.accessibilityLabel = "Screen brightness"
        #expect(labels() == ["Wireless network", "Screen brightness"], "the app's labels outlast the titles")
        wifi.accessibilityLabel = nil
        #expect(labels() == ["WLAN", "Screen brightness"], "without one, the row's title speaks again")
    }

    /// A label given to the row itself is read for the element that speaks for it: its control,
    /// its button, or (a row of neither) its title.
    @Test func aRowsLabelIsReadForTheElementThatSpeaksForIt() throws {
        let control = ListRow(title: "Wi-Fi", accessory: .control(Toggle(isOn: false)))
        let action = ListRow(title: "About", detail: "2.1") {}
        let plain = ListRow(title: "Version 2", accessory: .none)
        control.accessibilityLabel = "Wireless network"
        action.accessibilityLabel = "About this app"
        plain.accessibilityLabel = "Version two"
        let r = try root(ListView(rows: [control, action, plain]))
        let nodes = r.semanticsTree().children.first?.children ?? []
        #expect(nodes.map(\.label) == ["Wireless network", "About this app", "Version two"], "\(nodes.map(\.label))")
        #expect(nodes.map(\.role) == [.toggle, .button, .text])
        action.accessibilityLabel = nil
        #expect(r.semanticsTree().children.first?.children[1].label == "About, 2.1", "without one, the button reads its words")
    }

    // MARK: - Goldens

    /// A settings screen of every control, real text, in English and Arabic at 1x and 2x.
    @Test(arguments: [("en", 1.0), ("en", 2.0), ("ar", 1.0), ("ar", 2.0)])
    func theControlsLookAsRecorded(language: String, scale: Double) throws {
        let engine = try SystemTextEngine()
        let ar = language == "ar"
        let wifi = Toggle(isOn: true)
        let bluetooth = Toggle(isOn: false)
        let slider = Slider(value: 0.6)
        let rows = ListView(rows: [
            ListRow(title: ar ? "واي فاي" : "Wi-Fi", detail: ar ? "المنزل" : "Home", accessory: .control(wifi)),
            ListRow(title: ar ? "بلوتوث" : "Bluetooth", accessory: .control(bluetooth)),
            ListRow(title: ar ? "الإشعارات" : "Notifications", detail: ar ? "تشغيل" : "On") {},
            ListRow(title: ar ? "السطوع" : "Brightness", accessory: .control(slider.frame(width: 150))),
        ])
        let content = VStack(alignment: .leading, spacing: 16, children: [
            rows,
            Checkbox(title: ar ? "تذكرني" : "Remember me", isChecked: true),
            Checkbox(title: ar ? "أرسل التقارير" : "Send reports"),
            ProgressBar(progress: 0.35).frame(width: 300),
            Toggle(isOn: true).disabled(),
        ]).padding(16)
        let root = try ViewRoot(content: Background(Palette.groupedBackground, child: content), size: Size(360, 420), scale: scale,
                                textEngine: engine, clock: VirtualClock())
        root.language = language
        let frame = try Pixmap(width: Int(360 * scale), height: Int(420 * scale))
        root.frame(into: frame)
        let result = Golden.compare(frame, named: "controls-\(language)@\(Int(scale))x")
        #expect(result.matches, "\(result.message)")
    }
}

extension ControlTests {
    /// The focus ring of each control as the keyboard brings it: around the switch's capsule, the
    /// checkbox's box and the slider's thumb.
    @Test func theFocusRingsLookAsRecorded() throws {
        let engine = try SystemTextEngine()
        let content = VStack(alignment: .leading, spacing: 18, children: [
            Toggle(isOn: true, label: "Wi-Fi"), Checkbox(title: "Remember me"), Slider(value: 0.3, label: "Volume").frame(width: 200),
        ]).padding(16)
        let root = try ViewRoot(content: content, size: Size(240, 180), scale: 2, textEngine: engine, clock: VirtualClock())
        var frames: [Pixmap] = []
        for _ in 0..<3 {
            root.send(.key(.tab))
            let frame = try Pixmap(width: 480, height: 360)
            root.frame(into: frame)
            frames.append(frame)
        }
        let sheet = try Pixmap(width: 1440, height: 360)
        let canvas = Canvas(pixmap: sheet, scale: 1)
        for (i, f) in frames.enumerated() { canvas.blend(f, atDeviceX: 480 * i, y: 0) }
        let result = Golden.compare(sheet, named: "controls-focus")
        #expect(result.matches, "\(result.message)")
    }
}

extension Toggle {
    /// The switch disabled, for the golden.
    fileprivate func disabled() -> Toggle { isEnabled = false; return self }
}
