/// What a change needs: nothing but a lightweight stage, custom code, or acceptance that data is lost.
public enum ChangeClassification: Hashable, Sendable, CustomStringConvertible {
    /// A lightweight stage performs it without losing data.
    case lightweight
    /// A lightweight stage cannot perform it: `reason` says why, `fix` what usually solves it.
    case custom(reason: String, fix: String)
    /// A lightweight stage performs it, and `loss` says which data disappears.
    case destructive(loss: String)

    /// True when a lightweight stage may contain the change.
    public var isLightweightCapable: Bool {
        if case .custom = self { return false }
        return true
    }

    /// "lightweight", "custom" or "destructive".
    public var label: String {
        switch self {
        case .lightweight: "lightweight"
        case .custom: "custom"
        case .destructive: "destructive"
        }
    }

    /// The label with its reason or loss.
    public var description: String {
        switch self {
        case .lightweight: "lightweight"
        case .custom(let reason, let fix): "custom: \(reason); \(fix)"
        case .destructive(let loss): "destructive: \(loss)"
        }
    }
}

extension SchemaChange {
    /// Which kind of stage the change needs, following SwiftData's lightweight table.
    public var classification: ChangeClassification {
        switch self {
        case .entityAdded, .entityRenamed, .attributeRenamed, .uniqueAdded, .uniqueRemoved, .uniquenessAdded,
            .uniquenessRemoved,
            .indexAdded, .indexRemoved, .relationshipRenamed, .deleteRuleChanged:
            return .lightweight
        case .defaultChanged:
            // Existing rows keep their values, new objects take the new default, and Core Data does not hash
            // defaults: SwiftData migrates it without a stage's code.
            return .lightweight
        case .entityRemoved(let entity):
            return .destructive(loss: "every row of \(entity.name)")
        case .attributeAdded(_, let attribute):
            if attribute.isOptional || attribute.defaultValue != nil { return .lightweight }
            return .custom(
                reason: "existing rows have no value for the new required attribute \(entity).\(attribute.name)",
                fix: "make it optional, give it a default value, or fill it in didMigrate of a custom stage")
        case .attributeRemoved(_, let attribute):
            return .destructive(loss: "every value of \(entity).\(attribute.name)")
        case .attributeTypeChanged(_, let name, let from, let to):
            if let differences = from.shapeDifferences(to: to) {
                let breaking = differences.filter(\.breaksStoredValues)
                if !breaking.isEmpty {
                    return .custom(
                        reason:
                            "the values stored in \(entity).\(name) no longer decode as \(to) (\(breaking.map(\.path).joined(separator: ", ")))",
                        fix:
                            "make the new fields optional, or rewrite each value in didMigrate of a custom stage (read the old value with valueBeforeMigration)"
                    )
                }
                let lost = differences.filter(\.losesData)
                if !lost.isEmpty {
                    return .destructive(
                        loss: lost.map { "\($0) in every value of \(entity).\(name)" }.joined(separator: "; "))
                }
                return .lightweight
            }
            return .custom(
                reason: "\(entity).\(name) changes type from \(from) to \(to) and values must be converted",
                fix:
                    "use a custom stage and convert each value in didMigrate (read the old value with valueBeforeMigration)"
            )
        case .attributeOptionalityChanged(_, let attribute, let isOptional):
            if isOptional || attribute.defaultValue != nil { return .lightweight }
            return .custom(
                reason: "rows where \(entity).\(attribute.name) is nil need a value once it is required",
                fix: "give it a default value, or fill the missing values in a custom stage")
        case .relationshipAdded(_, let relationship):
            if relationship.isToMany || relationship.isOptional { return .lightweight }
            return .custom(
                reason: "existing rows have no target for the new required relationship \(entity).\(relationship.name)",
                fix: "make it optional, or set it in didMigrate of a custom stage")
        case .relationshipRemoved(_, let relationship):
            return .destructive(loss: "every link of \(entity).\(relationship.name)")
        case .relationshipCardinalityChanged(_, let name, let isToMany):
            return .custom(
                reason:
                    "\(entity).\(name) changes between to-one and to-many (now \(isToMany ? "to-many" : "to-one")) and links must be moved",
                fix:
                    "add the new relationship beside the old one, copy the links in a custom stage, then remove the old one"
            )
        case .relationshipDestinationChanged(_, let name, _, let to):
            return .custom(
                reason: "\(entity).\(name) now points to \(to) and existing links point elsewhere",
                fix: "add a new relationship and fill it in a custom stage")
        case .inverseChanged(_, let name, _, _):
            return .custom(
                reason: "\(entity).\(name) gets another inverse, which changes how its links are stored",
                fix: "add the relationship under a new name and copy the links in a custom stage")
        }
    }
}
