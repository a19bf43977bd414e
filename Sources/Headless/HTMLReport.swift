import Foundation
import Tours

/// `index.html` of `limelight test --report DIR`: one self-contained page (no network, styles and
/// script inline, images beside it in DIR) that works from `file://`. A summary, then the failures,
/// each with golden, actual and diff side by side and a view that flips or slides between golden
/// and actual; then the passing and skipped cases. Filters by tour, size, language and result.
/// Everything from a tour (ids, texts, file names) is escaped; the script reads only attributes.
public enum HTMLReport {
    /// The images of one case, relative to the report's folder (nil where there is none).
    public struct Images: Hashable, Sendable {
        /// The golden's copy.
        public var golden: String?
        /// The frame as rendered.
        public var actual: String?
        /// The differing pixels marked.
        public var diff: String?
        /// Paths relative to the report's folder.
        public init(golden: String?, actual: String?, diff: String?) { self.golden = golden; self.actual = actual; self.diff = diff }
    }

    /// The page for `tours` and their results; `images(result)` gives each case's images.
    public static func page(tours: [PlannedTour], results: [CaseResult], warnings: [TourDiagnostic],
                            images: (CaseResult) -> Images) -> String {
        let tally = TestTally(results, brokenTours: tours.filter { $0.tour == nil }.count)
        let failed = results.filter { $0.outcome == .failed }
        let others = results.filter { $0.outcome != .failed }
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>limelight test: \(escape(tally.line))</title>
        <style>\(style)</style></head>
        <body>
        <header><h1>limelight test</h1>
        <p class="tally"><span class="passed">\(tally.passed) passed</span> · <span class="failed">\(tally.failed) failed</span>\(tally.skipped > 0 ? " · <span class=\"skipped\">\(tally.skipped) skipped</span>" : "")</p>
        <p class="tours">\(tours.map { "<code>\(escape($0.file))</code>" }.joined(separator: " "))</p>
        \(filters(results))
        </header>
        <main>

        """
        let broken = tours.filter { $0.tour == nil }
        if !broken.isEmpty || !failed.isEmpty { html += "<h2>Failures</h2>\n" }
        for planned in broken {
            html += "<section class=\"case failed\" data-tour=\"\(escape(planned.name))\" data-size=\"\" data-language=\"\" data-result=\"failed\">\n"
            html += "<h3>\(escape(planned.name)) <span class=\"badge failed\">cannot run</span></h3>\n<ul class=\"problems\">"
            for p in planned.problems { html += "<li>\(escape(p.description))</li>" }
            html += "</ul></section>\n"
        }
        for r in failed { html += section(r, images(r), detailed: true) }
        if !warnings.isEmpty {
            html += "<h2>Warnings</h2>\n<ul class=\"warnings\">"
            for w in warnings { html += "<li>\(escape(w.description))</li>" }
            html += "</ul>\n"
        }
        if !others.isEmpty {
            html += "<h2>Passed and skipped</h2>\n<div class=\"grid\">\n"
            for r in others { html += section(r, images(r), detailed: false) }
            html += "</div>\n"
        }
        html += "</main>\n<p class=\"empty\" id=\"empty\" hidden>No case matches the filters.</p>\n<script>\(script)</script>\n</body></html>\n"
        return html
    }

    /// One case: its name, result and problems, and its images.
    static func section(_ r: CaseResult, _ images: Images, detailed: Bool) -> String {
        let c = r.testCase
        var s = "<section class=\"case \(r.outcome.rawValue)\" data-tour=\"\(escape(c.tour))\" data-size=\"\(escape(c.sizeName))@\(c.scale.compact)x\" data-language=\"\(escape(c.language))\" data-result=\"\(r.outcome.rawValue)\">\n"
        s += "<h3>\(escape(c.name)) <span class=\"badge \(r.outcome.rawValue)\">\(r.outcome.rawValue)</span></h3>\n"
        if !r.problems.isEmpty {
            s += "<ul class=\"problems\">" + r.problems.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        let warnings = r.lint.filter { $0.severity == .warning }
        if !warnings.isEmpty {
            s += "<ul class=\"warnings\">" + warnings.map { "<li>\(escape($0.description))</li>" }.joined() + "</ul>\n"
        }
        guard detailed else {
            if let golden = images.golden { s += "<figure><img loading=\"lazy\" src=\"\(url(golden))\" alt=\"golden of \(escape(c.name))\"></figure>\n" }
            return s + "</section>\n"
        }
        s += "<div class=\"images\">\n"
        for (label, path) in [("golden", images.golden), ("actual", images.actual), ("diff", images.diff)] {
            if let path {
                s += "<figure><figcaption>\(label)</figcaption><img src=\"\(url(path))\" alt=\"\(label) of \(escape(c.name))\"></figure>\n"
            } else {
                s += "<figure class=\"none\"><figcaption>\(label)</figcaption><p>none</p></figure>\n"
            }
        }
        if let golden = images.golden, let actual = images.actual {
            s += """
            <figure class="compare"><figcaption>golden against actual</figcaption>
            <p class="controls"><button type="button" class="flip">flip</button>
            <input type="range" class="slide" min="0" max="100" value="50" aria-label="slide between golden and actual">
            <span class="showing">golden | actual</span></p>
            <div class="stack"><img class="under" src="\(url(golden))" alt="golden"><img class="over" src="\(url(actual))" alt="actual"><div class="split"></div></div>
            </figure>

            """
        }
        s += "</div>\n"
        return s + "</section>\n"
    }

    /// Drop-downs of every tour, size, language and result among the cases.
    static func filters(_ results: [CaseResult]) -> String {
        func options(_ name: String, _ key: String, _ values: [String]) -> String {
            var unique: [String] = []
            for v in values where !unique.contains(v) { unique.append(v) }
            return "<label>\(name) <select data-filter=\"\(key)\"><option value=\"\">all</option>"
                + unique.map { "<option value=\"\(escape($0))\">\(escape($0))</option>" }.joined() + "</select></label>"
        }
        return "<form class=\"filters\">"
            + options("tour", "tour", results.map(\.testCase.tour))
            + options("size", "size", results.map { "\($0.testCase.sizeName)@\($0.testCase.scale.compact)x" })
            + options("language", "language", results.map(\.testCase.language))
            + options("result", "result", ["failed", "passed", "skipped"])
            + "</form>"
    }

    /// `s` safe in HTML text and attribute values.
    public static func escape(_ s: String) -> String { escapingScalars(in: s, markupEntity(for:)) }

    /// A relative path as a URL attribute: each segment percent-encoded, then escaped.
    static func url(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#[]@!$&'()*+,;=:")
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }.joined(separator: "/")
        return escape(encoded)
    }

    static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f2f2f7;color:#1c1c1e}
    header{background:#fff;padding:12px 20px;border-bottom:1px solid #d1d1d6;position:sticky;top:0;z-index:2}
    h1{font-size:20px;margin:0 0 4px}h2{font-size:17px;margin:24px 20px 8px}h3{font-size:14px;margin:0 0 6px;word-break:break-all}
    .tally{margin:0;font-weight:600}.tally .passed{color:#1e7d32}.tally .failed{color:#c62828}.tally .skipped{color:#6e6e73}
    .tours{margin:4px 0;color:#6e6e73}.filters{display:flex;gap:14px;flex-wrap:wrap;margin-top:6px}
    main{padding-bottom:40px}.case{background:#fff;margin:10px 20px;padding:12px;border-radius:10px;border:1px solid #d1d1d6}
    .case.failed{border-left:5px solid #c62828}
    .badge{font-size:11px;padding:1px 7px;border-radius:9px;color:#fff;vertical-align:middle}
    .badge.failed{background:#c62828}.badge.passed{background:#1e7d32}.badge.skipped{background:#6e6e73}
    .problems{color:#c62828;margin:4px 0 8px;padding-left:18px}.warnings{color:#8a5a00;margin:4px 20px;padding-left:18px}
    .case .warnings{margin:4px 0}
    .images{display:flex;gap:12px;flex-wrap:wrap}figure{margin:0}figcaption{font-weight:600;margin-bottom:4px}
    .images img{display:block;max-width:22vw;max-height:80vh;border:1px solid #d1d1d6}
    .none p{width:120px;color:#6e6e73}
    .controls{display:flex;gap:10px;align-items:center;margin:0 0 4px;flex-wrap:wrap}
    .stack{position:relative;display:inline-block;border:1px solid #d1d1d6}.stack img{display:block;max-width:22vw;max-height:80vh}
    .stack .over{position:absolute;left:0;top:0;width:100%;height:100%;clip-path:inset(0 0 0 50%)}
    .stack .split{position:absolute;top:0;bottom:0;left:50%;width:0;border-left:2px solid #ff9500}
    .grid{display:flex;flex-wrap:wrap;gap:0}.grid .case{width:220px;margin:6px 0 6px 20px}
    .grid img{max-width:200px;max-height:440px;border:1px solid #d1d1d6}
    .empty{margin:20px;color:#6e6e73}
    """

    static let script = """
    (function(){
      var selects=document.querySelectorAll('select[data-filter]');
      function apply(){
        var want={};selects.forEach(function(s){want[s.dataset.filter]=s.value;});
        var shown=0;
        document.querySelectorAll('section.case').forEach(function(c){
          var ok=Object.keys(want).every(function(k){return !want[k]||c.dataset[k]===want[k];});
          c.hidden=!ok;if(ok)shown++;
        });
        document.getElementById('empty').hidden=shown>0;
      }
      selects.forEach(function(s){s.addEventListener('change',apply);});
      document.querySelectorAll('.compare').forEach(function(box){
        var over=box.querySelector('.over'),slide=box.querySelector('.slide'),label=box.querySelector('.showing'),split=box.querySelector('.split');
        function show(p){over.style.clipPath='inset(0 0 0 '+p+'%)';split.style.left=p+'%';
          label.textContent=p>=100?'golden':(p<=0?'actual':'golden | actual');}
        slide.addEventListener('input',function(){show(+slide.value);});
        box.querySelector('.flip').addEventListener('click',function(){
          slide.value=(+slide.value>0)?0:100;show(+slide.value);});
      });
    })();
    """
}
