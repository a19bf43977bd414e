import CRasterKernels
import Foundation

/// The forms of Raster's hot row kernels, one for each instruction set, and the one this process runs.
///
/// `portable` is the Swift in Raster's own files: baseline x86-64 (SSE2) on any x86-64 CPU, the
/// target's own vectors elsewhere. `avx2` is C in `Sources/CRasterKernels/avx2`, each function built
/// for AVX2 alone (Swift cannot build one function for a wider target than its module), eight
/// pixels to a register where SSE2 holds four. Both give the same bytes (RowKernelVariantTests).
/// The dim (`DimBlend`) has both forms; the CPU is asked once per process, and a CPU without AVX2
/// never runs its form (an illegal instruction).
public enum RowKernels: String, CaseIterable, Sendable {
    /// Raster's Swift kernels, which every CPU runs.
    case portable
    /// The AVX2 forms, on x86-64 CPUs (and systems) that run AVX2.
    case avx2

    /// The variable that chooses for a process: `portable`, `avx2`, or `auto` (the widest this CPU
    /// runs; also when unset or empty), in any case.
    public static let environmentVariable = "LIMELIGHT_KERNELS"

    /// The widest form this CPU runs, asked of it once.
    public static let widest: RowKernels = ll_cpu_has_avx2() != 0 ? .avx2 : .portable

    /// Whether this CPU runs `kernels`.
    public static func runs(_ kernels: RowKernels) -> Bool { kernels == .portable || widest == .avx2 }

    /// What this process runs: the form `LIMELIGHT_KERNELS` names, else (unset, empty, `auto`, or a
    /// value not taken: see `from(environment:)`) the widest this CPU runs. Read once per process.
    public static let chosen: RowKernels = ((try? from(environment: ProcessInfo.processInfo.environment).get()) ?? nil) ?? widest

    /// The form `environment` names with `LIMELIGHT_KERNELS` (`portable`, `avx2` or `auto`, in any
    /// case); nil when it names none in particular (unset, empty or `auto`: the widest this CPU runs).
    /// A value that names no form, or `avx2` on a CPU that does not run it, is `.failure` with one
    /// line; the command line stops there, a library runs the widest form.
    public static func from(environment: [String: String]) -> Result<RowKernels?, RowKernelsError> {
        guard let value = environment[environmentVariable], !value.isEmpty, value.lowercased() != "auto" else { return .success(nil) }
        let shown = "\(environmentVariable)=\"" + (value.count > 40 ? value.prefix(40) + "…" : value) + "\""
        guard let asked = RowKernels(rawValue: value.lowercased()) else {
            return .failure(RowKernelsError(message: "\(shown): expected portable, avx2 or auto"))
        }
        guard runs(asked) else { return .failure(RowKernelsError(message: "\(shown): this CPU does not run AVX2 (expected portable or auto)")) }
        return .success(asked)
    }
}

/// A `LIMELIGHT_KERNELS` value that names no form of the row kernels, or one this CPU does not run.
public struct RowKernelsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line: the variable, its value and the choices.
    public var message: String
    /// The line.
    public var description: String { message }
}
