import Glibc

/// A program started with pipes on descriptors of its own beyond the standard three (Chromium's
/// `--remote-debugging-pipe` reads fd 3 and writes fd 4), its output to /dev/null, and no other
/// descriptor of ours inherited. Ended (killed and reaped) when `end()` is called or it is freed.
final class ChildProcess {
    /// The process id.
    let pid: pid_t
    /// Our end of each pipe: a descriptor we write to for each of the child's inputs, one we read
    /// from for each of its outputs, in the order asked for.
    let ends: [Int32]
    private var ended = false

    /// Which way a pipe on one of the child's descriptors runs.
    enum Direction { case toChild, fromChild }

    /// Starts `executable` with `arguments` and `environment`, a pipe on each descriptor of
    /// `pipes` (3, 4, …) running the way it says.
    init(_ executable: String, _ arguments: [String], environment: [String: String], pipes: [(Int32, Direction)]) throws(CaptureError) {
        var ours: [Int32] = [], theirs: [(Int32, Int32)] = []
        func closeAll() { for fd in ours + theirs.map(\.0) { close(fd) } }
        for (target, direction) in pipes {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { closeAll(); throw CaptureError("cannot make a pipe: \(String(cString: strerror(errno)))") }
            // Kept above the child's numbers, so no dup2 onto them lands on a pipe of ours.
            let r = fcntl(fds[0], F_DUPFD_CLOEXEC, 64), w = fcntl(fds[1], F_DUPFD_CLOEXEC, 64)
            close(fds[0]); close(fds[1])
            if direction == .toChild { theirs.append((r, target)); ours.append(w) } else { theirs.append((w, target)); ours.append(r) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for (fd, target) in theirs { posix_spawn_file_actions_adddup2(&actions, fd, target) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so ending it ends the helpers it starts.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        for (fd, _) in theirs { close(fd) }
        guard status == 0 else {
            ours.forEach { close($0) }
            throw CaptureError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        ends = ours
    }

    /// Kills the process and its group, reaps it, and closes our ends of its pipes.
    func end() {
        guard !ended else { return }
        ended = true
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        ends.forEach { close($0) }
    }

    deinit { end() }
}
