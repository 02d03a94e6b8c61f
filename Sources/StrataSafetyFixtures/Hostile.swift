import Strata

/// Models whose names and values try to break SQL and terminals: a unicode class name, properties named after
/// SQL and Swift keywords, and values holding NUL, control characters and escape sequences.
public enum Hostile {
    /// Version 1.0.0.
    public enum V1: VersionedSchema {
        /// 1.0.0.
        public static let versionIdentifier = Schema.Version(1, 0, 0)
        /// The shelf.
        public static var models: [any PersistentModel.Type] { [Bücherregal.self] }

        /// A row with keyword and unicode column names.
        @Model public final class Bücherregal {
            @Attribute(.unique) public var `select`: String
            public var `order`: Int
            public var `group`: String
            public var café: String
            public var `from`: Data?

            /// Creates a row.
            public init(select: String, order: Int, group: String, café: String, from: Data?) {
                self.select = select
                self.order = order
                self.group = group
                self.café = café
                self.from = from
            }
        }
    }

    /// Version 2.0.0: `order` renamed `where`, `group` removed, `café` unique, a to-one `straße` added (which
    /// forces the 12-step rebuild of `Bücherregal`).
    public enum V2: VersionedSchema {
        /// 2.0.0.
        public static let versionIdentifier = Schema.Version(2, 0, 0)
        /// The shelf and its street.
        public static var models: [any PersistentModel.Type] { [Bücherregal.self, Straße.self] }

        /// A row with keyword and unicode column names.
        @Model public final class Bücherregal {
            @Attribute(.unique) public var `select`: String
            @Attribute(originalName: "order") public var `where`: Int
            @Attribute(.unique) public var café: String
            public var `from`: Data?
            public var straße: Straße?

            /// Creates a row.
            public init(select: String, where: Int, café: String, from: Data?) {
                self.select = select
                self.`where` = `where`
                self.café = café
                self.from = from
            }
        }

        /// A street, named by a keyword column.
        @Model public final class Straße {
            public var `table`: String
            /// Creates a street.
            public init(table: String) { self.table = table }
        }
    }

    /// 1.0.0 -> 2.0.0, lightweight (the dropped `group` is accepted by the explicit stage).
    public enum Plan: SchemaMigrationPlan {
        /// V1, V2.
        public static var schemas: [any VersionedSchema.Type] { [V1.self, V2.self] }
        /// One lightweight stage.
        public static var stages: [MigrationStage] { [.lightweight(fromVersion: V1.self, toVersion: V2.self)] }
    }

    /// Text values a terminal or a SQL splice would misread; all distinct, so each can be `select` and `café`.
    public static let values: [String] = [
        "NUL\u{0}inside",
        "\u{1B}[31mred\u{1B}[0m and \u{1B}[2J clear",
        "\u{1B}]0;window title\u{07}",
        "\u{9B}31m C1 control sequence",
        "bell\u{07} backspace\u{08} tab\t newline\n return\r",
        "'; DROP TABLE \"Bücherregal\"; --",
        "\"quoted\" and 'single' and `back`",
        "emoji 🦀, combining é, right-to-left \u{202E}olleh",
        "",
    ]

    /// Creates a V1 store at `url` with one row per hostile value (`café` holds the value reversed, `from` its
    /// UTF-8 bytes, `order` its index).
    public static func makeStore(at url: URL) throws {
        let container = try ModelContainer(
            for: Schema(versionedSchema: V1.self), configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        for (index, value) in values.enumerated() {
            context.insert(
                V1.Bücherregal(
                    select: value, order: index, group: "group \(value)", café: String(value.reversed()),
                    from: Data(value.utf8)))
        }
        try context.save()
    }
}
