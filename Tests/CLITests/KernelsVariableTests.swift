import Foundation
import Testing

/// `LIMELIGHT_KERNELS` through the command line: a value that names no form of the row kernels is
/// one line and exit 2 before anything is drawn; `portable` draws the same frame, byte for byte, as
/// the form this CPU would choose (AVX2 where it runs).
@Suite struct KernelsVariableTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fab = repository.appendingPathComponent("assets/tours/fab.json").path

    @Test func anUnknownValueIsOneLine() throws {
        let r = try CLI.run(["render", "--out", "/dev/null"], environment: ["LIMELIGHT_KERNELS": "sse9"])
        #expect(r.status == 2 && r.errorLines == ["limelight: LIMELIGHT_KERNELS=\"sse9\": expected portable, avx2 or auto"], "\(r.stderr)")
    }

    @Test func thePortableKernelsDrawTheSameFrame() throws {
        let dir = try CLI.temporaryFolder()
        for (name, kernels) in [("chosen", "auto"), ("portable", "portable")] {
            let r = try CLI.run(["render", "--tour", Self.fab, "--out", dir + "/\(name).png"], environment: ["LIMELIGHT_KERNELS": kernels])
            #expect(r.status == 0, "\(kernels): \(r.stderr)")
        }
        let chosen = try Data(contentsOf: URL(fileURLWithPath: dir + "/chosen.png"))
        let portable = try Data(contentsOf: URL(fileURLWithPath: dir + "/portable.png"))
        #expect(!chosen.isEmpty && chosen == portable)
    }
}
