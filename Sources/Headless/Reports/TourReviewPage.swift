import Foundation
import Tours

/// A tour as an HTML page for review: each step's frame at its screen's size, its title and text
/// in every language the tour has, and its settings as the file writes them, with the tour's own
/// settings at the top. The frames are PNG files in `frames/` beside the page, named by relative
/// URL, so the page is small and opens from a folder or a CI artifact as it is (no script, nothing
/// from the network). Everything from the tour is escaped (`HTMLReport.escape`).
///
/// A page shows at most `stepLimit` steps, the first ones, and says how many it leaves out: each
/// frame is a file and a section the browser lays out, so a page of every step of a 10,000-step
/// tour would be gigabytes on disk and no reviewer would read it.
package enum TourReviewPage {
    /// The most steps a page shows (500).
    package static let stepLimit = 500
    /// The folder beside the page that holds its frames.
    package static let framesFolder = "frames"

    /// One step as the page shows it.
    package struct Step {
        /// The step's frame: its PNG file, relative to the page (`frames/step-001.png`). Escaped as
        /// HTML, not as a URL: a name with `%`, `#` or `?` would need that, and the page's own have none.
        package var frame: String
        /// The frame's size in screen points (how large the page shows it).
        package var size: (width: Double, height: Double)
        /// The step's title and text by language.
        package var texts: [(language: String, title: String, text: String)]
        /// The step's JSON as the file has it.
        package var settings: String
        /// A step from its parts.
        package init(frame: String, size: (width: Double, height: Double), texts: [(language: String, title: String, text: String)], settings: String) {
            self.frame = frame; self.size = size; self.texts = texts; self.settings = settings
        }
    }

    /// The name of step `number`'s frame on a page of `count` steps (`step-01.png`): as many digits
    /// as the last step needs (at least two), so the files sort in step order.
    package static func frameName(step number: Int, of count: Int) -> String {
        let digits = max(2, String(count).count)
        let n = String(number)
        return "step-" + String(repeating: "0", count: max(0, digits - n.count)) + n + ".png"
    }

    /// Whether `name` is one a page names its frames by (`step-` and at least two digits, `.png`):
    /// what a later page may remove from the frames folder, and nothing else.
    package static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("step-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(5).dropLast(4)
        return digits.count >= 2 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The page of tour `id` from `file`, shown in `language`, with the tour's own settings (its JSON
    /// without the steps) and `steps`, the first of the tour's `stepCount`; when that is fewer, a
    /// note says how many are left out and that `everyStepCommand` renders every step.
    package static func page(id: String, file: String, language: String, screen: String, tourSettings: String, steps: [Step],
                            stepCount: Int, everyStepCommand: String) -> String {
        let e = HTMLReport.escape
        var html = """
        <!DOCTYPE html>
        <html lang="\(e(language))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Tour \(e(id)) — review</title>
        <style>
        body { font: 15px/1.45 system-ui, sans-serif; margin: 24px; background: #f2f2f7; color: #1c1c1e; }
        header, section { background: #fff; border-radius: 12px; padding: 16px 20px; margin-bottom: 20px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
        h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 0 0 12px; }
        .step { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
        figure { margin: 0; } figure img { display: block; border-radius: 6px; box-shadow: 0 2px 8px rgba(0,0,0,.25); max-width: 100%; height: auto; }
        .about { flex: 1 1 320px; min-width: 280px; }
        table { border-collapse: collapse; width: 100%; margin-bottom: 12px; }
        th, td { text-align: start; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid #e5e5ea; }
        td[dir="auto"] { unicode-bidi: plaintext; }
        pre { background: #f2f2f7; padding: 8px 10px; border-radius: 6px; overflow-x: auto; font-size: 13px; white-space: pre-wrap; }
        .meta { color: #636366; }
        .left-out { background: #fff8e1; border: 1px solid #f0d48a; border-radius: 8px; padding: 8px 10px; }
        </style>
        </head>
        <body>
        <header>
        <h1>Tour <code>\(e(id))</code></h1>
        <p class="meta"><code>\(e(file))</code> · \(stepCount) step\(stepCount == 1 ? "" : "s") · \(e(screen)) · shown in \(e(language))</p>
        <details><summary>Tour settings</summary><pre>\(e(tourSettings))</pre></details>

        """
        if steps.count < stepCount {
            let left = stepCount - steps.count
            html += "<p class=\"left-out\">This page shows steps 1–\(steps.count) of \(stepCount): the other \(left) step\(left == 1 ? " is" : "s are") "
            html += "left out (a page shows at most \(stepLimit)). <code>\(e(everyStepCommand))</code> renders every step as a PNG.</p>\n"
        }
        html += "</header>\n\n"
        for (i, step) in steps.enumerated() {
            let title = step.texts.first { $0.language == language }?.title ?? step.texts.first?.title ?? ""
            html += "<section class=\"step-section\" id=\"step-\(i + 1)\">\n<h2>Step \(i + 1)\(title.isEmpty ? "" : ": " + e(title))</h2>\n<div class=\"step\">\n"
            html += "<figure><img alt=\"Step \(i + 1) as it shows\" width=\"\(Int(clampedToInt: step.size.width.rounded()))\" height=\"\(Int(clampedToInt: step.size.height.rounded()))\" "
            html += "src=\"\(e(step.frame))\"></figure>\n"
            html += "<div class=\"about\">\n<table><thead><tr><th>language</th><th>title</th><th>text</th></tr></thead><tbody>\n"
            for t in step.texts {
                html += "<tr><td lang=\"\(e(t.language))\"><code>\(e(t.language))</code></td><td dir=\"auto\" lang=\"\(e(t.language))\">\(e(t.title))</td>"
                html += "<td dir=\"auto\" lang=\"\(e(t.language))\">\(e(t.text))</td></tr>\n"
            }
            html += "</tbody></table>\n<pre class=\"settings\">\(e(step.settings))</pre>\n</div>\n</div>\n</section>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }
}
