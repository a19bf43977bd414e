import Testing
@testable import LimelightCLI

/// How `limelight test --jobs N` hands groups to its processes: each keeps to its screen, then to
/// its family (a scale in a language, whose glyphs it has made) and its language, and moves to a
/// family or a screen no other process is on, so no two processes make the same glyphs, or the
/// same size's images, while other work waits.
@Suite struct TestWorkersSchedulingTests {
    /// Sizes × scales × languages, two groups a screen, the costliest (the first scale, the first
    /// size) first: each group's affinity and name, in the order they are handed out.
    struct Matrix {
        var affinity = TestWorkers.Affinity(screen: [], family: [], language: [])
        var names: [String] = []
        init(sizes: [String] = ["768x1024", "390x844"], scales: [String] = ["2x", "1x"], languages: [String] = ["en", "ja"]) {
            for (k, scale) in scales.enumerated() {
                for (j, size) in sizes.enumerated() {
                    for (l, language) in languages.enumerated() {
                        for _ in 0..<2 {
                            names.append("\(size)@\(scale)-\(language)")
                            affinity.screen.append((j * scales.count + k) * languages.count + l)
                            affinity.family.append(k * languages.count + l)
                            affinity.language.append(l)
                        }
                    }
                }
            }
        }
        var count: Int { names.count }
    }

    /// Hands every group out to `processes` taking turns; returns each process's groups in order.
    func deal(_ m: Matrix, processes: Int) -> [[Int]] {
        var remaining = Array(0..<m.count)
        var current = [Int?](repeating: nil, count: processes)
        var taken = [[Int]](repeating: [], count: processes)
        var taker = 0
        while let pick = TestWorkers.pick(from: remaining, for: taker, current: current, affinity: m.affinity) {
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
        #expect(taken.flatMap { $0 }.sorted() == Array(0..<m.count))
        // Each process makes the glyphs of one language only, at each scale.
        let languages = taken.map { Set($0.map { m.names[$0].suffix(2) }) }
        #expect(languages == [["en"], ["ja"]], "\(taken.map { $0.map { m.names[$0] } })")
        // Within a family a process finishes a screen before it moves to the next size.
        for groups in taken {
            var seen: [Int] = []
            for g in groups where seen.last != m.affinity.screen[g] {
                #expect(!seen.contains(m.affinity.screen[g]), "\(groups.map { m.names[$0] }) comes back to \(m.names[g])")
                seen.append(m.affinity.screen[g])
            }
        }
    }

    @Test func aProcessWhoseFamilyRunsOutMovesToOneNoOtherIsOn() {
        // Family 0 has one group, families 1 and 2 several; process 1 is on family 1.
        let a = TestWorkers.Affinity(screen: [0, 1, 1, 1, 2, 2], family: [0, 1, 1, 1, 2, 2], language: [0, 1, 1, 1, 2, 2])
        let next = TestWorkers.pick(from: [1, 2, 3, 4, 5], for: 0, current: [0, 1], affinity: a)
        #expect(next == 3, "process 0 should start family 2 (group 4), not join process 1 on family 1")
        // With every family taken, the costliest left.
        #expect(TestWorkers.pick(from: [2, 3], for: 0, current: [0, 1], affinity: a) == 0)
        #expect(TestWorkers.pick(from: [], for: 0, current: [nil, nil], affinity: a) == nil)
    }

    @Test func oneLanguageAtOneScaleSpreadsTheProcessesOverTheSizes() {
        // Three sizes, one family: the two processes start on different sizes, and one that
        // finishes its size takes the size nobody is on before it joins the other's.
        let m = Matrix(sizes: ["1920x1080", "768x1024", "390x844"], scales: ["1x"], languages: ["en"])
        var current: [Int?] = [nil, nil]
        var remaining = Array(0..<m.count)
        func take(_ taker: Int) -> String {
            let i = TestWorkers.pick(from: remaining, for: taker, current: current, affinity: m.affinity)!
            let g = remaining.remove(at: i)
            current[taker] = g
            return m.names[g]
        }
        #expect(take(0) == "1920x1080@1x-en")
        #expect(take(1) == "768x1024@1x-en")
        #expect(take(0) == "1920x1080@1x-en")
        #expect(take(0) == "390x844@1x-en", "process 0 should take the size no process is on")
        #expect(take(0) == "390x844@1x-en")
        #expect(take(0) == "768x1024@1x-en", "with every size begun, process 0 joins process 1")
    }

    @Test func aProcessMovesToItsOwnLanguageAtAnotherScale() {
        // Process 0 has made English glyphs at 2x; of the 1x families it takes English's.
        let m = Matrix(sizes: ["768x1024"], scales: ["2x", "1x"], languages: ["ja", "en"])
        let english2x = m.names.firstIndex(of: "768x1024@2x-en")!, japanese2x = m.names.firstIndex(of: "768x1024@2x-ja")!
        let remaining = (0..<m.count).filter { m.names[$0].contains("@1x") }
        let i = TestWorkers.pick(from: remaining, for: 0, current: [english2x, japanese2x], affinity: m.affinity)!
        #expect(m.names[remaining[i]] == "768x1024@1x-en")
    }

    @Test func oneProcessTakesTheGroupsInTheirOrderWithinAScreen() {
        let m = Matrix()
        let taken = deal(m, processes: 1)[0]
        #expect(taken.count == m.count)
        #expect(taken.prefix(2) == [0, 1])
    }

    /// A fork copies the calling thread alone: a process running other threads (this test's, under
    /// Swift Testing's pool) forks no worker and says why, and runs every group itself.
    @MainActor @Test func aProcessWithOtherThreadsForksNoWorker() throws {
        let threads = try #require(TestWorkers.runningThreads())
        #expect(threads > 1, "a test process runs its pool's threads (\(threads))")
        let workers = TestWorkers(forking: 2) { _, _ in Issue.record("no worker may start") }
        #expect(workers.forkRefusal?.contains("threads, and a fork copies one") == true, "\(workers.forkRefusal ?? "forked")")
        let (replies, failures) = workers.run(order: [0, 1, 2], affinity: TestWorkers.Affinity(screen: [0, 0, 0], family: [0, 0, 0], language: [0, 0, 0])) { _ in [] }
        #expect(replies.keys.sorted() == [0, 1, 2] && failures.isEmpty, "this process ran every group")
    }
}
