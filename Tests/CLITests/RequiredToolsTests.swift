import Foundation
import Testing
import TestSupport

/// The rule every suite that needs installed programs follows (`RequiredTools`): it runs when
/// they are there; without them it is skipped on a developer's machine, and fails in CI (`CI=true`),
/// naming what is missing, so a CI image without the accessibility bus or Xvfb cannot pass green.
@Suite struct RequiredToolsTests {
    static let nowhere = "/nonexistent/limelight-tool"

    @Test func everythingThereRunsInCIAndOutside() {
        for environment in [[:], ["CI": "true"], ["CI": "false"]] {
            #expect(RequiredTools.decision(missing: [], environment: environment) == .run, "\(environment)")
        }
    }

    @Test func aMissingProgramSkipsOutsideCI() {
        // Only `true` is a CI run, as CI services set it.
        for environment in [[:], ["CI": "false"], ["CI": ""], ["CI": "0"], ["LIMELIGHT_CI": "true"]] {
            #expect(RequiredTools.decision(missing: [Self.nowhere], environment: environment) == .skip, "\(environment)")
        }
    }

    @Test func aMissingProgramFailsInCINamingEachOne() {
        let one = RequiredTools.decision(missing: ["/usr/bin/Xvfb"], environment: ["CI": "true"])
        #expect(one == .fail("CI=true and /usr/bin/Xvfb is not installed: the suite cannot be skipped in CI (make test-deps installs what it needs)"))
        let two = RequiredTools.decision(missing: ["/usr/bin/dbus-daemon", "/usr/lib/python3/dist-packages/pyatspi"], environment: ["CI": "true"])
        #expect(two == .fail("CI=true and /usr/bin/dbus-daemon, /usr/lib/python3/dist-packages/pyatspi are not installed: "
                             + "the suite cannot be skipped in CI (make test-deps installs what it needs)"))
    }

    @Test func theConditionRunsSkipsOrThrows() throws {
        // /bin/sh is everywhere; a program that is not, and a folder given as a program, are missing.
        #expect(try RequiredTools.check(programs: ["/bin/sh"], files: ["/"], environment: ["CI": "true"]))
        #expect(RequiredTools.missing(programs: ["/bin/sh", Self.nowhere, "/tmp"], files: ["/", Self.nowhere + "/package"])
                == [Self.nowhere, "/tmp", Self.nowhere + "/package"])
        #expect(try !RequiredTools.check(programs: [Self.nowhere], environment: [:]))
        #expect(throws: RequiredTools.Missing.self) { try RequiredTools.check(programs: ["/bin/sh"], files: [Self.nowhere], environment: ["CI": "true"]) }
    }

    /// The accessibility suites ask for the whole accessible desktop, Orca's for Orca besides.
    @Test func theScreenReaderSuitesNeedTheBusAndItsClients() {
        for path in ["/usr/bin/dbus-daemon", "/usr/libexec/at-spi-bus-launcher", "/usr/bin/Xvfb", "/usr/bin/python3"] {
            #expect(ScreenReaderTools.programs.contains(path), "\(path)")
        }
        #expect(ScreenReaderTools.files == ["/usr/lib/python3/dist-packages/pyatspi"])
        #expect(ScreenReaderTools.orcaPrograms == ["/usr/bin/orca", "/usr/bin/speech-dispatcher"])
    }
}
