import Foundation
import Strata
import SwiftSyntax

/// Builds a ``NextVersionDraft``: finds the shipped version and the new one, freezes the shipped one, writes the new
/// one, the plan's additions and the stage, as edits.
struct DraftBuilder {
    let sources: AppSources
    let live: LiveModels
    let request: NextVersionRequest
    var edits = SourceEdits()
    var notes: [String] = []

    init(sources: AppSources, live: LiveModels, request: NextVersionRequest) {
        self.sources = sources
        self.live = live
        self.request = request
    }

    private var index: DeclarationIndex { sources.index }

    /// An app without a plan: its live models become version 1, frozen in a new file, beside a version listing the
    /// live classes and a new plan holding both.
    mutating func withoutPlan() throws -> NextVersionDraft {
        let prefix = appPrefix()
        let first = Schema.Version(1, 0, 0)
        let next = request.version ?? Schema.Version(2, 0, 0)
        guard next > first else { throw NextVersionRefusal("--as \(next) must be later than the shipped 1.0.0") }
        let (shippedName, newName, planName) = (
            "\(prefix)SchemaV1", "\(prefix)SchemaV\(next.major)", "\(prefix)MigrationPlan"
        )
        let (liveSchema, _) = live.schema(at: first, index: index)
        try refuseProblems(liveSchema, of: "the live models")
        let folder = URL(fileURLWithPath: live.declarations[0].file.path).deletingLastPathComponent()
        let files = live.declarations.map(\.file)
        let names = live.declarations.map(\.simpleName)
        edits.create(
            folder.appendingPathComponent("\(shippedName).swift").path,
            VersionText.file(
                imports: VersionText.imports(of: files),
                VersionText.version(shippedName, first, models: names, members: frozenCopies(indent: "    "))))
        edits.create(
            folder.appendingPathComponent("\(newName).swift").path,
            VersionText.file(
                imports: ["import SwiftData"], VersionText.version(newName, next, models: names, members: "")))
        edits.create(
            folder.appendingPathComponent("\(planName).swift").path,
            VersionText.file(
                imports: ["import SwiftData"],
                VersionText.plan(planName, schemas: [shippedName, newName], stages: [], declarations: [])))
        notes.append(containerNote(planName: planName, newName: newName))
        notes.append(editThenRunAgain(newName))
        notes += try addToProject(beside: live.declarations[0].file.path)
        let versions = [
            NextVersionDraft.Version(name: shippedName, version: first),
            NextVersionDraft.Version(name: newName, version: next),
        ]
        return NextVersionDraft(
            start: .noPlan, planName: planName, shipped: versions[0], new: versions[1], shippedSchema: liveSchema,
            newSchema: Schema(entities: liveSchema.entities, version: next, defaults: defaults(of: liveSchema)),
            changes: [], stage: nil, versions: versions, stages: [], edits: edits, notes: notes)
    }

