import Glibc
import VitrineCore

/// The config check: `vitrine check-config`'s own code path (`ConfigDiagnosis.check`: syntax,
/// fields, images, screens, then the fonts' coverage of every text) on the kiosk's config, as
/// doctor lines: each error a `fail`, each warning a `warn`.
public enum DoctorConfig {
    public static func findings(path: String, fonts: ConfigDiagnosis.FontLookup?, user: String) -> [DoctorFinding] {
        let check: KioskConfigCheck
        do {
            check = try ConfigDiagnosis.check(path: path, fonts: fonts)
        } catch {
            if error.errno == ENOENT {
                return [
                    .warn(
                        "config", "no config at \(path): the kiosk shows the built-in demo",
                        fix: "write one (Docs/config.md), check it with vitrine check-config \(path), then systemctl reload vitrine")
                ]
            }
            return [.fail("config", "\(path) cannot be read by \(user): \(error)", fix: "the service user vitrine must read it: chmod 644 \(path)")]
        }
        var findings: [DoctorFinding] = []
        if check.isValid {
            findings.append(.ok("config", "\(path) is valid (version \(check.configuration.version))"))
        }
        for error in check.errors {
            findings.append(
                .fail(
                    "config", "\(path): \(error)",
                    fix: "fix \(error.field ?? "the file") (Docs/config.md), check with vitrine check-config \(path), then systemctl reload vitrine"))
        }
        for warning in check.warnings {
            findings.append(self.warning(warning, path: path))
        }
        return findings
    }

    /// A font warning's package becomes the fix; any other warning points at the field.
    static func warning(_ issue: ConfigIssue, path: String) -> DoctorFinding {
        let text = issue.description
        if let install = text.firstRange(of: "; install "), let apt = text.firstRange(of: "(apt-get install ") {
            let command = text[text.index(after: apt.lowerBound)...].dropLast(text.hasSuffix(")") ? 1 : 0)
            return .warn("config", "\(path): \(text[..<install.lowerBound])", fix: String(command))
        }
        return .warn("config", "\(path): \(text)", fix: "see \(issue.field ?? "the field") in Docs/config.md; vitrine check-config \(path)")
    }
}
