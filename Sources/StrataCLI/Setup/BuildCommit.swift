/// The commit this `strata` was built from, for `strata --version`: recorded at build time by the BuildCommit plugin
/// (`scripts/build-commit.sh`), so a binary names the commit it was built from however its checkout moves afterwards.
/// A build outside any checkout says "commit unknown"; one of a tree with uncommitted changes says so.
enum BuildCommit {
    /// "strata 0.1.0 (commit 1a2b3c4d5e6f)", "(commit 1a2b3c4d5e6f with uncommitted changes)" or "(commit unknown)".
    static func versionText(release: String, commit: String = builtCommit, modified: Bool = builtWithUncommittedChanges)
        -> String
    {
        guard commit.count >= 12, commit.allSatisfy(\.isHexDigit) else { return "strata \(release) (commit unknown)" }
        return "strata \(release) (commit \(commit.prefix(12))\(modified ? " with uncommitted changes" : ""))"
    }
}
