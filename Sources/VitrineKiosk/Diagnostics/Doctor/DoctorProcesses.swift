import Glibc
import VitrineCore
import VitrineSystem

/// Processes found in `/proc`: who holds a DRM card open (`/proc/PID/fd/*` links to it, the
/// same scan `fuser` does: proc(5)), and which processes run a given program (`/proc/PID/comm`).
public struct DoctorProcesses: Sendable, Equatable {
    /// One process: pid, `comm` (the kernel's 15-character name) and command line.
    public struct Process: Sendable, Equatable, CustomStringConvertible {
        public var pid: Int
        public var comm: String
        public var commandLine: String

        public init(pid: Int, comm: String, commandLine: String) {
            self.pid = pid
            self.comm = comm
            self.commandLine = commandLine
        }

        /// `pid 733 (vitrine: vitrine test-pattern --seconds 60)`.
        public var description: String {
            "pid \(self.pid) (\(self.comm)" + (self.commandLine.isEmpty || self.commandLine == self.comm ? "" : ": \(self.commandLine)") + ")"
        }
    }

    /// Processes with the file open.
    public var holders: [Process]
    /// How many processes' fd folders could not be read (another user's, without root).
    public var hidden: Int

    /// Every process other than `excluding` with a descriptor linked to `path`.
    public static func holders(of path: String, system: DoctorSystem, excluding: Int32) -> DoctorProcesses {
        var holders: [Process] = []
        var hidden = 0
        for pid in self.pids(system) where pid != Int(excluding) {
            let folder = system.file("/proc/\(pid)/fd")
            let names: [String]
            do {
                names = try Directory.entryNamesOrError(folder)
            } catch {
                hidden += 1
                continue
            }
            if names.contains(where: { Directory.linkTarget(folder + "/" + $0) == path }) {
                holders.append(self.process(pid, system: system))
            }
        }
        return DoctorProcesses(holders: holders, hidden: hidden)
    }

    /// The processes whose `comm` is `name` (`plymouthd`).
    public static func running(_ name: String, system: DoctorSystem) -> [Process] {
        self.pids(system).compactMap { pid in
            let process = self.process(pid, system: system)
            return process.comm == name ? process : nil
        }
    }

    /// The process's comm and command line (NUL-separated arguments joined with spaces).
    public static func process(_ pid: Int, system: DoctorSystem) -> Process {
        let comm = (system.read("/proc/\(pid)/comm") ?? "?").trimmingNewlines
        let arguments = (system.read("/proc/\(pid)/cmdline") ?? "").split(separator: "\0").joined(separator: " ")
        return Process(pid: pid, comm: comm, commandLine: String(arguments.prefix(120)))
    }

    static func pids(_ system: DoctorSystem) -> [Int] {
        Directory.entryNames(system.file("/proc")).compactMap { Int($0) }.sorted()
    }
}

extension String {
    /// Without trailing newlines and spaces.
    var trimmingNewlines: String {
        var text = Substring(self)
        while let last = text.last, last == "\n" || last == " " || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
