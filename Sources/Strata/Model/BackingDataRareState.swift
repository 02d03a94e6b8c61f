/// The part of a model object's storage that most objects never use: values given before the object's type was
/// known, the relationship state kept for rollback, changes of attributes past the 64th, and the temporary
/// identifier of an object not saved yet.
///
/// Kept apart so that the million objects of a large fetch, which need none of it, each hold one pointer instead
/// of these five fields (32 bytes less).
final class BackingDataRareState {
    /// Values assigned by initialisers before the object's type was known, by property name: as given, and as an
    /// attribute's storage when of a common type.
    var initialValues: [(key: String, value: Any, stored: AttributeValue?)] = []
    /// The related objects as last saved or fetched, kept from the first relationship change for rollback.
    var committedRelated: [String: [ModelReference]]?
    /// The relationships changed since the last save, by name.
    var changedRelationships: Set<String> = []
    /// The changed attributes' positions from 64 up (`BackingData` keeps those below as bits).
    var changedHighPositions: [Int] = []
    /// The context of an object inserted and deleted before a save, which neither keeps the other (see
    /// `BackingData.context`).
    weak var deletedFrom: ModelContext?
    /// Identifies the object before its first save, once drawn.
    var temporaryID: UInt64?
    /// True once the app's code may hold the storage apart from its object (`BackingData._escaping`): its context
    /// then never hands out an object over it that may be gone.
    var isEscaped = false
}
