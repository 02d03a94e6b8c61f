internal import GRDB

/// The join tables of many-to-many relationships across a stage.
extension StructuralPlan {
    /// Creates, renames (by copying) and drops join tables so each many-to-many keeps its links.
    func joinTableSteps(oldLayout: StoreLayout, newLayout: StoreLayout) -> [MigrationStep] {
        var steps: [MigrationStep] = []
        var claimed: Set<String> = []
        for entity in to.entities {
            for relationship in entity.relationships where relationship.isToMany {
                guard case .joinTable(let table, .source) = newLayout.storage(of: relationship, in: entity) else {
                    continue
                }
                if let old = diff.sourceEntity(named: entity.name),
                    let source = SchemaDiff.source(of: relationship, in: old),
                    source.isToMany, diff.isSameDestination(source.destination, relationship.destination),
                    case .joinTable(let oldTable, let side) = oldLayout.storage(
                        of: source, in: old)
                {
                    claimed.insert(oldTable)
                    if oldTable == table && side == .source { continue }
                    steps.append(
                        MigrationStep(
                            "move the links of \(entity.name).\(relationship.name) to \(table)",
                            statements: newLayout.joinTableStatements(
                                table: table, source: entity.name, target: relationship.destination) + [
                                    "INSERT INTO \(quote(table)) (\"source\", \"target\", \"position\") SELECT \(quote(side.ownerColumn)), \(quote(side.otherColumn)), \"position\" FROM \(quote(oldTable))",
                                    "DROP TABLE \(quote(oldTable))",
                                ]))
                } else {
                    steps.append(
                        MigrationStep(
                            "create the links of \(entity.name).\(relationship.name)",
                            statements: newLayout.joinTableStatements(
                                table: table, source: entity.name, target: relationship.destination)
                                + mappedLinksFill(of: relationship, in: entity, into: table)))
                }
            }
        }
        for entity in from.entities {
            for relationship in entity.relationships where relationship.isToMany {
                guard case .joinTable(let table, .source) = oldLayout.storage(of: relationship, in: entity),
                    !claimed.contains(table)
                else { continue }
                claimed.insert(table)
                steps.append(
                    MigrationStep(
                        "drop the links of \(entity.name).\(relationship.name)",
                        statements: ["DROP TABLE \(quote(table))"]))
            }
        }
        return steps
    }
}
