import StrataModelSyntax
import SwiftSyntax

/// The cases of an enum of the sources, with their raw values as Swift assigns them (a String case's name, or the
/// next integer) and their associated values' labels: what samples and defaults of the enum are made from.
struct EnumCases {
    /// One case.
    struct Case {
        /// The case's name, without backticks.
        let name: String
        /// Its raw value as stored (text or integer), for an enum with a raw type.
        let raw: RawValue?
        /// Its associated values' labels (`_0`, `_1` for unlabelled ones, as synthesized `Codable` names them) and types.
        let associated: [(label: String, type: TypeSyntax)]
    }

    /// A raw value, text or integer.
    enum RawValue: Equatable {
        case text(String)
        case integer(Int64)
    }

    /// The cases, in declaration order.
    let cases: [Case]

    /// The cases of the enum `type`, with raw values when its first inherited type is one Strata stores natively.
    init(of type: DeclarationIndex.TypeDecl) {
        let rawType = type.inherited.first.map(PropertyType.lastComponent).flatMap {
            PropertyType.native[$0] == nil ? nil : $0
        }
        var cases: [Case] = []
        var next: Int64 = 0
        let elements = type.members.compactMap { $0.0.decl.as(EnumCaseDeclSyntax.self) }.flatMap(\.elements)
        for element in elements {
            let name = element.name.text.trimmingBackticks
            let written = element.rawValue?.value
            var raw: RawValue?
            if rawType == "String" {
                raw = .text(written.flatMap(StaticLiteral.string) ?? name)
            } else if rawType != nil {
                if let written, let number = StaticLiteral.integer(written) { next = number }
                raw = .integer(next)
                next += 1
            }
            let associated = (element.parameterClause?.parameters ?? []).enumerated().map { offset, parameter in
                (label: parameter.firstName?.text ?? "_\(offset)", type: parameter.type)
            }
            cases.append(Case(name: name, raw: raw, associated: associated))
        }
        self.cases = cases
    }

    /// The case named `name`.
    func named(_ name: String) -> Case? { cases.first { $0.name == name } }
}
