extension Schema {
    /// A schema's semantic version, such as `Schema.Version(1, 2, 0)`; ordered by major, minor, patch.
    ///
    /// A version may carry the name its plan gives it (a Core Data model's version "Model 2", whose number is its
    /// ordinal `2.0.0`): text names the version by it (``label``), while equality, order, hashing, `description` and
    /// the encoded form stay the number's, so a version read back from a store without the name is the same version.
    public struct Version: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
        /// The major component.
        public let major: Int
        /// The minor component.
        public let minor: Int
        /// The patch component.
        public let patch: Int
        /// The name the plan gives the version, when it names its versions ("Model 2").
        public let name: String?

        /// Creates a version from its three components, and the name its plan gives it.
        public init(_ major: Int, _ minor: Int, _ patch: Int, name: String? = nil) {
            self.major = major
            self.minor = minor
            self.patch = patch
            self.name = name
        }

        /// Equal when the numbers are (the name is how text shows the version, not which version it is).
        public static func == (lhs: Version, rhs: Version) -> Bool {
            (lhs.major, lhs.minor, lhs.patch) == (rhs.major, rhs.minor, rhs.patch)
        }

        /// Hashes the numbers.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(major)
            hasher.combine(minor)
            hasher.combine(patch)
        }

        /// Parses "1.2.0" (or "1.2", "1"); nil when a component is not a non-negative number.
        public init?(_ text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...3).contains(parts.count), parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
            let numbers = parts.compactMap { $0 } + [0, 0]
            self.init(numbers[0], numbers[1], numbers[2])
        }

        /// "1.2.0".
        public var description: String { "\(major).\(minor).\(patch)" }

        /// Orders versions by major, then minor, then patch.
        public static func < (lhs: Version, rhs: Version) -> Bool {
            (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }

        /// Encodes as the string "1.2.0".
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }

        /// Decodes the string "1.2.0".
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let version = Version(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not a version like 1.2.0")
            }
            self = version
        }
    }
}

extension Schema.Version {
    /// How text names the version: its name when its plan gives it one ("Model 2"), else its number ("1.0.0").
    public var label: String { name ?? description }
}

extension Optional where Wrapped == Schema.Version {
    /// How text names a version: its name when its plan gives it one ("Model 2"), else "1.0.0", or "unversioned" for
    /// a store or schema without one. The one spelling; views add their own words around it ("model 1.0.0", "store
    /// unversioned").
    public var label: String { self?.label ?? "unversioned" }

    /// The version's number whatever its name ("2.0.0", or "unversioned"): the spelling machine-read output and
    /// lookups use (JSON fields beside `versionNames`, keys).
    public var number: String { self?.description ?? "unversioned" }
}
