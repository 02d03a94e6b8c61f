/// The version of Strata, in one place for the library, the `strata` command and its tests.
package enum StrataVersion {
    /// The current release, as semantic version text ("0.1.0").
    package static let current = "0.1.0"
}
