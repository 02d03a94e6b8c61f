import Foundation
import Strata

/// A predicate over samples from a fixed family of shapes with a constant picked from `ValueTables`, paired
/// with the same condition written as plain Swift over `SampleValues` (what the reference evaluates), strings
/// compared as `TextRule` says.
struct SampleQuery: CustomStringConvertible {
    let description: String
    let predicate: Predicate<Vault.Sample>?
    let matches: (SampleValues, TextRule) -> Bool

    /// A query whose condition compares strings (by `TextRule`).
    init(
        description: String, predicate: Predicate<Vault.Sample>?,
        text matches: @escaping (SampleValues, TextRule) -> Bool
    ) {
        self.description = description
        self.predicate = predicate
        self.matches = matches
    }

    /// A query whose condition compares no strings.
    init(description: String, predicate: Predicate<Vault.Sample>?, _ matches: @escaping (SampleValues) -> Bool) {
        self.init(description: description, predicate: predicate) { values, _ in matches(values) }
    }

    /// Query number `n`: shape `n % shapes`, constant picked by `n / shapes`.
    static func number(_ n: Int) -> SampleQuery {
        let k = n / shapeCount
        switch n % shapeCount {
        case 0: return SampleQuery(description: "all", predicate: nil) { (_: SampleValues) in true }
        case 1:
            let c = ValueTables.ints[k % ValueTables.ints.count]
            return SampleQuery(description: "int > \(c)", predicate: #Predicate { $0.int > c }) { $0.int > c }
        case 2:
            let c = ValueTables.texts[k % ValueTables.texts.count]
            return SampleQuery(description: "text == \(c.debugDescription)", predicate: #Predicate { $0.text == c }) {
                $1.equal($0.text, c)
            }
        case 3:
            let b = k % 2 == 0
            let d = ValueTables.doubles[k % ValueTables.doubles.count]
            return SampleQuery(
                description: "flag == \(b) && double < \(d)", predicate: #Predicate { $0.flag == b && $0.double < d }
            ) {
                $0.flag == b && $0.double < d
            }
        case 4:
            let c: Int8 = ValueTables.edges()[k % 6]
            return SampleQuery(
                description: "maybeInt == nil || int8 <= \(c)",
                predicate: #Predicate { $0.maybeInt == nil || $0.int8 <= c }
            ) {
                $0.maybeInt == nil || $0.int8 <= c
            }
        case 5:
            let c = ValueTables.texts[k % ValueTables.texts.count]
            return SampleQuery(
                description: "text.contains(\(c.debugDescription))", predicate: #Predicate { $0.text.contains(c) }
            ) {
                $1.contains($0.text, c)
            }
        case 6:
            let c = ValueTables.dates[k % ValueTables.dates.count]
            return SampleQuery(
                description: "date >= \(c.timeIntervalSinceReferenceDate)", predicate: #Predicate { $0.date >= c }
            ) { $0.date >= c }
        case 7:
            let c = ValueTables.uint64s[k % ValueTables.uint64s.count]
            return SampleQuery(
                description: "!flag || uint64 > \(c)", predicate: #Predicate { !$0.flag || $0.uint64 > c }
            ) {
                !$0.flag || $0.uint64 > c
            }
        case 8:
            let c = ValueTables.decimals[k % ValueTables.decimals.count]
            return SampleQuery(description: "decimal < \(c)", predicate: #Predicate { $0.decimal < c }) {
                $0.decimal < c
            }
        case 9:
            let c = ValueTables.blobs[k % ValueTables.blobs.count]
            return SampleQuery(description: "data == \([UInt8](c))", predicate: #Predicate { $0.data == c }) {
                $0.data == c
            }
        case 10:
            let c = ValueTables.uuids[k % ValueTables.uuids.count]
            return SampleQuery(description: "uuid == \(c)", predicate: #Predicate { $0.uuid == c }) { $0.uuid == c }
        case 11:
            let c = ValueTables.floats[k % ValueTables.floats.count]
            return SampleQuery(description: "float >= \(c)", predicate: #Predicate { $0.float >= c }) { $0.float >= c }
        case 12:
            let c = ValueTables.texts[k % ValueTables.texts.count]
            return SampleQuery(
                description: "maybeText == \(c.debugDescription)", predicate: #Predicate { $0.maybeText == c }
            ) {
                values, rule in values.maybeText.map { rule.equal($0, c) } ?? false
            }
        case 13:
            let c: UInt32 = ValueTables.edges()[k % 6]
            let d: Int16 = ValueTables.edges()[(k / 6) % 6]
            return SampleQuery(
                description: "uint32 < \(c) || int16 == \(d)", predicate: #Predicate { $0.uint32 < c || $0.int16 == d }
            ) {
                $0.uint32 < c || $0.int16 == d
            }
        case 14:
            let c = ValueTables.doubles[k % ValueTables.doubles.count]
            return SampleQuery(
                description: "(maybeDouble ?? 0) > \(c)", predicate: #Predicate { ($0.maybeDouble ?? 0) > c }
            ) {
                ($0.maybeDouble ?? 0) > c
            }
        case 15:
            let c = ValueTables.urls[k % ValueTables.urls.count]
            return SampleQuery(description: "url == \(c)", predicate: #Predicate { $0.url == c }) { $0.url == c }
        case 16:
            let c = ValueTables.texts[k % ValueTables.texts.count]
            return SampleQuery(
                description: "text.starts(with: \(c.debugDescription))",
                predicate: #Predicate { $0.text.starts(with: c) }
            ) {
                $1.starts($0.text, with: c)
            }
        case 17:
            let c = ValueTables.uint64s[k % ValueTables.uint64s.count]
            return SampleQuery(description: "maybeUInt64 == \(c)", predicate: #Predicate { $0.maybeUInt64 == c }) {
                $0.maybeUInt64 == c
            }
        case 18:
            let c: UInt8 = ValueTables.edges()[k % 6]
            return SampleQuery(
                description: "maybeUInt8 == nil", predicate: #Predicate { $0.maybeUInt8 == nil && $0.uint8 != c }
            ) {
                $0.maybeUInt8 == nil && $0.uint8 != c
            }
        default:
            let c = ValueTables.decimals[k % ValueTables.decimals.count]
            return SampleQuery(
                description: "maybeDecimal != nil && maybeDecimal! >= \(c)",
                predicate: #Predicate { $0.maybeDecimal != nil && $0.maybeDecimal! >= c }
            ) {
                $0.maybeDecimal != nil && $0.maybeDecimal! >= c
            }
        }
    }

    /// How many shapes `number` chooses from.
    static let shapeCount = 20
}
