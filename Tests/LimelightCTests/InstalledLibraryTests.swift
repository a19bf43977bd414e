import Foundation
import ImageFiles
import Raster
import Testing
import TestSupport

/// liblimelight as an app's build sees it: installed into a prefix (`make install`'s script), the
/// examples built against it with `pkg-config` alone and run headless on their own scripts (a tap
/// on the dim blocked, one through the hole reaching the app, the tour moving on, a frame held to
/// a golden), and a C program of bad input, plain and under AddressSanitizer.
///
/// Not in a sanitizer's build (`make test-asan`, `test-tsan`): its library needs the sanitizer's
/// runtime loaded before anything else, which a plain C program does not do; the library's calls are
/// held there by CInterfaceTests and CBadInputTests, in the sanitized test runner itself.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["LIMELIGHT_SANITIZER"] == nil,
                             "a sanitizer's build of the library needs its runtime loaded first"))
struct InstalledLibraryTests {
    static let examples = InstalledPrefix.root.appendingPathComponent("examples").path

    @Test func theInstalledLibraryNeedsNothingOutsideThePrefixAndTheSystem() throws {
        let prefix = try InstalledPrefix.prefix()
        let library = prefix + "/lib/liblimelight.so"
        #expect(FileManager.default.fileExists(atPath: prefix + "/include/limelight.h"))
        let pc = try String(contentsOfFile: prefix + "/lib/pkgconfig/limelight.pc", encoding: .utf8)
        #expect(pc.contains("prefix=\(prefix)\n") && pc.contains("-llimelight"))
        let ldd = try ChildProcess.run("/usr/bin/ldd", [library], environment: ["LD_LIBRARY_PATH": ""], timeout: 60)
        #expect(ldd.status == 0, "\(ldd.errors)")
        let resolved = ldd.output.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard let arrow = words.firstIndex(of: "=>"), arrow + 1 < words.count else { return nil }
            return String(words[arrow + 1])
        }
        #expect(resolved.contains { $0.hasPrefix(prefix + "/lib/libswiftCore.so") }, "\(ldd.output)")
        for path in resolved {
            #expect(path.hasPrefix(prefix + "/lib/") || path.hasPrefix("/lib/") || path.hasPrefix("/usr/lib/"), "\(path) is outside the prefix and the system's folders")
        }
        let elf = try ChildProcess.run("/usr/bin/readelf", ["-d", library], timeout: 60)
        #expect(elf.output.contains("Library runpath: [$ORIGIN]"), "\(elf.output)")
        #expect(elf.output.contains("Library soname: [liblimelight.so.1]"), "\(elf.output)")
    }

    @Test func thePaintExampleTakesItsTour() throws {
        let app = try InstalledPrefix.build("examples/c-sdl/app.c", packages: ["limelight", "sdl2"], extra: ["-Wall", "-Werror"])
        let folder = try Fixtures.folder()
        let run = try InstalledPrefix.run(app, [Self.examples + "/c-sdl/tour.json", Self.examples + "/c-sdl/walkthrough.txt"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        func index(_ text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
        /// The first events log line that is `event`, moved on `by` what.
        func advanced(by: String) -> Int? { lines.firstIndex { $0.contains(#""event":"advanced""#) && $0.contains("\"by\":\"\(by)\"") } }
        // The dim took the tap beside the hole, and the tour stayed on its first step.
        let blocked = try #require(index("limelight: tap at 400,400"), "\(run.output)")
        let saved = try #require(index("app: saved"), "\(run.output)")
        let moved = try #require(advanced(by: "target"), "\(run.output)")
        #expect(blocked < moved && moved < saved, "the tap through Save's hole reached the app and moved the tour on")
        #expect(advanced(by: "event") != nil, "a stroke (a state) moved the canvas step on")
        #expect(index(#""event":"finished""#) != nil, "\(run.output)")
        #expect(lines.last?.hasPrefix(#"state {"events":{"saved":1}"#) == true, "\(lines.last ?? "")")
        for shot in ["step1", "step3"] {
            let frame = try Pixmap(contentsOfFile: folder + "/\(shot).bmp")
            let outcome = Golden.compare(frame, named: "c-sdl-\(shot)")
            #expect(outcome.matches, "\(outcome.message)")
        }
    }

    @Test func theImGuiToolTakesItsTour() throws {
        let app = try InstalledPrefix.build("examples/imgui/app.cpp", compiler: "/usr/bin/c++", packages: ["limelight", "imgui", "sdl2"], extra: ["-Wall"])
        let folder = try Fixtures.folder()
        let run = try InstalledPrefix.run(app, [Self.examples + "/imgui/tour.json", Self.examples + "/imgui/walkthrough.txt"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        func index(_ text: String) -> Int? { lines.firstIndex { $0.contains(text) } }
        /// The first events log line that is `event`, moved on `by` what.
        func advanced(by: String) -> Int? { lines.firstIndex { $0.contains(#""event":"advanced""#) && $0.contains("\"by\":\"\(by)\"") } }
        let blocked = try #require(index("limelight: tap at 400,300"), "\(run.output)")
        let eraser = try #require(index("app: eraser"), "\(run.output)")
        #expect(blocked < eraser)
        #expect(advanced(by: "target") != nil, "\(run.output)")
        #expect(index("app: exported") != nil && advanced(by: "event") != nil, "an event moved the last step on")
        #expect(index(#""event":"finished""#) != nil, "\(run.output)")
        #expect(lines.last?.contains(#""brush":"eraser""#) == true, "\(lines.last ?? "")")
        let frame = try Pixmap(contentsOfFile: folder + "/tools-step1.bmp")
        let outcome = Golden.compare(frame, named: "imgui-step1")
        #expect(outcome.matches, "\(outcome.message)")
    }

    /// A broken tour and the paint tour, for the bad-input program.
    func badInputArguments() throws -> [String] {
        let broken = try Fixtures.folder() + "/broken.json"
        try #"{"id": "t", "steps": [{"target": "save", "shape": "hexagon"}]}"#.write(toFile: broken, atomically: true, encoding: .utf8)
        return [Fixtures.paintTour, broken]
    }

    @Test func badInputFromCIsAnErrorEveryTime() throws {
        let program = try InstalledPrefix.build("Tests/LimelightCTests/C/bad-input.c", packages: ["limelight"], extra: ["-Wall", "-Werror"])
        let run = try InstalledPrefix.run(program, try badInputArguments(), in: try Fixtures.folder())
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasSuffix(" checks, 0 failed\n"), "\(run.output)")
    }

    @Test func badInputFromCUnderAddressSanitizer() throws {
        let program = try InstalledPrefix.build("Tests/LimelightCTests/C/bad-input.c", packages: ["limelight"], extra: ["-fsanitize=address", "-g"])
        // The Swift runtime keeps its metadata caches to the end: leaks are not this program's question.
        let run = try InstalledPrefix.run(program, try badInputArguments(), in: try Fixtures.folder(), environment: ["ASAN_OPTIONS": "detect_leaks=0"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasSuffix(" checks, 0 failed\n"), "\(run.output)")
        #expect(!run.errors.contains("AddressSanitizer"), "\(run.errors)")
    }
}
