import Testing
@testable import LimelightCLI

/// How `limelight test --jobs N` hands groups to its processes: each keeps to its screen, then to
/// its family (a scale in a language, whose glyphs it has made), and moves to a family no other
/// process is on, so no two processes make the same glyphs while another family waits.
@Suite struct TestWorkersSchedulingTests {
    /// Two sizes × two scales × two languages, two groups a screen, the costliest (2x) first:
    /// group `i`'s screen and family, and the order they are handed out in.
    struct Matrix {
        var screen: [Int] = []
        var family: [Int] = []
        var names: [String] = []
        init() {
            for scale in ["2x", "1x"] {
                for size in ["768x1024", "390x844"] {
                    for language in ["en", "ja"] {
                        for _ in 0..<2 {
                            names.append("\(size)@\(scale)-\(language)")
                            screen.append(["768x1024", "390x844"].firstIndex(of: size)! * 4 + ["2x", "1x"].firstIndex(of: scale)! * 2 + (language == "ja" ? 1 : 0))
                            family.append(["2x", "1x"].firstIndex(of: scale)! * 2 + (language == "ja" ? 1 : 0))
                        }
                    }
                }
            }
        }
    }

    /// Hands every group out to `processes` taking turns; returns each process's groups in order.
    func deal(_ m: Matrix, processes: Int) -> [[Int]] {
        var remaining = Array(m.screen.indices)
        var current = [Int?](repeating: nil, count: processes)
        var taken = [[Int]](repeating: [], count: processes)
        var taker = 0
        while let pick = TestWorkers.pick(from: remaining, for: taker, current: current, screen: m.screen, family: m.family) {
            let group = remaining.remove(at: pick)
            current[taker] = group
            taken[taker].append(group)
            taker = (taker + 1) % processes
        }
        return taken
    }

    @Test func twoProcessesKeepToOneLanguageEachAndHandOutEveryGroupOnce() {
        let m = Matrix()
        let taken = deal(m, processes: 2)
        #expect(taken.flatMap { $0 }.sorted() == Array(m.screen.indices))
        // Each process makes the glyphs of one language only, at each scale.
        let languages = taken.map { Set($0.map { m.names[$0].suffix(2) }) }
        #expect(languages == [["en"], ["ja"]], "\(taken.map { $0.map { m.names[$0] } })")
        // Within a family a process finishes a screen before it moves to the next size.
        for groups in taken {
            var seen: [Int] = []
            for g in groups where seen.last != m.screen[g] {
                #expect(!seen.contains(m.screen[g]), "\(groups.map { m.names[$0] }) comes back to \(m.names[g])")
                seen.append(m.screen[g])
            }
        }
    }

    @Test func aProcessWhoseFamilyRunsOutMovesToOneNoOtherIsOn() {
        // Family 0 has one group, families 1 and 2 several; process 1 is on family 1.
        let screen = [0, 1, 1, 1, 2, 2], family = [0, 1, 1, 1, 2, 2]
        let next = TestWorkers.pick(from: [1, 2, 3, 4, 5], for: 0, current: [0, 1], screen: screen, family: family)
        #expect(next == 3, "process 0 should start family 2 (group 4), not join process 1 on family 1")
        // With every family taken, the costliest left.
        #expect(TestWorkers.pick(from: [2, 3], for: 0, current: [0, 1], screen: screen, family: family) == 0)
        #expect(TestWorkers.pick(from: [], for: 0, current: [nil, nil], screen: screen, family: family) == nil)
    }

    @Test func oneProcessTakesTheGroupsInTheirOrderWithinAScreen() {
        let m = Matrix()
        let taken = deal(m, processes: 1)[0]
        #expect(taken.count == m.screen.count)
        #expect(taken.prefix(2) == [0, 1])
    }
}
