/// The version of Strata, in one place for the library, the `strata` command and its tests.
public enum StrataVersion {
    /// The current release, as semantic version text ("0.1.0").
    public static let current = "0.1.0"
}
