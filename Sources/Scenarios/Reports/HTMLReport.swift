import Core
import Foundation
import Simulator

/// A static HTML report of a run: `index.html` and its pictures in one folder, linked
/// relatively, with no external CSS, script or font, so it opens from disk with no network.
///
/// The page is titled with the runner's own name (`simctl run`, a team's runner) and opens on
/// the failures: the totals, an index of the failed scenarios linking to each, and a filter
/// (failed, passed, all; failed first when any failed). Each scenario shows its commands and
/// their status, the failure (location, message, expected, actual, seed, replay command, trace
/// tail), the picture of the screen the runner took as it failed, its `takeScreenshot` pictures
/// (`images/<n>-<name>.png`) and thumbnails of the images the app wrote
/// (`images/<n>-<path>.jpg`). A small inline script, on load, writes into the page how
/// many pictures decoded (`data-images-loaded` / `data-images-total` on `<body>`), so a
/// headless browser's DOM shows whether every picture loads.
public enum HTMLReport {
    /// One picture file the page links.
    struct Picture {
        let file: String
        let data: Data
        let caption: String
    }

    /// Writes `index.html` and the pictures into `folder` (created if needed); returns the
    /// index's path.
    public static func write(_ results: [ScenarioResult], to folder: String,
                             fileSystem: FileSystem) throws(ReportWriteError) -> String {
        try createFolders(folder, fileSystem: fileSystem)
        var pictures: [[Picture]] = []
        for (offset, result) in results.enumerated() {
            pictures.append(try writePictures(of: result, number: offset + 1, in: folder, fileSystem: fileSystem))
        }
        let page = render(results, pictures: pictures)
        let index = folder.appendingPathComponent("index.html")
        try ReportWriteError.writing(index) { () throws(FileSystemError) in try fileSystem.writeAtomically(Data(page.utf8), to: index) }
        return index
    }

    /// Makes `folder` and its `images/` folder.
    static func createFolders(_ folder: String, fileSystem: FileSystem) throws(ReportWriteError) {
        try ReportWriteError.writing(folder) { () throws(FileSystemError) in
            try fileSystem.createDirectory(at: folder.appendingPathComponent("images"))
        }
    }

    /// Writes the pictures of the `number`th result into `folder`'s `images/` and returns them.
    static func writePictures(of result: ScenarioResult, number: Int, in folder: String,
                              fileSystem: FileSystem) throws(ReportWriteError) -> [Picture] {
        let pictures = Self.pictures(of: result, number: number)
        for picture in pictures {
            let path = folder.appendingPathComponent(picture.file)
            try ReportWriteError.writing(path) { () throws(FileSystemError) in try fileSystem.writeAtomically(picture.data, to: path) }
        }
        return pictures
    }

    /// A failed scenario as the page's index lists it.
    struct IndexEntry: Hashable, Sendable {
        let number: Int
        let path: String
        let name: String
        let message: String

        init(_ result: ScenarioResult, number: Int) {
            self.number = number
            path = result.relativePath
            name = result.name
            message = result.failure?.message ?? ""
        }
    }

    /// How many failures the index lists; the rest are counted.
    static let indexLimit = 1_000

    /// The page for `results`, given each result's pictures (same order).
    static func render(_ results: [ScenarioResult], pictures: [[Picture]]) -> String {
        let failed = results.enumerated().filter { !$0.element.passed }.map { IndexEntry($0.element, number: $0.offset + 1) }
        var html = head(ResultTotals(results), pictureCount: pictures.joined().count, runner: results.first?.replayProgram ?? "simctl run",
                        failures: Array(failed.prefix(indexLimit)))
        for (offset, result) in results.enumerated() {
            html += section(result, number: offset + 1, pictures: pictures[offset])
        }
        return html + tail
    }

    /// The page up to the first scenario: its title (the runner's name and the totals), its
    /// style, the totals, the index of `failures` (the first ``indexLimit`` of `totals.failed`),
    /// the filter and the pictures' count.
    static func head(_ totals: ResultTotals, pictureCount: Int, runner: String = "simctl run", failures: [IndexEntry] = []) -> String {
        let counts = "\(totals.count) scenario\(totals.count == 1 ? "" : "s"): \(totals.passed) passed, \(totals.failed) failed"
        let shown = totals.failed > 0 ? "failed" : "all"
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(runner)) — \(counts)</title>
        <style>\(style)</style></head>
        <body class="show-\(shown)" data-images-loaded="pending" data-images-total="\(pictureCount)">
        <h1>\(escape(runner))</h1>
        <p id="summary" class="\(totals.failed == 0 ? "pass" : "fail")">\(counts)</p>

        """
        if !failures.isEmpty {
            html += "<nav id=\"failures\"><h2>Failed</h2><ol>\n"
            for entry in failures {
                html += "<li><a href=\"#s\(entry.number)\">\(escape(entry.path)) — \(escape(entry.name))</a>: \(escape(entry.message))</li>\n"
            }
            if totals.failed > failures.count { html += "<li>and \(totals.failed - failures.count) more</li>\n" }
            html += "</ol></nav>\n"
        }
        html += """
        <p id="filter">show: <button data-show="failed">failed (\(totals.failed))</button> \
        <button data-show="passed">passed (\(totals.passed))</button> <button data-show="all">all</button></p>
        <p id="images-status">pictures: loading</p>

