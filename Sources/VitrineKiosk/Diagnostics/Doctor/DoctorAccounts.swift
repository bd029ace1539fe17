import VitrineCore

/// Users and groups as `/etc/passwd` and `/etc/group` list them (passwd(5), group(5)), and the
/// groups the service user should be in: the `m vitrine GROUP` lines of its sysusers file
/// (sysusers.d(5); `Systemd/vitrine.sysusers`, installed as `/etc/sysusers.d/vitrine.conf`).
public struct DoctorAccounts: Sendable, Equatable {
    public struct User: Sendable, Equatable {
        public var name: String
        public var uid: UInt32
        public var gid: UInt32
    }

    public struct Group: Sendable, Equatable {
        public var name: String
        public var gid: UInt32
        public var members: [String]
    }

    public var users: [User]
    public var groups: [Group]

    /// Where sysusers files live, in the order systemd-sysusers prefers them.
    public static let sysusersFiles = ["/etc/sysusers.d/vitrine.conf", "/run/sysusers.d/vitrine.conf", "/usr/lib/sysusers.d/vitrine.conf"]
    /// What `Systemd/vitrine.sysusers` and the unit's `SupplementaryGroups=` give the service user,
    /// when no sysusers file is installed to say it.
    public static let defaultGroups = ["video", "input", "render", "vitrine-control"]

    public static func load(_ system: DoctorSystem) -> DoctorAccounts {
        DoctorAccounts(passwd: system.read("/etc/passwd") ?? "", group: system.read("/etc/group") ?? "")
    }

    public init(passwd: String, group: String) {
        func fields(_ text: String) -> [[String]] {
            text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: ":", omittingEmptySubsequences: false).map(String.init) }
        }
        self.users = fields(passwd).compactMap { f in
            guard f.count >= 4, let uid = UInt32(f[2]), let gid = UInt32(f[3]) else { return nil }
            return User(name: f[0], uid: uid, gid: gid)
        }
        self.groups = fields(group).compactMap { f in
            guard f.count >= 3, let gid = UInt32(f[2]) else { return nil }
            return Group(name: f[0], gid: gid, members: f.count > 3 ? f[3].split(separator: ",").map(String.init) : [])
        }
    }

    public func user(named name: String) -> User? { self.users.first { $0.name == name } }
    public func user(id: UInt32) -> User? { self.users.first { $0.uid == id } }
    public func group(named name: String) -> Group? { self.groups.first { $0.name == name } }
    public func group(id: UInt32) -> Group? { self.groups.first { $0.gid == id } }

    /// The group names `user` is in: its primary group and every group listing it.
    public func groupNames(of user: User) -> [String] {
        let primary = self.group(id: user.gid).map { [$0.name] } ?? []
        return primary + self.groups.filter { $0.members.contains(user.name) && $0.gid != user.gid }.map(\.name)
    }

    /// The `m USER GROUP` lines of a sysusers file, in order.
    public static func memberships(sysusers text: String, user: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return words.count >= 3 && words[0] == "m" && words[1] == user ? String(words[2]) : nil
        }
    }

    /// The installed sysusers file and the groups it puts `user` in; nil when none is installed.
    public static func expectedGroups(user: String, system: DoctorSystem) -> (file: String, groups: [String])? {
        for file in self.sysusersFiles {
            if let text = system.read(file) { return (file, self.memberships(sysusers: text, user: user)) }
        }
        return nil
    }
}
