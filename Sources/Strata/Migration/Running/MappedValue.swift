/// Where a stage takes an attribute's values from when its plan says so (a Core Data mapping model's value
/// expressions), instead of the rules of the diff: a column of the entity's rows before the stage, one value for
/// every row, a key path through to-one relationships, Foundation's conversion of one of those, the row's own key, or
/// the links of a relationship of the source version. The stage's structural change writes them as it rebuilds the
/// entity.
package indirect enum MappedValue: Sendable, Hashable {
    /// The values of this column of the entity before the stage (a stored attribute or to-one relationship of the
    /// source version); for a to-many relationship, the links of this relationship of the source version (its
    /// related rows keep their keys).
    case column(String)
    /// The key of the row the value is computed for: for a to-one relationship, the object another entity mapping
    /// made from the same source object (made rows keep their source row's key); with a row source, only for the rows
    /// it selects (others have no value).
    case ownKey(RowSource?)
    /// For the to-one inverse of a to-many relationship: the key of the object whose relationship `relationship` of
    /// entity `entity` (of the source version) held the row before the stage.
    case linkOwner(entity: String, relationship: String)
    /// This value, in every row.
    case value(StoredDefault)
    /// The value at the end of a key path from each row before the stage: every component but the last a to-one
    /// relationship of the source version (followed through its destination's rows before the stage), the last an
    /// attribute or a to-one relationship. A row whose path meets no object has no value (KVC's nil).
    case keyPath([String])
    /// A Foundation method applied to another mapped value (`FUNCTION($source.title, "uppercaseString")`).
    case converted(MappedConversion, MappedValue)

    /// The property of the row before the stage the value is read from (a column, a key path's first relationship),
    /// if any: its values go on, under another property, when the stage removes it.
    var sourceProperty: String? {
        switch self {
        case .column(let name): name
        case .keyPath(let path): path.first
        case .converted(_, let value): value.sourceProperty
        case .value, .ownKey, .linkOwner: nil
        }
    }

    /// True when the value is only a column or a constant: one the row copy reads directly.
    var isDirect: Bool {
        switch self {
        case .column, .value, .ownKey(nil): true
        case .keyPath, .converted, .linkOwner, .ownKey: false
        }
    }
}