        """
        return html
    }

    /// The page after the last scenario: the picture-counting script.
    static let tail = "<script>\(script)</script>\n</body></html>\n"

    /// One result's section, the `number`th of the page.
    static func section(_ result: ScenarioResult, number: Int, pictures: [Picture]) -> String {
        let status = result.passed ? "pass" : "fail"
        var html = "<section class=\"scenario \(status)\" id=\"s\(number)\">\n"
        html += "<h2><span class=\"badge\">\(result.passed ? "PASS" : "FAIL")</span> \(escape(result.relativePath)) — \(escape(result.name))</h2>\n"
        html += "<p class=\"meta\">seed \(result.seed) (\(result.seedSource.rawValue)) · \(TextReport.hostTime(result.hostNanoseconds)) host · "
            + "\(TextReport.virtualTime(result.virtualNanoseconds)) virtual · <code>\(escape(result.replayCommand))</code></p>\n"
        if let failure = result.failure { html += failureBlock(failure) }
        html += "<ol class=\"commands\">\n"
        for command in result.commands {
            html += "<li class=\"\(command.status.rawValue)\"><span class=\"status\">\(command.status.rawValue)</span> "
                + "<code>\(escape(command.command))</code> <span class=\"where\">\(escape(command.location))</span>"
                + (command.warning.map { " <span class=\"warning\">\(escape($0))</span>" } ?? "") + "</li>\n"
        }
        html += "</ol>\n"
        if !pictures.isEmpty {
            html += "<div class=\"pictures\">\n"
            for picture in pictures {
                html += "<figure><img src=\"\(escape(picture.file))\" alt=\"\(escape(picture.caption))\">"
                    + "<figcaption>\(escape(picture.caption))</figcaption></figure>\n"
            }
            html += "</div>\n"
        }
        return html + "</section>\n"
    }

    private static func failureBlock(_ failure: ScenarioFailure) -> String {
        var html = "<div class=\"failure\"><p><b>\(escape(failure.location))</b> <code>\(escape(failure.command))</code></p>\n"
        html += "<p>\(escape(failure.message))</p>\n"
        if let expected = failure.expected { html += "<p>expected: <code>\(escape(expected))</code></p>\n" }
        if let actual = failure.actual { html += "<p>actual: <code>\(escape(actual))</code></p>\n" }
        if !failure.traceTail.isEmpty {
            html += "<pre class=\"trace\">\(failure.traceTail.map(escape).joined(separator: "\n"))</pre>\n"
        }
        return html + "</div>\n"
    }

    /// A result's pictures: its screenshots, then the images the app wrote.
    static func pictures(of result: ScenarioResult, number: Int) -> [Picture] {
        var pictures: [Picture] = []
        for (offset, shot) in result.screenshots.enumerated() {
            guard let png = shot.png else { continue }
            let caption = shot.name == ScreenshotRequest.failureName && offset == result.screenshots.count - 1 && !result.passed
                ? "the screen when it failed (\(shot.location))" : "takeScreenshot \(shot.name) (\(shot.location))"
            pictures.append(Picture(file: "images/\(number)-shot\(offset + 1)-\(fileSafe(shot.name)).png", data: png, caption: caption))
        }
        for (offset, image) in result.images.enumerated() {
            pictures.append(Picture(file: "images/\(number)-file\(offset + 1)-\(fileSafe(image.path)).jpg", data: image.jpeg,
                                    caption: image.path))
        }
        return pictures
    }

    /// `name` with anything but letters, digits, `-` and `_` as `_`.
    static func fileSafe(_ name: String) -> String {
        String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_") ? Character(scalar) : "_"
        }.prefix(60))
    }

    /// Text and attribute values with their control characters written visibly (``VisibleText``)
    /// and `&`, `<`, `>`, `"` and `'` escaped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in VisibleText.escaped(text) {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static let style = """
    body{font:14px/1.4 sans-serif;margin:2em;color:#222}h1{font-size:1.5em}
    .pass .badge{background:#1a7f37}.fail .badge{background:#cf222e}
    .badge{color:#fff;padding:0 .4em;border-radius:3px;font-size:.8em}
    #summary.pass{color:#1a7f37}#summary.fail{color:#cf222e}#summary{font-weight:bold}
    section{border-top:1px solid #ddd;padding:.5em 0}.meta{color:#555;font-size:.9em}
    body.show-failed section.pass,body.show-passed section.fail{display:none}
    body.show-failed button[data-show=failed],body.show-passed button[data-show=passed],body.show-all button[data-show=all]{font-weight:bold}
    #failures li{margin:.2em 0}#failures a{color:#cf222e}
    .failure{background:#fff0f0;border-left:4px solid #cf222e;padding:.2em 1em}
    .trace{font-size:.8em;overflow-x:auto}.commands li.failed{color:#cf222e}.commands li.skipped{color:#888}.commands li.warned{color:#9a6700}
    .status{display:inline-block;width:4.5em;font-size:.8em}.where{color:#888;font-size:.8em}
    .pictures{display:flex;flex-wrap:wrap;gap:1em}figure{margin:0}
    figure img{max-width:180px;max-height:360px;border:1px solid #ccc}figcaption{font-size:.75em;max-width:180px}
    """

    /// The filter's buttons (they set the body's `show-…` class; a link to a hidden scenario
    /// shows all), and the count of the pictures that decoded (naturalWidth > 0) once
    /// everything has loaded.
    private static let script = """
    document.querySelectorAll('#filter button').forEach(function(button){button.addEventListener('click',function(){
    document.body.className='show-'+button.getAttribute('data-show');});});
    document.querySelectorAll('#failures a').forEach(function(link){link.addEventListener('click',function(){
    if(document.body.className==='show-passed'){document.body.className='show-all';}});});
    window.addEventListener('load',function(){var images=document.images,loaded=0;
    for(var i=0;i<images.length;i++){if(images[i].complete&&images[i].naturalWidth>0){loaded++;}}
    document.body.setAttribute('data-images-loaded',String(loaded));
    document.getElementById('images-status').textContent='pictures: '+loaded+' of '+images.length+' loaded';});
    """
}
