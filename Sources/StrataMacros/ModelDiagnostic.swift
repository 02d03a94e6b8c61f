import SwiftDiagnostics

/// The mistakes the model macros report at compile time.
enum ModelDiagnostic: String, DiagnosticMessage {
    case notAClass
    case missingType
    case letWithInitialValue
    case reservedName
    case unsupportedType
    case transientWithoutDefault

    var message: String {
        switch self {
        case .notAClass: "@Model can only be applied to a class"
        case .missingType:
            "@Model properties need a type annotation or an initial value, e.g. 'var count: Int' or 'var count = 0'"
        case .letWithInitialValue:
            "this 'let' is stored when the model is inserted, but a fetched model gets a new value from its initial value, not the stored one; to read the stored value back, write 'let id: UUID' and assign it in init, or make it 'var'"
        case .reservedName: "'_pk' is the primary-key column of every Strata table; rename this property"
        case .unsupportedType:
            "this type cannot be stored: use a value type (String, numbers, Date, Data, UUID, URL, Decimal, a RawRepresentable enum, a Codable value) or a @Model class"
        case .transientWithoutDefault: "@Transient properties need a default value"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "StrataMacros", id: rawValue) }
    var severity: DiagnosticSeverity { self == .letWithInitialValue ? .warning : .error }
}
