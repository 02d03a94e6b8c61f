import Foundation

/// The commit this `strata` was built from, for `strata --version`: the one `scripts/install.sh` recorded beside the
/// installed binary (`PREFIX/share/strata/commit`, written when it built it), else the HEAD of the git checkout it
/// was compiled in (read from the `.git` files, no `git` process), else unknown. Nothing here fails: a binary outside
/// any checkout says "commit unknown".
enum BuildCommit {
    /// "strata 0.1.0 (commit 1a2b3c4d5e6f)", or "(commit unknown)" when neither source has it.
    static func versionText(release: String, executable: URL, checkout: URL) -> String {
        "strata \(release) (commit \(commit(executable: executable, checkout: checkout) ?? "unknown"))"
    }

    /// The recorded commit of an installed `executable` (`bin/strata` -> `share/strata/commit`), else `checkout`'s
    /// HEAD; 12 hexadecimal digits.
    static func commit(executable: URL, checkout: URL) -> String? {
        let recorded = executable.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/strata/commit")
        return (text(recorded) ?? head(of: checkout)).flatMap(short)
    }

    /// The commit `checkout`'s HEAD names: a branch's (loose or packed ref, in a linked worktree the common folder's)
    /// or a detached HEAD's.
    static func head(of checkout: URL) -> String? {
        var git = checkout.appendingPathComponent(".git")
        // A linked worktree's (or a submodule's) .git is a file naming its folder.
        if let link = text(git), link.hasPrefix("gitdir: ") {
            git = resolve(String(link.dropFirst(8)), from: checkout)
        }
        guard let head = text(git.appendingPathComponent("HEAD")) else { return nil }
        guard head.hasPrefix("ref: ") else { return head }
        let ref = String(head.dropFirst(5))
        let common = text(git.appendingPathComponent("commondir")).map { resolve($0, from: git) } ?? git
        for folder in [git, common] {
            if let commit = text(folder.appendingPathComponent(ref)) { return commit }
        }
        let packed = text(common.appendingPathComponent("packed-refs")) ?? ""
        for line in packed.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, String(fields[1]) == ref { return String(fields[0]) }
        }
        return nil
    }

    /// `path` as git writes it in a link file: absolute, or relative to `folder`.
    private static func resolve(_ path: String, from folder: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path).standardizedFileURL
    }

    /// The first 12 characters of a full hexadecimal commit; nil for anything else.
    private static func short(_ commit: String) -> String? {
        guard commit.count >= 12, commit.allSatisfy(\.isHexDigit) else { return nil }
        return String(commit.prefix(12))
    }

    /// The file's text without surrounding white space; nil when it cannot be read or is not a file.
    private static func text(_ url: URL) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return nil }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
