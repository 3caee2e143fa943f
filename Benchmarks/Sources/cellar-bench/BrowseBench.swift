import Cellar
import CellarTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cellar-bench browse [--keys N] [--idle S]`: the browse loop in a child
/// process on a pseudo-terminal (80 × 41: a 40-line viewport and the status
/// line) over 1M generated rows. The parent types `j` and times each key
/// from its bytes written to the frame's last byte read (the end of the
/// synchronized update), counts the bytes of each frame against a full
/// redraw, reads the child's resident memory before and after the keys, and
/// its CPU time over an idle stretch.
enum BrowseBench {
    static let endSync = Frame.endSync

    static func run(_ args: [String]) throws {
        let o = try BenchOptions(args, counts: ["--keys", "--idle"], usage: "browse [--keys N] [--idle S]")
        let keys = o.count("--keys", default: 10_000)
        let idle = o.count("--idle", default: 10)
        let rows = CoreBench.Rows(count: 1_000_000, wide: false)
        let table = CoreBench.table(rows)
        table.estimatedRowHeight = 2
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw CellarError("cannot open a pseudo-terminal")
        }
        let slavePath = String(cString: name)
        let pid = fork()
        if pid == 0 { child(slavePath: slavePath, master: master, table: table) }
        let full = readFrame(master)
        print("full redraw (first frame): \(full.count) bytes")
        var latencies: [Double] = []
        var bytes: [Int] = []
        latencies.reserveCapacity(keys)
        for _ in 0..<keys {
            var key = UInt8(ascii: "j")
            let start = now()
            _ = write(master, &key, 1)
            let frame = readFrame(master)
            latencies.append(now() - start)
            bytes.append(frame.count)
        }
        report(latencies: latencies, bytes: Array(bytes.dropFirst(60)), full: full.count)
        // Memory over keys that revisit rows (20 down, 20 up): new rows measured are the table's, not a leak.
        let rssBefore = residentKB(pid)
        for i in 0..<keys {
            var key = UInt8(ascii: (i / 20) % 2 == 0 ? "j" : "k")
            _ = write(master, &key, 1)
            _ = readFrame(master)
        }
        print("resident memory: \(rssBefore) kB before \(keys) more keys (20 down, 20 up), \(residentKB(pid)) kB after")
        let cpuBefore = cpuTicks(pid)
        sleep(UInt32(idle))
        let cpuAfter = cpuTicks(pid)
        print(
            "CPU while idle for \(idle) s: \(cpuAfter - cpuBefore) ticks (1 tick = 1/\(sysconf(Int32(_SC_CLK_TCK))) s)")
        var q = UInt8(ascii: "q")
        _ = write(master, &q, 1)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        withExtendedLifetime(rows) {}
    }

    private static func child(slavePath: String, master: Int32, table: TableView) -> Never {
        close(master)
        setsid()
        let slave = open(slavePath, O_RDWR)
        dup2(slave, 0)
        dup2(slave, 1)
        var size = winsize(ws_row: 41, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(0, UInt(TIOCSWINSZ), &size)
        let session = BrowseSession(table: table)
        let loop = BrowseLoop(session: session, screen: BrowseScreen(fileName: "bench", useColor: true))
        // The measure: from the key's bytes read to the frame's last byte written.
        var arrived = 0.0
        var inside: [Double] = []
        inside.reserveCapacity(1 << 16)
        loop.onInput = { arrived = now() }
        loop.onFrame = { _ in
            if arrived > 0 {
                inside.append(now() - arrived)
                arrived = 0
            }
        }
        do { try loop.run() } catch { _exit(1) }
        let sorted = inside.sorted()
        if !sorted.isEmpty {
            func pct(_ p: Double) -> String { fmt(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000) }
            let line =
                "in the child, key read to frame written (\(sorted.count) keys): p50 \(pct(0.5)) ms, p99 \(pct(0.99)) ms, max \(pct(1)) ms\n"
            var bytes = Array(line.utf8)
            _ = write(2, &bytes, bytes.count)
        }
        _exit(0)
    }

    /// Reads until the end of a synchronized update; returns the frame's bytes.
    private static func readFrame(_ fd: Int32) -> [UInt8] {
        var frame: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { return frame }
            frame += buffer[0..<n]
            if frame.count >= endSync.count, Array(frame.suffix(endSync.count)) == endSync { return frame }
        }
    }

    private static func report(latencies: [Double], bytes: [Int], full: Int) {
        let sorted = latencies.sorted()
        func pct(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000 }
        print(
            "key written to frame read through the pty, one-row move (\(sorted.count) keys): p50 \(fmt(pct(0.5))) ms, "
                + "p99 \(fmt(pct(0.99))) ms, max \(fmt(pct(1))) ms")
        let b = bytes.sorted()
        guard let median = b.isEmpty ? nil : b[b.count / 2] else { return }
        print(
            "bytes per one-row move while scrolling: median \(median), max \(b.last ?? 0); "
                + "full redraw \(full) (ratio \(fmt(Double(median) / Double(max(1, full)))))")
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private static func residentKB(_ pid: pid_t) -> Int {
        let status = readText("/proc/\(pid)/status")
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }

    /// utime + stime of the process, in clock ticks.
    private static func cpuTicks(_ pid: pid_t) -> Int {
        let stat = readText("/proc/\(pid)/stat")
        guard let close = stat.lastIndex(of: ")") else { return -1 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12 else { return -1 }
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    private static func readText(_ path: String) -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func fmt(_ x: Double) -> String { CoreBench.fmt(x) }
}

// The pseudo-terminal calls Glibc's module leaves out (they need _XOPEN_SOURCE).
@_silgen_name("grantpt") private func grantpt(_ fd: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockpt(_ fd: Int32) -> Int32
@_silgen_name("ptsname") private func ptsname(_ fd: Int32) -> UnsafeMutablePointer<CChar>?

func runBrowseBench(_ arguments: [String]) -> Int32 {
    runBench("browse") { try BrowseBench.run(arguments) }
}
