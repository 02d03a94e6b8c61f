import SwiftSyntaxMacrosTestSupport
import XCTest

/// What `@Model` and its companions expand to, for the shapes of class SwiftData code declares.
final class ModelExpansionTests: XCTestCase {
    func testFinalClassWithDefaultAndInitializer() {
        assertMacroExpansion(
            #"""
            @Model
            final class Item {
                var title: String
                var order: Int = 0

                init(title: String) {
                    self.title = title
                }
            }
            """#,
            expandedSource: #"""
                final class Item {
                    @Strata._PersistedProperty
                    var title: String
                    @Strata._PersistedProperty
                    var order: Int = 0

                    init(title: String) {
                        self.title = title
                    }

                    @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Item.self)

                    var persistentBackingData: Strata.BackingData {
                        _$backingData._escaping()
                    }

                    var _strataBackingData: Strata.BackingData {
                        _$backingData
                    }

                    required init(backingData: Strata.BackingData) {
                        self._title = Strata._PersistedStorage()
                        self._order = Strata._PersistedStorage()
                        self._$backingData = Strata.BackingData._adopting(backingData)
                    }

                    static var schemaMetadata: [Strata.PropertyMetadata] {
                        [
                            Strata.PropertyMetadata("title", \Item.title),
                            Strata.PropertyMetadata("order", \Item.order, default: {
                                    0
                                }, defaultExpression: "0")
                        ]
                    }
                }

                extension Item: Strata.PersistentModel {
                }
                """#,
            macroSpecs: strataMacroSpecs)
    }

    func testUniqueAndIndexBecomeTheClassGroups() {
        assertMacroExpansion(
            #"""
            @Model
            final class Person {
                #Unique<Person>([\.id], [\.givenName, \Person.familyName])
                #Index<Person>([\.familyName])
                var id: UUID
                var givenName: String
                var familyName: String
            }
            """#,
            expandedSource: #"""
                final class Person {
                    @Strata._PersistedProperty
                    var id: UUID
                    @Strata._PersistedProperty
                    var givenName: String
                    @Strata._PersistedProperty
                    var familyName: String

                    @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Person.self)

                    var persistentBackingData: Strata.BackingData {
                        _$backingData._escaping()
                    }

                    var _strataBackingData: Strata.BackingData {
                        _$backingData
                    }

                    required init(backingData: Strata.BackingData) {
                        self._id = Strata._PersistedStorage()
                        self._givenName = Strata._PersistedStorage()
                        self._familyName = Strata._PersistedStorage()
                        self._$backingData = Strata.BackingData._adopting(backingData)
                    }

                    static var schemaMetadata: [Strata.PropertyMetadata] {
                        [
                            Strata.PropertyMetadata("id", \Person.id),
                            Strata.PropertyMetadata("givenName", \Person.givenName),
                            Strata.PropertyMetadata("familyName", \Person.familyName)
                        ]
                    }

                    static var schemaUniqueness: [[String]] {
                        [["id"], ["givenName", "familyName"]]
                    }

                    static var schemaIndexes: [[String]] {
                        [["familyName"]]
                    }
                }

                extension Person: Strata.PersistentModel {
                }
                """#,
            macroSpecs: strataMacroSpecs)
    }

    func testNonFinalClass() {
        assertMacroExpansion(
            #"""
            @Model
            class Note {
                var text: String

                init(text: String) {
                    self.text = text
                }
            }
            """#,
            expandedSource: #"""
                class Note {
                    @Strata._PersistedProperty
                    var text: String

                    init(text: String) {
                        self.text = text
                    }

                    @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Note.self)

                    var persistentBackingData: Strata.BackingData {
                        _$backingData._escaping()
                    }

                    var _strataBackingData: Strata.BackingData {
                        _$backingData
                    }

                    required init(backingData: Strata.BackingData) {
                        self._text = Strata._PersistedStorage()
                        self._$backingData = Strata.BackingData._adopting(backingData)
                    }

