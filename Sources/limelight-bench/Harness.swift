import Foundation

/// One measured figure: the median of repeated runs, and its ratio to `copy` at the same size.
struct Figure {
    var name: String
    var size: String
    var milliseconds: Double
    var timesCopy: Double?
}

/// Times closures and collects figures. Nothing here asserts: the numbers go to BENCHMARKS.md.
final class Harness {
    private(set) var figures: [Figure] = []
    /// Wall time each figure may spend in repeats.
    let budget: Double
    init(budget: Double) { self.budget = budget }

    /// The median wall time of `body` in milliseconds, after a warm-up run; `setup` runs untimed
    /// before each run.
    func median(setup: () -> Void = {}, _ body: () -> Void) -> Double {
        setup(); body()
        var samples: [Double] = []
        let clock = ContinuousClock()
        let start = clock.now
        repeat {
            setup()
            let t0 = clock.now
            body()
            let d = clock.now - t0
            samples.append(Harness.milliseconds(d))
        } while samples.count < 200 && (samples.count < 7 || (clock.now - start) < .milliseconds(Int(budget * 1000)))
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Measures `body` (after an untimed `setup` each run) and records it under `name@size`; a `copy`
    /// figure at the same size gives the ratio.
    @discardableResult
    func record(_ name: String, size: String, setup: () -> Void = {}, _ body: () -> Void) -> Double {
        let ms = median(setup: setup, body)
        add(name, size: size, milliseconds: ms)
        return ms
    }

    /// The median wall time (ms) of each of `bodies`, run in turn `rounds` times each with the thread
    /// asleep for `interval` seconds before every run: frames in the app's rhythm, which find the
    /// caches (and the other core) cold, unlike back-to-back runs.
    func paced(rounds: Int = 120, interval: Double = 1.0 / 60, _ bodies: [() -> Void]) -> [Double] {
        let clock = ContinuousClock()
        var samples = [[Double]](repeating: [], count: bodies.count)
        for _ in 0..<rounds {
            for (i, body) in bodies.enumerated() {
                Thread.sleep(forTimeInterval: interval)
                let t0 = clock.now
                body()
                let d = clock.now - t0
                samples[i].append(Harness.milliseconds(d))
            }
        }
        return samples.map { $0.sorted()[$0.count / 2] }
    }

    static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    /// Lines printed under the table (what a figure covered).
    private(set) var notes: [String] = []
    func note(_ line: String) { notes.append(line) }

    /// Records an externally measured figure; its ratio is to the `baseline` figure at the same size.
    func add(_ name: String, size: String, milliseconds ms: Double, baseline: String = "copy") {
        let base = figures.first { $0.name == baseline && $0.size == size }?.milliseconds
        figures.append(Figure(name: name, size: size, milliseconds: ms, timesCopy: base.map { ms / $0 }))
    }

    /// The figures as a Markdown table.
    func table() -> String {
        var out = "| figure | size | ms (median) | × copy |\n|---|---|---:|---:|\n"
        for f in figures {
            out += "| \(f.name) | \(f.size) | \(String(format: "%.4f", f.milliseconds)) | \(f.timesCopy.map { String(format: "%.3f", $0) } ?? "–") |\n"
        }
        for n in notes { out += "\n- " + n }
        return out
    }

    /// The figures as one JSON object: {"machine": …, "figures": {"NAME@WxH": {"ms": …, "xcopy": …}}}.
    func json(machine: String) -> String {
        var entries: [String] = []
        for f in figures {
            let x = f.timesCopy.map { String(format: "%.4f", $0) } ?? "null"
            entries.append("\"\(f.name)@\(f.size)\": {\"ms\": \(String(format: "%.5f", f.milliseconds)), \"xcopy\": \(x)}")
        }
        return "{\"machine\": \"\(machine.replacingOccurrences(of: "\"", with: "'"))\", \"figures\": {" + entries.joined(separator: ", ") + "}}"
    }
}

/// "CPU model, N cores, OS" read from /proc, for the report's machine line.
func machineDescription() -> String {
    let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    let os = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }?
        .dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? "Linux"
    return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(os)"
}
