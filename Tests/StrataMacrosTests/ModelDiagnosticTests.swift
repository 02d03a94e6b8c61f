import SwiftSyntaxMacrosTestSupport
import XCTest

@testable import StrataMacros

/// Each mistake `@Model` reports at compile time, at the declaration or type that causes it.
final class ModelDiagnosticTests: XCTestCase {
    func testPropertyWithoutTypeOrInitialValue() {
        assertMacroExpansion(
            #"""
            @Model final class Counter {
                var count
            }
            """#,
            expandedSource: #"""
                final class Counter {
                    var count

                    @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Counter.self)

                    var persistentBackingData: Strata.BackingData {
                        _$backingData._escaping()
                    }

                    var _strataBackingData: Strata.BackingData {
                        _$backingData
                    }

                    required init(backingData: Strata.BackingData) {

                        self._$backingData = Strata.BackingData._adopting(backingData)
                    }

                    static var schemaMetadata: [Strata.PropertyMetadata] {
                        [

                        ]
                    }
                }

                extension Counter: Strata.PersistentModel {
                }
                """#,
            diagnostics: [DiagnosticSpec(message: ModelDiagnostic.missingType.message, line: 2, column: 5)],
            macroSpecs: strataMacroSpecs)
    }

    /// Stored as inserted, as SwiftData compiles it; the warning says a fetched object gets a new value.
    func testLetWithInitialValueIsStoredWithAWarning() {
        assertMacroExpansion(
            #"""
            @Model final class Tag {
                let name = "tag"
            }
            """#,
            expandedSource: #"""
                final class Tag {
                    let name = "tag"

                    @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Tag.self)

                    var persistentBackingData: Strata.BackingData {
                        _$backingData._escaping()
                    }

                    var _strataBackingData: Strata.BackingData {
                        _$backingData
                    }

                    required init(backingData: Strata.BackingData) {

                        self._$backingData = Strata.BackingData._adopting(backingData)
                    }

                    static var schemaMetadata: [Strata.PropertyMetadata] {
                        [
                            Strata.PropertyMetadata("name", \Tag.name, constant: true, default: {
                                    "tag"
                                }, defaultExpression: #""tag""#)
                        ]
                    }
                }

                extension Tag: Strata.PersistentModel {
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: ModelDiagnostic.letWithInitialValue.message, line: 2, column: 5, severity: .warning)
            ],
            macroSpecs: strataMacroSpecs)
    }

    func testReservedPrimaryKeyName() {
        assertMacroExpansion(
            #"""
            @Model final class Row {
                var _pk: Int
            }
            """#,
            expandedSource: #"""
                final class Row {
                    @Strata._PersistedProperty
                    var _pk: Int

                    @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Row.self)

                    var persistentBackingData: Strata.BackingData {
                        _$backingData._escaping()
                    }

                    var _strataBackingData: Strata.BackingData {
                        _$backingData
                    }

                    required init(backingData: Strata.BackingData) {
                        self.__pk = Strata._PersistedStorage()
                        self._$backingData = Strata.BackingData._adopting(backingData)
                    }

                    static var schemaMetadata: [Strata.PropertyMetadata] {
                        [
                            Strata.PropertyMetadata("_pk", \Row._pk)
                        ]
                    }
                }

                extension Row: Strata.PersistentModel {
                }
                """#,
            diagnostics: [DiagnosticSpec(message: ModelDiagnostic.reservedName.message, line: 2, column: 5)],
            macroSpecs: strataMacroSpecs)
    }

    func testFunctionTupleAndAnyTypes() {
        assertMacroExpansion(
            #"""
            @Model final class Job {
                var callback: () -> Void
                var pair: (Int, Int)
                var anything: Any
            }
            """#,
            expandedSource: #"""
                final class Job {
                    @Strata._PersistedProperty
                    var callback: () -> Void
                    @Strata._PersistedProperty
                    var pair: (Int, Int)
                    @Strata._PersistedProperty
                    var anything: Any

                    @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Job.self)

                    var persistentBackingData: Strata.BackingData {
                        _$backingData._escaping()
                    }

                    var _strataBackingData: Strata.BackingData {
                        _$backingData
                    }

                    required init(backingData: Strata.BackingData) {
                        self._callback = Strata._PersistedStorage()
                        self._pair = Strata._PersistedStorage()
                        self._anything = Strata._PersistedStorage()
                        self._$backingData = Strata.BackingData._adopting(backingData)
                    }

                    static var schemaMetadata: [Strata.PropertyMetadata] {
                        [
                            Strata.PropertyMetadata("callback", \Job.callback),
                            Strata.PropertyMetadata("pair", \Job.pair),
                            Strata.PropertyMetadata("anything", \Job.anything)
                        ]
                    }
                }

                extension Job: Strata.PersistentModel {
                }
                """#,
            diagnostics: [
                DiagnosticSpec(message: ModelDiagnostic.unsupportedType.message, line: 2, column: 19),
                DiagnosticSpec(message: ModelDiagnostic.unsupportedType.message, line: 3, column: 15),
                DiagnosticSpec(message: ModelDiagnostic.unsupportedType.message, line: 4, column: 19),
            ],
            macroSpecs: strataMacroSpecs)
    }

    func testTransientWithoutDefault() {
        assertMacroExpansion(
            #"""
            @Model final class Draft {
                @Transient var cache: Int
            }
            """#,
            expandedSource: #"""
                final class Draft {
                    var cache: Int

                    @Strata.Transient private var _$backingData: Strata.BackingData = Strata.BackingData._forModel(Draft.self)

                    var persistentBackingData: Strata.BackingData {
                        _$backingData._escaping()
                    }

                    var _strataBackingData: Strata.BackingData {
                        _$backingData
                    }

                    required init(backingData: Strata.BackingData) {

                        self._$backingData = Strata.BackingData._adopting(backingData)
                    }

                    static var schemaMetadata: [Strata.PropertyMetadata] {
                        [

                        ]
                    }
                }

                extension Draft: Strata.PersistentModel {
                }
                """#,
            diagnostics: [DiagnosticSpec(message: ModelDiagnostic.transientWithoutDefault.message, line: 2, column: 5)],
            macroSpecs: strataMacroSpecs)
    }

    func testModelOnAStruct() {
        assertMacroExpansion(
            #"""
            @Model struct Point {
                var x: Int
            }
            """#,
            expandedSource: #"""
                struct Point {
                    var x: Int
                }
                """#,
            diagnostics: [DiagnosticSpec(message: ModelDiagnostic.notAClass.message, line: 1, column: 1)],
            macroSpecs: strataMacroSpecs)
    }
}
