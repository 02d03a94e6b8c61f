import Strata

extension ModelVersion {
    /// The version as the store reader describes a store's embedded model, so a version and a store built from it
    /// compare equal (`PlanStanding(store:versions:)`) and map to Strata's schema by the same rules (`AppleSchemaMapping`).
    var appleModel: AppleModel {
        AppleModel(
            entities: entities.map { entity in
                var described = AppleEntity(
                    name: entity.name, parent: entity.parent, className: entity.className,
                    renamingIdentifier: entity.renamingIdentifier, isAbstract: entity.isAbstract,
                    attributes: entity.attributes.map { attribute in
                        var described = AppleAttribute(
                            name: attribute.name, typeCode: attribute.typeCode, isOptional: attribute.isOptional,
                            defaultValue: attribute.defaultValue, renamingIdentifier: attribute.renamingIdentifier,
                            valueClassName: nil, valueTransformerName: attribute.valueTransformerName,
                            isDerived: attribute.isDerived, isTransient: attribute.isTransient)
                        described.versionHashModifier = attribute.versionHashModifier
                        described.allowsExternalStorage = attribute.allowsExternalStorage
                        described.preservesValueAfterDeletion = attribute.preservesValueAfterDeletion
                        return described
                    },
                    relationships: entity.relationships.map { relationship in
                        var described = AppleRelationship(
                            name: relationship.name, destination: relationship.destination,
                            inverse: relationship.inverse, isToMany: relationship.isToMany,
                            isOptional: relationship.isOptional, minCount: relationship.minCount,
                            maxCount: relationship.isToMany ? relationship.maxCount : 1,
                            deleteRuleCode: relationship.deleteRuleCode, isOrdered: relationship.isOrdered,
                            renamingIdentifier: relationship.renamingIdentifier, isTransient: relationship.isTransient)
                        described.versionHashModifier = relationship.versionHashModifier
                        return described
                    },
                    otherProperties: entity.fetchedProperties, uniqueTuples: entity.uniquenessConstraints)
                described.versionHashModifier = entity.versionHashModifier
                return described
            },
            versionIdentifiers: identifier.map { [$0] } ?? [])
    }

    /// Strata's schema of the version at `version`, and what it cannot carry (inheritance flattened, transformables
    /// as data …), exactly as a store of this version imports.
    func schema(version: Schema.Version?) -> (schema: Schema, notes: [ImportNote]) {
        AppleSchemaMapping(model: appleModel).schema(version: version)
    }
}