    /// An app with a plan: the shipped version (frozen when it lists the live classes), the new version (made now, or
    /// the one in progress) and the stage between them.
    mutating func extending(_ plan: SourcePlan, frozen: FrozenVersions?) throws -> NextVersionDraft {
        let (shipped, inProgress) = try split(plan, frozen: frozen)
        let shippedType = try declaration(of: shipped)
        let start: NextVersionDraft.Start =
            !live.aliases.isEmpty ? .typealiases : (live.classes.isEmpty ? .nestedClasses : .liveClasses)
        let freezing = listsLiveClasses(shipped)
        if freezing, let frozen,
            let record = frozen.versions.first(where: { $0.version == shipped.schema.version.label })
        {
            let changed = ShippedVersion(schema: record.schema, recordedIn: "").edits(in: shipped.schema)
            if !changed.isEmpty {
                throw NextVersionRefusal(
                    "\(shipped.name) lists the live models, and they were edited since it shipped (\(changed.map(\.description).joined(separator: "; "))): the sources no longer hold the models as they shipped. Put them back as they shipped, run next-version to freeze them, then make the edits and run it again"
                )
            }
        }
        if freezing {
            edits.addMembers(frozenCopyDeclarations(), to: shippedType)
        }
        let oldTypes = Dictionary(
            uniqueKeysWithValues: shipped.schema.entities.map { entity in
                (
                    entity.name,
                    freezing ? "\(shipped.name).\(entity.name)" : shipped.modelTypes[entity.name] ?? entity.name
                )
            })
        guard let shippedVersion = shipped.schema.version else {
            throw NextVersionRefusal("\(shipped.name) has no version")
        }
        let new: NextVersionDraft.Version
        var newSchema: Schema
        var newTypes: [String: String]
        var newModels: [String: DeclarationIndex.TypeDecl] = [:]
        var versions = plan.versions.map {
            NextVersionDraft.Version(name: $0.name, version: $0.schema.version ?? shippedVersion)
        }
        if let inProgress {
            guard !listsLiveClasses(shipped) else {
                throw NextVersionRefusal(
                    "\(shipped.name) and \(inProgress.name) both list the live models; one must hold its own copies")
            }
            new = NextVersionDraft.Version(name: inProgress.name, version: inProgress.schema.version ?? shippedVersion)
            newSchema = inProgress.schema
            newTypes = inProgress.modelTypes
            for (entity, name) in newTypes { newModels[entity] = index.types[name] }
        } else {
            new = try nextVersion(after: shipped, in: plan)
            versions.append(new)
            if start != .liveClasses {
                try copy(shippedType, as: new)
                // The shared Codable and enum types the shipped models store are frozen in it too; the new version
                // goes on using the shared ones.
                edits.addMembers(
                    frozenCopyDeclarations(
                        reachedFrom: shipped.modelTypes.values.sorted().compactMap { index.types[$0] }),
                    to: shippedType)
                newSchema = Schema(
                    entities: shipped.schema.entities, version: new.version, defaults: defaults(of: shipped.schema))
                newTypes = shipped.modelTypes.mapValues {
                    $0.replacingOccurrences(of: "\(shipped.name).", with: "\(new.name).")
                }
            } else {
                let folder = URL(fileURLWithPath: shippedType.file.path).deletingLastPathComponent()
                edits.create(
                    folder.appendingPathComponent("\(new.name).swift").path,
                    VersionText.file(
                        imports: ["import SwiftData"],
                        VersionText.version(new.name, new.version, models: live.classes.map(\.simpleName), members: ""))
                )
                (newSchema, newTypes) = live.schema(at: new.version, index: index)
                for (entity, name) in newTypes { newModels[entity] = index.types[name] }
            }
            try edits.append("\(new.name).self", toList: "schemas", of: try planType(plan), index: index)
        }
        try refuseProblems(newSchema, of: new.name)
        newSchema = try renamed(newSchema, shipped: shipped.schema, models: newModels)
        let diff = SchemaDiff(from: shipped.schema, to: newSchema)
        try refuseAmbiguity(diff)
        var stages = plan.stages.map { NextVersionDraft.Stage(kind: $0.kind, from: $0.from, to: $0.to) }
        var stage: NextVersionDraft.Stage?
        if let existing = plan.stages.first(where: { $0.from == shippedVersion && $0.to == new.version }) {
            notes.append(
                "the plan already has the stage from \(shippedVersion) to \(new.version) (\(existing.kind)) at \(existing.location)"
            )
        } else if diff.isEmpty {
            notes.append(editThenRunAgain(new.name))
        } else {
            let name = StageCode.name(from: shipped.name, to: new.name)
            let code = try StageCode(
                diff: diff, request: request, name: name, fromType: shipped.name, toType: new.name, oldTypes: oldTypes,
                newTypes: newTypes
            ).declaration()
            let planType = try planType(plan)
            try edits.append(name, toList: "stages", of: planType, index: index)
            edits.addMembers([code.text], to: planType)
            stage = NextVersionDraft.Stage(kind: code.kind, from: shippedVersion, to: new.version)
            stages.append(stage!)
        }
        notes += try addToProject(beside: shippedType.file.path)
        if frozen == nil, stage != nil {
            notes.append(
                "without a freeze record, the next run takes \(new.name) as shipped: give --frozen FILE (with --write it records \(shipped.name) as shipped) so it knows \(new.name) is in progress"
            )
        }
        if frozen == nil, freezing {
            notes.append(
                "\(shipped.name) is frozen as the sources hold its models now; if they were already edited, give --frozen with the record `strata freeze` wrote when it shipped"
            )
        }
        return NextVersionDraft(
            start: start, planName: plan.name,
            shipped: NextVersionDraft.Version(name: shipped.name, version: shippedVersion), new: new,
            shippedSchema: shipped.schema, newSchema: newSchema, changes: diff.changes, stage: stage,
            versions: versions, stages: stages, edits: edits, notes: notes)
    }

    /// The shipped version and the one in progress (after it, with no stage leading to it, or not in `frozen`).
    private func split(_ plan: SourcePlan, frozen: FrozenVersions?) throws -> (SourceVersion, SourceVersion?) {
        guard let last = plan.versions.last else { throw NextVersionRefusal("plan \(plan.name) lists no version") }
        guard let frozen else {
            let reached = plan.stages.contains { $0.to == last.schema.version }
            if plan.versions.count >= 2, !reached { return (plan.versions[plan.versions.count - 2], last) }
            return (last, nil)
        }
        let recorded = Set(frozen.versions.map(\.version))
        guard let shippedIndex = plan.versions.lastIndex(where: { recorded.contains($0.schema.version.label) }) else {
            throw NextVersionRefusal("the freeze record holds none of plan \(plan.name)'s versions")
        }
        let after = plan.versions[(shippedIndex + 1)...]
        guard after.count <= 1 else {
            throw NextVersionRefusal(
                "plan \(plan.name) lists \(after.count) versions after the shipped \(plan.versions[shippedIndex].name): \(after.map(\.name).joined(separator: ", ")); next-version works on one new version at a time"
            )
        }
        let shipped = plan.versions[shippedIndex]
        let lint = SourceLint(plan: plan, sources: sources, shipped: frozen.shipped(recordedIn: "the freeze record"))
        if !listsLiveClasses(shipped), let edit = lint.shippedEdits().first(where: { $0.severity == "error" }) {
            throw NextVersionRefusal("\(edit.description)")
        }
        return (shipped, after.first)
    }

    /// True when `version` lists the live top-level classes.
    private func listsLiveClasses(_ version: SourceVersion) -> Bool {
        !live.classes.isEmpty && version.modelTypes.values.allSatisfy { !$0.contains(".") }
    }

    /// The declaration of `version`'s type.
    private func declaration(of version: SourceVersion) throws -> DeclarationIndex.TypeDecl {
        guard
            let type = index.types(conformingTo: "VersionedSchema").first(where: {
                $0.simpleName == version.name && $0.file.location(of: $0.node) == version.location
            })
        else { throw NextVersionRefusal("\(version.location): \(version.name) cannot be edited") }
        return type
    }

    /// The declaration of `plan`'s type.
    private func planType(_ plan: SourcePlan) throws -> DeclarationIndex.TypeDecl {
        guard let type = index.types[plan.qualifiedName] else {
            throw NextVersionRefusal("\(plan.location): \(plan.name) cannot be edited")
        }
        return type
    }
}
