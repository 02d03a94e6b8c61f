import Foundation

/// One version of a Core Data model: a `.xcdatamodel` folder's `contents` XML as Xcode writes it, with the line of
/// each element so findings can point into the file.
public struct ModelVersion: Sendable {
    /// The version's name: the `.xcdatamodel` folder's name without the extension ("Model 2").
    public let name: String
    /// The `contents` file.
    public let contentsURL: URL
    /// `userDefinedModelVersionIdentifier`, when set (Core Data's version identifier, a hint only).
    public let identifier: String?
    /// The entities, in the file's order.
    public let entities: [ModelEntity]
    /// `usedWithCloudKit="YES"` on `<model>`: the app syncs it through `NSPersistentCloudKitContainer`.
    public let usedWithCloudKit: Bool

    /// The entity with this name.
    public func entity(named name: String) -> ModelEntity? { entities.first { $0.name == name } }
}

/// An `<entity>` of a model version.
public struct ModelEntity: Sendable {
    /// `name`.
    public let name: String
    /// `parentEntity`, when it inherits.
    public let parent: String?
    /// `representedClassName` (not part of Core Data's version hash).
    public let className: String?
    /// `isAbstract="YES"`.
    public let isAbstract: Bool
    /// The renaming identifier (`elementID` as Xcode writes it, or `renamingIdentifier`) when it differs from the name.
    public let renamingIdentifier: String?
    /// `versionHashModifier`: changing it makes Core Data treat the entity as changed.
    public let versionHashModifier: String?
    /// The `<attribute>` elements.
    public let attributes: [ModelAttribute]
    /// The `<relationship>` elements.
    public let relationships: [ModelRelationship]
    /// The names of `<fetchedProperty>` elements (not stored).
    public let fetchedProperties: [String]
    /// `<uniquenessConstraints>`: each a list of property names unique together.
    public let uniquenessConstraints: [[String]]
    /// `<fetchIndex>` elements: each a name and the properties it covers.
    public let fetchIndexes: [ModelFetchIndex]
    /// The line of the `<entity>` element.
    public let line: Int
}

/// An `<attribute>` of an entity.
public struct ModelAttribute: Sendable {
    /// `name`.
    public let name: String
    /// `attributeType` as Xcode writes it ("Integer 16", "String", "Transformable").
    public let typeName: String
    /// The `NSAttributeType` code of the type (0 for "Undefined", which only transient attributes may have).
    public let typeCode: Int
    /// `optional="YES"`; absent means required.
    public let isOptional: Bool
    /// `transient="YES"`: no column, no data.
    public let isTransient: Bool
    /// The default value, typed by the attribute's type as Core Data reads `defaultValueString` or
    /// `defaultDateTimeInterval` (`"YES"` of a Boolean is `.bool(true)`, of an integer `.integer(1)`).
    public let defaultValue: AppleValue?
    /// `allowsExternalBinaryDataStorage="YES"`.
    public let allowsExternalStorage: Bool
    /// `derived="YES"`: its value is computed from `derivationExpression`.
    public let isDerived: Bool
    /// `preserveAfterDeletion="YES"` (kept in persistent history after the object is deleted).
    public let preservesValueAfterDeletion: Bool
    /// `versionHashModifier`.
    public let versionHashModifier: String?
    /// The renaming identifier when it differs from the name.
    public let renamingIdentifier: String?
    /// `valueTransformerName` of a transformable attribute.
    public let valueTransformerName: String?
    /// The line of the `<attribute>` element.
    public let line: Int
}

/// A `<relationship>` of an entity.
public struct ModelRelationship: Sendable {
    /// `name`.
    public let name: String
    /// `destinationEntity`.
    public let destination: String
    /// `inverseName`, when it has an inverse.
    public let inverse: String?
    /// `toMany="YES"` (a to-one relationship is written `maxCount="1"`).
    public let isToMany: Bool
    /// `optional="YES"`.
    public let isOptional: Bool
    /// `transient="YES"`.
    public let isTransient: Bool
    /// `minCount` (0 when absent).
    public let minCount: Int
    /// `maxCount` (0, no limit, when absent on a to-many).
    public let maxCount: Int
    /// `ordered="YES"`.
    public let isOrdered: Bool
    /// `deletionRule`: "Nullify", "Cascade", "Deny" or "No Action".
    public let deleteRule: String
    /// `versionHashModifier`.
    public let versionHashModifier: String?
    /// The renaming identifier when it differs from the name.
    public let renamingIdentifier: String?
    /// The line of the `<relationship>` element.
    public let line: Int

    /// Core Data's delete rule code: 0 no action, 1 nullify, 2 cascade, 3 deny.
    public var deleteRuleCode: Int {
        switch deleteRule {
        case "No Action": 0
        case "Cascade": 2
        case "Deny": 3
        default: 1
        }
    }
}

/// A `<fetchIndex>` of an entity: an index Core Data creates on the store.
public struct ModelFetchIndex: Sendable {
    /// `name`.
    public let name: String
    /// The `property` of each `<fetchIndexElement>`, in order.
    public let properties: [String]
    /// The line of the `<fetchIndex>` element.
    public let line: Int
}
