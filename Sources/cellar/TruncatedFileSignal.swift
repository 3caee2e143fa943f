import CellarDocuments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `render` does when another process truncates the file it has mapped
/// (`DocumentInput.read`) while the table is drawn: reading a page past the
/// file's new end raises SIGBUS, and the handler writes one line naming the
/// file (`cellar: PATH: the file was truncated …`, sanitised when the file
/// was mapped) to standard error and exits with status 1, calling only
/// write and _exit. Standard output keeps what was already written: a
/// render holds its first 8 MiB (`HeldOutput`), so a table that small
/// leaves nothing behind; `render` writes no file of its own to remove.
/// A SIGBUS at an address no mapped document holds is not this: the
/// default action is restored and the fault happens again, as without a handler.
enum TruncatedFileSignal {
    static func install() {
        MappedFileFaults.prepare(linePrefix: "cellar: ")
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = onBusError
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, nil)
    }
}

private func onBusError(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    let address = info.map { UInt(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0
    MappedFileFaults.withLine(at: address) { line in
        _ = write(2, line.baseAddress, line.count)
        _exit(1)
    }
    Glibc.signal(SIGBUS, SIG_DFL)
}
