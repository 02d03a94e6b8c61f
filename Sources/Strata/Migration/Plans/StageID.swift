/// Which stage: the version a store is at before it and the version after it (nil for an unversioned store).
/// Events, reports and the UI name stages by it rather than by their title text.
public struct StageID: Hashable, Sendable, CustomStringConvertible {
    /// The version before the stage (nil: an unversioned store).
    public let from: Schema.Version?
    /// The version after the stage.
    public let to: Schema.Version?

    /// The stage from one version to another.
    public init(from: Schema.Version?, to: Schema.Version?) {
        self.from = from
        self.to = to
    }

    /// "1.0.0 -> 2.0.0".
    public var description: String { "\(from.label) -> \(to.label)" }
}
