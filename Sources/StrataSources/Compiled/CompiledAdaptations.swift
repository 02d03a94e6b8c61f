/// What the compiled level changed in an app's code to build it on Linux, so a user can trust what ran: the imports
/// of Apple-only modules it dropped, the members no migration needs that use their types (left out, or kept with a
/// body that stops), the files from outside the source folder it added (helpers the plans need), and
/// the shims it compiled in. `strata --sources … --verbose` prints it, and JSON reports carry it as `"compiled"`.
package struct CompiledAdaptations: Sendable, Codable, Equatable {
    /// An import of a module Linux lacks, dropped from one of the app's files.
    package struct DroppedImport: Sendable, Codable, Equatable {
        /// The app's file.
        package let file: String
        /// The line of the import.
        package let line: Int
        /// The module ("CloudKit", "os").
        package let module: String
    }

    /// An attribute or macro of a module Linux lacks (`@Generable`), dropped from a declaration of one of the app's
    /// files.
    package struct DroppedAttribute: Sendable, Codable, Equatable {
        /// The app's file.
        package let file: String
        /// The line of the attribute.
        package let line: Int
        /// The attribute's name, without the `@` ("Generable").
        package let attribute: String
        /// The module declaring it ("FoundationModels").
        package let module: String
    }

    /// A member of one of the app's needed types that no plan, stage, default or stored property needs and that names
    /// a type of a module Linux lacks (a model's computed `color: Color`), left out of the build.
    package struct DroppedMember: Sendable, Codable, Equatable {
        /// The app's file.
        package let file: String
        /// The line of the member.
        package let line: Int
        /// The member ("Priority.color", "Palette.init(color:)").
        package let member: String
        /// The Apple-only types it names, with their modules ("Color (SwiftUI)").
        package let uses: [String]
    }

    /// A shim compiled into the app's target.
    package struct Shim: Sendable, Codable, Equatable {
        /// Its name ("logging", "folders", ...).
        package let name: String
        /// What it provides.
        package let provides: String
    }

    /// The imports dropped, in file and line order.
    package let importsDropped: [DroppedImport]
    /// The attributes dropped, in file and line order.
    package let attributesDropped: [DroppedAttribute]
    /// The members left out, in file and line order.
    package let membersDropped: [DroppedMember]
    /// The members kept with bodies that stop with a message (some needed code names them, but nothing the migration
    /// runs was found to call them), in file and line order.
    package let membersStubbed: [DroppedMember]
    /// The observers (`didSet`, `willSet`) of stored properties, in files importing a module Linux lacks, whose bodies
    /// were emptied because they call what Linux cannot build (a migration's writes to the property then go through),
    /// in file and line order; ``DroppedMember/uses`` says what they call.
    package let observersEmptied: [DroppedMember]
    /// The files from outside the source folder added because the plans need declarations in them, in path order.
    package let helpersAdded: [String]
    /// The shims compiled in.
    package let shims: [Shim]

    /// True when nothing was adapted.
    package var isEmpty: Bool {
        importsDropped.isEmpty && attributesDropped.isEmpty && membersDropped.isEmpty && membersStubbed.isEmpty
            && observersEmptied.isEmpty && helpersAdded.isEmpty
            && shims.isEmpty
    }

    /// The report's lines: "import CloudKit dropped (Models/Item.swift:3)", "@Generable dropped (…)", "helper added: …",
    /// "Priority.color left out (…)", "shim: …".
    package var textLines: [String] {
        importsDropped.map { "import \($0.module) dropped (\($0.file):\($0.line)): Linux has no \($0.module)" }
            + attributesDropped.map {
                "@\($0.attribute) dropped (\($0.file):\($0.line)): Linux has no \($0.module)"
            }
            + membersDropped.map {
                "\($0.member) left out (\($0.file):\($0.line)): nothing the migration runs uses it, and it uses \($0.uses.joined(separator: ", "))"
            }
            + membersStubbed.map {
                "\($0.member) keeps its signature, its body stops with a message (\($0.file):\($0.line)): nothing the migration runs was found to call it, and it uses \($0.uses.joined(separator: ", "))"
            }
            + observersEmptied.map {
                "\($0.member) emptied (\($0.file):\($0.line)): a migration's writes to the property run without it, as it calls \($0.uses.joined(separator: ", "))"
            }
            + helpersAdded.map { "helper added from outside the source folder: \($0)" }
            + shims.map { "shim compiled in: \($0.provides)" }
    }
}
