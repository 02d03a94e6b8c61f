/// Where a stage takes an attribute's values from when its plan says so (a Core Data mapping model's value
/// expressions), instead of the rules of the diff: a column of the entity's rows before the stage, or one value for
/// every row. The stage's structural change writes them as it rebuilds the entity.
public enum MappedValue: Sendable, Hashable {
    /// The values of this column of the entity before the stage (a stored attribute of the source version).
    case column(String)
    /// This value, in every row.
    case value(StoredDefault)
}
