import Foundation

/// Why a Core Data model bundle (`.xcdatamodeld`, `.xcdatamodel` or a folder of them) cannot be read as a plan; each
/// message names the file (and line, for XML) and what to do.
public enum ModelBundleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// The path holds no `.xcdatamodel` version.
    case noVersions(path: String)
    /// A version has no `contents` file, only the binary `elements`/`layout` files of Xcode 3.
    case binaryOnly(version: String, path: String)
    /// A `contents` or `xcmapping.xml` file is not well-formed XML, or not the expected document.
    case malformed(path: String, line: Int?, reason: String)
    /// `--order` names a version the bundle does not hold, repeats one or leaves one out.
    case badOrder(reason: String, known: [String])
    /// Two version folders have the same name (in different `.xcdatamodeld` bundles of one folder).
    case duplicateVersion(name: String, paths: [String])

    /// The message, naming the file and the fix.
    public var description: String {
        switch self {
        case .notFound(let path):
            return
                "\(path): no such file or folder; give a .xcdatamodeld bundle, a .xcdatamodel or a folder holding them"
        case .noVersions(let path):
            return "\(path) holds no .xcdatamodel version; give the .xcdatamodeld bundle of the app's model"
        case .binaryOnly(let version, let path):
            return
                "\(path): version \(version) is stored only in Xcode 3's binary form (elements, layout; no contents XML), which Strata cannot read; open the model in a current Xcode once and save it, which writes the contents file"
        case .malformed(let path, let line, let reason):
            return "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)"
        case .badOrder(let reason, let known):
            return "--order: \(reason); the versions are \(known.joined(separator: ", "))"
        case .duplicateVersion(let name, let paths):
            return
                "two versions are named \(name) (\(paths.joined(separator: " and "))); name the .xcdatamodeld bundle instead of the folder holding both"
        }
    }
}
