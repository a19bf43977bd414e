import Testing
import Raster
import Views
@testable import Tours

/// A capture file read: its screen, picture and element tree; every problem a line; the tree
/// resolves anchors as a live screen's does.
@Suite struct CaptureFormatTests {
    static let good = """
    {
      "capture": 1,
      "screen": {"size": [390, 844], "scale": 3},
      "image": {"en": "home-en@3x.png", "ja": "home-ja@3x.png"},
      "source": "Settings",
      "elements": [
        {"role": "list", "name": "Settings", "frame": [0, 100, 390, 600], "children": [
          {"role": "toggle", "name": "Wi-Fi", "id": "wifi", "states": ["checked", "focused"], "frame": [16, 120, 358, 44]},
          {"role": "button", "name": "Save", "description": "Saves your settings", "frame": [16, 180, 358, 44]}
        ]}
      ]
    }
    """

    @Test func aCaptureIsReadWithItsTree() throws {
        let c = try CaptureLoader.load(bytes: Array(Self.good.utf8), file: "home.capture.json")
        #expect(c.size == Size(390, 844) && c.scale == 3 && c.image == "home-en@3x.png" && c.images["ja"] == "home-ja@3x.png")
        #expect(c.source == "Settings" && c.ids == ["wifi"])
        let wifi = c.elements[0].children[0]
        #expect(wifi.role == .toggle && wifi.state == [.checked, .focused] && wifi.frame == Rect(x: 16, y: 120, width: 358, height: 44))
        #expect(c.elements[0].children[1].description == "Saves your settings")
        let list = ElementList(c.semanticNodes)
        #expect(list.resolve(ElementQuery(role: .button, name: "Save", within: ElementQuery(role: .list, name: "Settings"))).isExact)
        #expect(list.resolve(ElementQuery(id: "wifi-switch", role: .toggle, name: "Wi-Fi")).element?.id == "wifi", "a drift, as on a live app")
    }

    @Test func everyProblemIsALine() {
        func problems(_ text: String) -> [String] {
            do { _ = try CaptureLoader.load(bytes: Array(text.utf8), file: "c.json"); return [] } catch { return error.diagnostics.map(\.description) }
        }
        #expect(problems(#"{"screen": {"size": [390, 844]}, "image": "a.png"}"#) == [#"c.json:1: missing key "capture" (the version of the format: 1)"#])
        #expect(problems(#"{"capture": 2, "screen": {"size": [390, 844]}, "image": "a.png"}"#).count == 1)
        #expect(problems(#"{"capture": 1, "screen": {"size": [390, 844]}, "image": "a.png", "elements": [{"name": "x", "frame": [0, 0, 1, 1]}]}"#)
                == [#"c.json:1: elements[0]: missing key "role" (what the element is)"#])
        #expect(problems(#"{"capture": 1, "screen": {"size": [390, 844]}, "image": "a.png", "elements": [{"role": "button", "frame": [0, 0, -1, 1]}]}"#).count == 1)
        #expect(problems(#"{"capture": 1, "screen": {"size": [390, 844]}, "image": "a.png", "elements": [{"role": "button", "frame": [0, 0, 1, 1], "states": ["sleepy"]}]}"#).count == 1)
        // Nesting past the limit is one line, not a stack overflow.
        var deep = #"{"role": "list", "frame": [0, 0, 1, 1]}"#
        for _ in 0..<70 { deep = #"{"role": "list", "frame": [0, 0, 1, 1], "children": [\#(deep)]}"# }
        let nested = problems(#"{"capture": 1, "screen": {"size": [390, 844]}, "image": "a.png", "elements": [\#(deep)]}"#)
        #expect(nested.count == 1, "\(nested)")
    }
}
