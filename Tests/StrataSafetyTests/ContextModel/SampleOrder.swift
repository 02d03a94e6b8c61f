import Foundation
import Strata

/// A sort over samples (one key, either direction, then `serial` to break ties), paired with the same
/// order written over `SampleValues`: Swift's `<` (strings too: the README's deliberate difference), nil first
/// going forward.
struct SampleOrder: CustomStringConvertible {
    let description: String
    let descriptors: [SortDescriptor<Vault.Sample>]
    /// True when `a` goes strictly before `b` on the key (neither: a tie).
    let before: (SampleValues, SampleValues) -> Bool

    /// Order number `n`: key `n % keys`, reversed when `(n / keys)` is odd.
    static func number(_ n: Int) -> SampleOrder {
        let forward = (n / keyCount) % 2 == 0
        let order: SortOrder = forward ? .forward : .reverse
        func make<V: Comparable>(
            _ name: String, _ path: any KeyPath<Vault.Sample, V> & Sendable, _ value: @escaping (SampleValues) -> V
        ) -> SampleOrder {
            SampleOrder(description: "\(name) \(order)", descriptors: [SortDescriptor(path, order: order)]) { a, b in
                forward ? value(a) < value(b) : value(b) < value(a)
            }
        }
        func make<V: Comparable>(
            _ name: String, _ path: any KeyPath<Vault.Sample, V?> & Sendable, _ value: @escaping (SampleValues) -> V?
        ) -> SampleOrder {
            SampleOrder(description: "\(name) \(order)", descriptors: [SortDescriptor(path, order: order)]) { a, b in
                forward ? nilFirst(value(a), value(b)) : nilFirst(value(b), value(a))
            }
        }
        switch n % keyCount {
        case 0: return SampleOrder(description: "none", descriptors: []) { _, _ in false }
        case 1: return make("int", \.int) { $0.int }
        case 2: return make("text", \.text) { $0.text }
        case 3: return make("double", \.double) { $0.double }
        case 4: return make("date", \.date) { $0.date }
        case 5: return make("decimal", \.decimal) { $0.decimal }
        case 6: return make("uint64", \.uint64) { $0.uint64 }
        case 7: return make("maybeInt", \.maybeInt) { $0.maybeInt }
        case 8: return make("float", \.float) { $0.float }
        case 9: return make("int8", \.int8) { $0.int8 }
        case 10: return make("uint", \.uint) { $0.uint }
        case 11: return make("maybeText", \.maybeText) { $0.maybeText }
        case 12: return make("maybeDecimal", \.maybeDecimal) { $0.maybeDecimal }
        default: return make("maybeUInt64", \.maybeUInt64) { $0.maybeUInt64 }
        }
    }

    /// How many keys `number` chooses from.
    static let keyCount = 14
}

/// Optional order with nil before every value.
private func nilFirst<V: Comparable>(_ a: V?, _ b: V?) -> Bool {
    switch (a, b) {
    case (nil, nil), (_?, nil): false
    case (nil, _?): true
    case (let a?, let b?): a < b
    }
}
