import Glibc

/// Builds the `posix_spawn` file actions and attributes for one `ChildCommand`.
struct Spawner {
    let command: ChildCommand

    func spawn() throws(SpawnError) -> Child {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        // Parent ends to keep, child ends to close after the spawn.
        var parentEnds: [Int32: Int32] = [:]
        var childEnds: [Int32] = []
        defer { for fd in childEnds { _ = close(fd) } }
        do {
            for (target, io) in [(Int32(0), command.standardInput), (1, command.standardOutput), (2, command.standardError)] {
                try add(io, as: target, to: &actions, parentEnds: &parentEnds, childEnds: &childEnds)
            }
        } catch {
            for fd in parentEnds.values { _ = close(fd) }
            throw error
        }
        if let directory = command.workingDirectory {
            guard let addchdir = Self.addchdir else { return try fail(ENOSYS, "posix_spawn_file_actions_addchdir_np", parentEnds) }
            let result = directory.withCString { addchdir(&actions, $0) }
            if result != 0 { return try fail(result, "working directory", parentEnds) }
        }
        // Nothing but 0, 1 and 2 reaches the child, whatever else is open without O_CLOEXEC.
        if let closefrom = Self.addclosefrom { _ = closefrom(&actions, 3) }

        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        if command.newProcessGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([command.executable] + command.arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = command.environment.map { environment in
            environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer { for pointer in envp ?? [] { free(pointer) } }

        var pid: pid_t = 0
        let result: Int32 = argv.withUnsafeBufferPointer { arguments in
            if let envp {
                envp.withUnsafeBufferPointer { posix_spawn(&pid, command.executable, &actions, &attributes, arguments.baseAddress!, $0.baseAddress!) }
            } else {
                posix_spawn(&pid, command.executable, &actions, &attributes, arguments.baseAddress!, environ)
            }
        }
        if result != 0 { return try fail(result, "posix_spawn", parentEnds) }
        return Child(
            pid: pid,
            standardInput: parentEnds[0].map(ChildPipe.init),
            standardOutput: parentEnds[1].map(ChildPipe.init),
            standardError: parentEnds[2].map(ChildPipe.init))
    }

    private func add(
        _ io: ChildIO, as target: Int32, to actions: inout posix_spawn_file_actions_t,
        parentEnds: inout [Int32: Int32], childEnds: inout [Int32]
    ) throws(SpawnError) {
        let result: Int32
        switch io {
        case .inherit:
            return
        case .null:
            result = posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
        case .file(let path, let append):
            let mode = target == 0 ? O_RDONLY : O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC)
            result = posix_spawn_file_actions_addopen(&actions, target, path, mode, 0o644)
        case .sameAsStandardOutput:
            result = target == 2 ? posix_spawn_file_actions_adddup2(&actions, 1, 2) : EINVAL
        case .pipe:
            var ends: [Int32] = [-1, -1]
            guard Self.pipe2(&ends, O_CLOEXEC) == 0 else {
                throw SpawnError(executable: command.executable, workingDirectory: command.workingDirectory, code: errno, step: "pipe2")
            }
            // Standard input: the child reads [0]; outputs: the child writes [1].
            let (child, parent) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
            childEnds.append(child)
            parentEnds[target] = parent
            // dup2 clears O_CLOEXEC on the target (glibc does so even when child == target).
            result = posix_spawn_file_actions_adddup2(&actions, child, target)
        }
        if result != 0 {
            throw SpawnError(executable: command.executable, workingDirectory: command.workingDirectory, code: result, step: "stream \(target)")
        }
    }

    private func fail(_ code: Int32, _ step: String, _ parentEnds: [Int32: Int32]) throws(SpawnError) -> Child {
        for fd in parentEnds.values { _ = close(fd) }
        throw SpawnError(executable: command.executable, workingDirectory: command.workingDirectory, code: code, step: step)
    }

    // glibc's GNU extensions, which Swift's Glibc module does not declare: looked up once.
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32
    private typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32

    private static let addchdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np")
    private static let addclosefrom: AddClosefrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    private static let pipe2: Pipe2 = symbol("pipe2")!

    private static func symbol<T>(_ name: String) -> T? {
        guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }
}
