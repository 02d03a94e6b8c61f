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
            "a stored 'let' with an initial value could not take the stored value when the model is fetched; assign it in init ('let id: UUID' then 'self.id = id') or make it 'var'"
        case .reservedName: "'_pk' is the primary-key column of every Strata table; rename this property"
        case .unsupportedType:
            "this type cannot be stored: use a value type (String, numbers, Date, Data, UUID, URL, Decimal, a RawRepresentable enum, a Codable value) or a @Model class"
        case .transientWithoutDefault: "@Transient properties need a default value"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "StrataMacros", id: rawValue) }
    var severity: DiagnosticSeverity { .error }
}