                    static var schemaMetadata: [Strata.PropertyMetadata] {
                        [
                            Strata.PropertyMetadata("text", \Note.text)
                        ]
                    }
                }

                extension Note: Strata.PersistentModel {
                }
                """#,
            macroSpecs: strataMacroSpecs)
    }

    func testClassNestedInAnEnum() {
        assertMacroExpansion(
            #"""
            enum BookSchemaV1 {
                @Model final class Book {
                    var title: String
                }
            }
            """#,
            expandedSource: #"""
                enum BookSchemaV1 {
                    final class Book {
                        @Strata._PersistedProperty
                        var title: String

                        @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Book.self)

                        var persistentBackingData: Strata.BackingData {
                            _$backingData._escaping()
                        }

                        var _strataBackingData: Strata.BackingData {
                            _$backingData
                        }

                        required init(backingData: Strata.BackingData) {
                            self._title = Strata._PersistedStorage()
                            self._$backingData = Strata.BackingData._adopting(backingData)
                        }

                        static var schemaMetadata: [Strata.PropertyMetadata] {
                            [
                                Strata.PropertyMetadata("title", \Book.title)
                            ]
                        }
                    }
                }

                extension BookSchemaV1.Book: Strata.PersistentModel {
                }
                """#,
            macroSpecs: strataMacroSpecs)
    }

    func testClassDeclaredInASchemaExtension() {
        assertMacroExpansion(
            #"""
            extension BookSchemaV2 {
                @Model final class Book {
                    var title: String
                }
            }
            """#,
            expandedSource: #"""
                extension BookSchemaV2 {
                    final class Book {
                        @Strata._PersistedProperty
                        var title: String

                        @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Book.self)

                        var persistentBackingData: Strata.BackingData {
                            _$backingData._escaping()
                        }

                        var _strataBackingData: Strata.BackingData {
                            _$backingData
                        }

                        required init(backingData: Strata.BackingData) {
                            self._title = Strata._PersistedStorage()
                            self._$backingData = Strata.BackingData._adopting(backingData)
                        }

                        static var schemaMetadata: [Strata.PropertyMetadata] {
                            [
                                Strata.PropertyMetadata("title", \Book.title)
                            ]
                        }
                    }
                }

                extension BookSchemaV2.Book: Strata.PersistentModel {
                }
                """#,
            macroSpecs: strataMacroSpecs)
    }

    func testAttributeRelationshipAndTransientAnnotations() {
        assertMacroExpansion(
            #"""
            @Model final class Author {
                @Attribute(.unique, originalName: "fullName") var name: String
                @Relationship(deleteRule: .cascade, inverse: \Book.author) var books: [Book] = []
                @Transient var cachedCount: Int = 0
            }
            """#,
            expandedSource: #"""
                final class Author {
                    @Strata._PersistedProperty var name: String
                    @Strata._PersistedProperty var books: [Book] = []
                    var cachedCount: Int = 0

                    @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Author.self)

                    var persistentBackingData: Strata.BackingData {
                        _$backingData._escaping()
                    }

                    var _strataBackingData: Strata.BackingData {
                        _$backingData
                    }

                    required init(backingData: Strata.BackingData) {
                        self._name = Strata._PersistedStorage()
                        self._books = Strata._PersistedStorage()
                        self._$backingData = Strata.BackingData._adopting(backingData)
                    }

                    static var schemaMetadata: [Strata.PropertyMetadata] {
                        [
                            Strata.PropertyMetadata("name", \Author.name, attribute: Strata.PropertyMetadata.AttributeInfo(.unique, originalName: "fullName")),
                            Strata.PropertyMetadata("books", \Author.books, default: {
                                    []
                                }, defaultExpression: "[]", relationship: Strata.PropertyMetadata.RelationshipInfo(deleteRule: .cascade, inverse: \Book.author))
                        ]
                    }
                }

                extension Author: Strata.PersistentModel {
                }
                """#,
            macroSpecs: strataMacroSpecs)
    }

    func testPublicClassGetsPublicMembers() {
        assertMacroExpansion(
            #"""
            @Model public final class Tag {
                public var name: String

                public init(name: String) {
                    self.name = name
                }
            }
            """#,
            expandedSource: #"""
                public final class Tag {
                    @Strata._PersistedProperty
                    public var name: String

                    public init(name: String) {
                        self.name = name
                    }

                    @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Tag.self)

                    public var persistentBackingData: Strata.BackingData {
                        _$backingData._escaping()
                    }

                    public var _strataBackingData: Strata.BackingData {
                        _$backingData
                    }

                    public required init(backingData: Strata.BackingData) {
                        self._name = Strata._PersistedStorage()
                        self._$backingData = Strata.BackingData._adopting(backingData)
                    }

                    public static var schemaMetadata: [Strata.PropertyMetadata] {
                        [
                            Strata.PropertyMetadata("name", \Tag.name)
                        ]
                    }
                }

                extension Tag: Strata.PersistentModel {
                }
                """#,
            macroSpecs: strataMacroSpecs)
    }

    // The test harness looks macros up by plain name, so the `@Strata._PersistedProperty` that `@Model` adds
    // stays unexpanded above; the compiler expands it to what this test shows.
    func testPersistedPropertyRoutesThroughBackingData() {
        assertMacroExpansion(
            #"""
            final class Item {
                @_PersistedProperty
                var title: String
            }
            """#,
            expandedSource: #"""
                final class Item {
                    var title: String {
                        @storageRestrictions(accesses: _$backingData, initializes: _title)
                        init(initialValue) {
                            _$backingData.setInitialValue(initialValue, forKey: "title")
                            _title = Strata._PersistedStorage()
                        }
                        get {
                            _$backingData.getValue(forKey: "title", of: self)
                        }
                        set {
                            _$backingData.setValue(newValue, forKey: "title", of: self)
                        }
                    }

                    @Strata.Transient private var _title: Strata._PersistedStorage
                }
                """#,
            macroSpecs: strataMacroSpecs)
    }

    func testUntypedAndLetProperties() {
        assertMacroExpansion(
            ##"""
            @Model final class Clip {
                let id: UUID
                var title = ""
                init(id: UUID) { self.id = id }
            }
            """##,
            expandedSource: ##"""
                final class Clip {
                    let id: UUID
                    @Strata._PersistedProperty
                    var title = ""
                    init(id: UUID) { self.id = id }

                    @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Clip.self)

                    var persistentBackingData: Strata.BackingData {
                        _$backingData._escaping()
                    }

                    var _strataBackingData: Strata.BackingData {
                        _$backingData
                    }

                    required init(backingData: Strata.BackingData) {
                        self.id = backingData._constantValue(forKey: "id")
                        self._title = Strata._PersistedStorage()
                        self._$backingData = Strata.BackingData._adopting(backingData)
                    }

                    static var schemaMetadata: [Strata.PropertyMetadata] {
                        [
                            Strata.PropertyMetadata("id", \Clip.id, constant: true),
                            Strata.PropertyMetadata("title", \Clip.title, default: {
                                    ""
                                }, defaultExpression: #""""#)
                        ]
                    }
                }

                extension Clip: Strata.PersistentModel {
                }
                """##,
            macroSpecs: strataMacroSpecs)
    }
}
