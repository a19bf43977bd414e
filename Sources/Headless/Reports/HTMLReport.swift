import Foundation
import Schema
import Tours

/// `index.html` of `limelight test --report DIR`: one page (no network, styles and script inline,
/// images as files beside it in `DIR/images/`, see `ReportImages`) that works from `file://` and
/// links to nothing outside its folder. A
/// summary, then the failures and errors, each with golden, actual and diff side by side and a view
/// that flips or slides between golden and actual, and its screen-reader texts; then the passing and
/// skipped cases. Filters by tour, size, language and result. A reviewer marks failures accept or
/// reject, and the page gives the exact `limelight accept` command (and an accept file) for those
/// accepted. Everything from a tour (ids, texts, file names) is escaped; the script reads only
/// attributes.
package enum HTMLReport {
    /// The images of one case, as URLs relative to the page (nil where there is none).
    package struct Images: Hashable, Sendable {
        /// The golden.
        package var golden: String?
        /// The frame as rendered.
        package var actual: String?
        /// The differing pixels marked.
        package var diff: String?
        /// Text goldens that differ or are new: what they are, the golden's text, the run's.
        package var texts: [TextPair] = []
        /// Images from their URLs.
        package init(golden: String?, actual: String?, diff: String?, texts: [TextPair] = []) {
            self.golden = golden; self.actual = actual; self.diff = diff; self.texts = texts
        }
    }

    /// A text golden beside what the run found.
    package struct TextPair: Hashable, Sendable {
        /// What it is: "screen-reader tree", "spoken words".
        package var label: String
        /// The golden's text, nil when there is none yet.
        package var golden: String?
        /// The run's text.
        package var actual: String
        /// A pair from its parts.
        package init(label: String, golden: String?, actual: String) { self.label = label; self.golden = golden; self.actual = actual }
    }

    /// The page for `tours` and their results; `images(result)` gives each case's images (the
    /// caller decides which cases carry any); `acceptCommand` is the command a reviewer's choices
    /// are appended to (`limelight accept`), nil when the results cannot be accepted from here;
    /// `command` names the command line in the page's title (`limelight`, an app's own).
    package static func page(tours: [TestRun.TourEntry], results: [CaseResult], warnings: [Diagnostic],
                            acceptCommand: String? = nil, command: String = "limelight", images: (CaseResult) -> Images) -> String {
        let tally = TestTally(results)
        let failed = results.filter { $0.outcome == .failed || $0.outcome == .error }
        let others = results.filter { $0.outcome == .passed || $0.outcome == .skipped }
        let acceptable = failed.filter { $0.outcome == .failed && $0.actual != nil && $0.lintErrors.isEmpty }
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(command)) test: \(escape(tally.line))</title>
        <style>\(style)</style></head>
        <body>
        <header><h1>\(escape(command)) test</h1>
        <p class="tally"><span class="passed">\(tally.passed) passed</span> · <span class="failed">\(tally.failed) failed</span>\(tally.errors > 0 ? " · <span class=\"error\">\(tally.errors) error\(tally.errors == 1 ? "" : "s")</span>" : "")\(tally.skipped > 0 ? " · <span class=\"skipped\">\(tally.skipped) skipped</span>" : "")</p>
        <p class="tours">\(tours.map { "<code>\(escape($0.file))</code>" }.joined(separator: " "))</p>
        \(filters(results))

        """
        if let acceptCommand, !acceptable.isEmpty {
            html += """
            <div id="review" data-command="\(escape(acceptCommand))">
            <p>Mark each failure <b>accept</b> (its actual becomes the golden) or <b>reject</b> (the golden stays; fix the tour or the app), then run:</p>
            <p class="command"><code id="accept-command">(nothing accepted yet)</code> <button type="button" id="copy-command">copy</button>
            <a id="accept-file" download="limelight-accept.txt" href="data:text/plain;charset=utf-8,">accept file</a></p>
            <p id="rejected" hidden></p>
            </div>

            """
        }
        html += "</header>\n<main>\n"
        if !failed.isEmpty { html += "<h2>Failures</h2>\n" }
        for r in failed { html += section(r, images(r), detailed: true, acceptable: acceptCommand != nil && acceptable.contains(r)) }
        if !warnings.isEmpty {
            html += "<h2>Warnings</h2>\n<ul class=\"warnings\">"
            for w in warnings { html += "<li>\(escape(w.description))</li>" }
            html += "</ul>\n"
        }
        if !others.isEmpty {
            html += "<h2>Passed and skipped</h2>\n<div class=\"grid\">\n"
            for r in others { html += section(r, images(r), detailed: false, acceptable: false) }
            html += "</div>\n"
        }
        html += "</main>\n<p class=\"empty\" id=\"empty\" hidden>No case matches the filters.</p>\n"
        html += "<script>var storageKey=\"\(storageKey(results))\";\(script)</script>\n</body></html>\n"
        return html
    }

    /// One case: its name, result and problems, and its images.
    static func section(_ r: CaseResult, _ images: Images, detailed: Bool, acceptable: Bool) -> String {
        let c = r.testCase
        var s = "<section class=\"case \(r.outcome.rawValue)\" data-tour=\"\(escape(c.tour))\" data-size=\"\(escape(c.sizeName))@\(c.scale.compact)x\" data-language=\"\(escape(c.language))\" data-result=\"\(r.outcome.rawValue)\">\n"
        s += "<h3>\(escape(c.name)) <span class=\"badge \(r.outcome.rawValue)\">\(r.outcome.rawValue)</span>"
        if acceptable {
            s += " <select class=\"decision\" data-case=\"\(escape(c.name))\" aria-label=\"decision for \(escape(c.name))\"><option value=\"\">undecided</option><option value=\"accept\">accept</option><option value=\"reject\">reject</option></select>"
        }
        s += "</h3>\n"
        if !r.problems.isEmpty {
            s += "<ul class=\"problems\">" + r.problems.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        let warnings = r.lint.filter { $0.severity == .warning }
        if !warnings.isEmpty {
            s += "<ul class=\"warnings\">" + warnings.map { "<li>\(escape($0.description))</li>" }.joined() + "</ul>\n"
        }
        guard detailed else {
            if let golden = images.golden ?? images.actual { s += "<figure><img loading=\"lazy\" src=\"\(escape(golden))\" alt=\"\(escape(c.name))\"></figure>\n" }
            return s + "</section>\n"
        }
        s += "<div class=\"images\">\n"
        for (label, src) in [("golden", images.golden), ("actual", images.actual), ("diff", images.diff)] {
            if let src {
                s += "<figure><figcaption>\(label)</figcaption><img src=\"\(escape(src))\" alt=\"\(label) of \(escape(c.name))\"></figure>\n"
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
            <div class="stack"><img class="under" src="\(escape(golden))" alt="golden"><img class="over" src="\(escape(actual))" alt="actual"><div class="split"></div></div>
            </figure>

            """
        }
        s += "</div>\n"
        for pair in images.texts {
            // The lines that differ are marked: removed in the golden, added in the actual.
            let golden = pair.golden.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            let actual = pair.actual.split(separator: "\n", omittingEmptySubsequences: false)
            let diff = golden.map { LineDiff(golden: $0, actual: actual) }
            s += "<div class=\"texts\"><figure><figcaption>\(escape(pair.label)): golden</figcaption><pre>"
            s += golden.map { marked($0, diff?.removed ?? [], as: "del") } ?? "(none yet)"
            s += "</pre></figure><figure><figcaption>\(escape(pair.label)): actual</figcaption><pre>"
            s += marked(actual, diff?.added ?? [], as: "ins") + "</pre></figure></div>\n"
        }
        return s + "</section>\n"
    }


    /// `lines` escaped and joined, those at `changed` in a `tag` element (`ins`, `del`).
    static func marked(_ lines: [Substring], _ changed: Set<Int>, as tag: String) -> String {
        lines.indices.map { i in
            changed.contains(i) ? "<\(tag)>\(escape(String(lines[i])))</\(tag)>" : escape(String(lines[i]))
        }.joined(separator: "\n")
    }

    /// The key the page keeps a reviewer's choices under in the browser's local storage: the
    /// cases of the run and what each found, so the same page (or the same failures run again)
    /// finds them after a reload, and another run's page starts afresh.
    static func storageKey(_ results: [CaseResult]) -> String {
        "limelight-report:" + TestRun.fingerprint(results.map { r in
            [r.testCase.name, r.outcome.rawValue, r.differingPixels.map(String.init) ?? "", r.largestChannelDelta.map(String.init) ?? "",
             r.problems.joined(separator: "\u{1F}")].joined(separator: "\u{1E}")
        }.joined(separator: "\n"))
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
            + options("result", "result", ["failed", "error", "passed", "skipped"])
            + "</form>"
    }

    /// `s` safe in HTML text and attribute values.
    package static func escape(_ s: String) -> String { escapingScalars(in: s, markupEntity(for:)) }

    static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f2f2f7;color:#1c1c1e}
    header{background:#fff;padding:12px 20px;border-bottom:1px solid #d1d1d6;position:sticky;top:0;z-index:2}
    h1{font-size:20px;margin:0 0 4px}h2{font-size:17px;margin:24px 20px 8px}h3{font-size:14px;margin:0 0 6px;word-break:break-all}
    .tally{margin:0;font-weight:600}.tally .passed{color:#1e7d32}.tally .failed{color:#c62828}.tally .skipped{color:#6e6e73}.tally .error{color:#8e24aa}
    .tours{margin:4px 0;color:#6e6e73}.filters{display:flex;gap:14px;flex-wrap:wrap;margin-top:6px}
    main{padding-bottom:40px}.case{background:#fff;margin:10px 20px;padding:12px;border-radius:10px;border:1px solid #d1d1d6}
    .case.failed{border-left:5px solid #c62828}.case.error{border-left:5px solid #8e24aa}
    .badge.error{background:#8e24aa}
    #review{margin-top:8px;padding:8px 10px;background:#fff8e1;border:1px solid #f0d48a;border-radius:8px}#review p{margin:2px 0}
    #accept-command{white-space:pre-wrap;word-break:break-all}.decision{margin-left:8px;font-size:12px}
    .texts{display:flex;gap:12px;flex-wrap:wrap;margin-top:8px}.texts pre{max-width:44vw;max-height:40vh;overflow:auto;background:#f7f7f9;border:1px solid #d1d1d6;padding:6px;font-size:12px}
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
    .texts ins{display:inline-block;min-width:100%;text-decoration:none;background:#d7f5dd;color:#0b5a1d}
    .texts del{display:inline-block;min-width:100%;text-decoration:none;background:#fde0e0;color:#8b1a1a}
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
      // The reviewer's filters and choices are kept in local storage under the run's key, so a
      // reload (or the page opened again) shows them as they were left.
      function load(){try{return JSON.parse(localStorage.getItem(storageKey)||'{}')||{};}catch(e){return {};}}
      function save(){
        var kept={filters:{},decisions:{}};
        selects.forEach(function(s){if(s.value)kept.filters[s.dataset.filter]=s.value;});
        document.querySelectorAll('select.decision').forEach(function(d){if(d.value)kept.decisions[d.dataset.case]=d.value;});
        try{localStorage.setItem(storageKey,JSON.stringify(kept));}catch(e){}
      }
      var kept=load();
      function restore(select,value){
        if(typeof value!=='string')return;
        for(var i=0;i<select.options.length;i++){if(select.options[i].value===value){select.value=value;select.options[i].setAttribute('selected','');}}
      }
      selects.forEach(function(s){if(kept.filters)restore(s,kept.filters[s.dataset.filter]);s.addEventListener('change',function(){apply();save();});});
      apply();
      var review=document.getElementById('review');
      function quote(s){return /^[A-Za-z0-9@%_+=:,.\\/-]+$/.test(s)?s:"'"+s.replace(/'/g,"'\\''")+"'";}
      function decide(){
        var accepted=[],rejected=[];
        document.querySelectorAll('select.decision').forEach(function(d){
          if(d.value==='accept')accepted.push(d.dataset.case);
          if(d.value==='reject')rejected.push(d.dataset.case);
          d.closest('section').dataset.decision=d.value;
        });
        var cmd=document.getElementById('accept-command');
        cmd.textContent=accepted.length?review.dataset.command+' '+accepted.map(quote).join(' '):'(nothing accepted yet)';
        document.getElementById('accept-file').href='data:text/plain;charset=utf-8,'+encodeURIComponent(accepted.map(function(n){return n+'\\n';}).join(''));
        var r=document.getElementById('rejected');
        r.hidden=!rejected.length;r.textContent=rejected.length?'Rejected, to fix: '+rejected.join(', '):'';
      }
      if(review){
        document.querySelectorAll('select.decision').forEach(function(d){
          if(kept.decisions)restore(d,kept.decisions[d.dataset.case]);
          d.addEventListener('change',function(){decide();save();});
        });
        decide();
        document.getElementById('copy-command').addEventListener('click',function(){
          var t=document.getElementById('accept-command').textContent;
          if(navigator.clipboard)navigator.clipboard.writeText(t);
        });
      }
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
