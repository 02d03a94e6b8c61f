import Strata

/// Why an app's sources could not give a plan; each message names what to fix.
package enum SourceReadingError: Error, CustomStringConvertible, Equatable {
    /// The path is missing or not a folder.
    case notAFolder(String)
    /// A file could not be read as UTF-8 text.
    case unreadable(String)
    /// A file opens more than `SourceFile.maximumBrackets` brackets (or `SourceFile.maximumSquareBrackets` square
    /// ones) at once, or its syntax tree nests deeper than `SourceFile.maximumDepth` (at the line given).
    case tooDeep(String, line: Int)
    /// An Xcode project's `project.pbxproj` is not a property list.
    case unreadableProject(String, reason: String)
    /// A file is not read: not a regular file, or too large (``NamedFile``).
    case refusedFile(String, reason: String)
    /// An `--exclude` pattern that cannot be used.
    case badExclude(String)
    /// The folder declares no `SchemaMigrationPlan`.
    case noPlan(folder: String)
    /// Several plans and no `--plan` to pick one.
    case severalPlans(folder: String, names: [String])
    /// `--plan` names no plan of the folder.
    case unknownPlan(String, names: [String])

    /// The message shown after "error:".
    package var description: String {
        switch self {
        case .notAFolder(let path): "\(path) is not a folder of Swift sources"
        case .unreadable(let path): "\(path) cannot be read as UTF-8 text"
        case .tooDeep(let path, let line):
            "\(path):\(line): nests more than \(SourceFile.maximumBrackets) brackets, \(SourceFile.maximumSquareBrackets) square brackets or \(SourceFile.maximumDepth) syntax levels deep (a chain or nesting far beyond real code); Strata reads no deeper Swift file"
        case .unreadableProject(let path, let reason):
            "\(path) cannot be read as an Xcode project (\(reason)); fix the file, or give --sources a folder with no project above it"
        case .refusedFile(let path, let reason): "\(path) is not read: \(reason)"
        case .badExclude(let pattern): "--exclude '\(pattern)' is not a pattern (use *, ** and ? as wildcards)"
        case .noPlan(let folder):
            "\(folder) declares no SchemaMigrationPlan (an enum conforming to it, with its schemas and stages)"
        case .severalPlans(let folder, let names):
            "\(folder) declares several plans (\(names.joined(separator: ", "))); pick one with --plan NAME"
        case .unknownPlan(let name, let names):
            "the sources declare no plan named '\(name)'; their plans: \(names.joined(separator: ", "))"
        }
    }
}
