import Foundation
import Tours

/// A tour as one HTML page for review: each step's frame at its screen's size, its title and text
/// in every language the tour has, and its settings as the file writes them, with the tour's own
/// settings at the top. Self-contained: the frames are embedded (PNG data URLs), no script, no
/// outside file, so it opens from a folder or a CI artifact as it is. Everything from the tour is
/// escaped (`HTMLReport.escape`).
public enum TourReviewPage {
    /// One step as the page shows it.
    public struct Step {
        /// The step's frame as PNG bytes.
        public var png: [UInt8]
        /// The frame's size in screen points (how large the page shows it).
        public var size: (width: Double, height: Double)
        /// The step's title and text by language.
        public var texts: [(language: String, title: String, text: String)]
        /// The step's JSON as the file has it.
        public var settings: String
        /// A step from its parts.
        public init(png: [UInt8], size: (width: Double, height: Double), texts: [(language: String, title: String, text: String)], settings: String) {
            self.png = png; self.size = size; self.texts = texts; self.settings = settings
        }
    }

    /// The page of tour `id` from `file`, shown in `language`, with the tour's own settings (its JSON
    /// without the steps) and `steps`.
    public static func page(id: String, file: String, language: String, screen: String, tourSettings: String, steps: [Step]) -> String {
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
        </style>
        </head>
        <body>
        <header>
        <h1>Tour <code>\(e(id))</code></h1>
        <p class="meta"><code>\(e(file))</code> · \(steps.count) step\(steps.count == 1 ? "" : "s") · \(e(screen)) · shown in \(e(language))</p>
        <details><summary>Tour settings</summary><pre>\(e(tourSettings))</pre></details>
        </header>

        """
        for (i, step) in steps.enumerated() {
            let title = step.texts.first { $0.language == language }?.title ?? step.texts.first?.title ?? ""
            html += "<section class=\"step-section\" id=\"step-\(i + 1)\">\n<h2>Step \(i + 1)\(title.isEmpty ? "" : ": " + e(title))</h2>\n<div class=\"step\">\n"
            html += "<figure><img alt=\"Step \(i + 1) as it shows\" width=\"\(Int(clampedToInt: step.size.width.rounded()))\" height=\"\(Int(clampedToInt: step.size.height.rounded()))\" "
            html += "src=\"data:image/png;base64,\(Data(step.png).base64EncodedString())\"></figure>\n"
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
