import Foundation

/// One attribute's value in a model object's storage: the common stored types held as themselves, without an
/// existential box or a dynamic cast, any other value boxed as `Any`.
///
/// 24 bytes a value (a string, data or UUID and a tag) against 32 for the `Any?` the storage held before; reading a
/// typed value into a property of its type, writing one and encoding it for a save are type comparisons that fold
/// away where the property's type is known. A typed case stands for exactly what `Any` held before: a value of
/// that type, or of its optional; `.null` for nil of an optional of a typed kind.
@usableFromInline
enum AttributeValue {
    /// Never given a value.
    case unset
    /// Nil of an optional attribute of one of the typed kinds below.
    case null
    /// A `String` (or a `String?` holding one).
    case string(String)
    /// An `Int` (or an `Int?` holding one).
    case int(Int)
    /// A `Double` (or a `Double?` holding one).
    case double(Double)
    /// A `Bool` (or a `Bool?` holding one).
    case bool(Bool)
    /// A `Date` (or a `Date?` holding one).
    case date(Date)
    /// A `UUID` (or a `UUID?` holding one).
    case uuid(UUID)
    /// A `Data` (or a `Data?` holding one).
    case data(Data)
    /// Any other value of the property's type (possibly an optional), boxed.
    case other(AnyValueBox)
}

/// A value of a type `AttributeValue` has no case for, boxed in one reference so the enum stays 24 bytes.
@usableFromInline
final class AnyValueBox {
    /// The value, of the property's declared type.
    @usableFromInline let value: Any

    /// Boxes `value`.
    @usableFromInline
    init(_ value: Any) { self.value = value }
}

extension AttributeValue {
    /// `value`, of a property's declared type, as storage. Inlined into the model's module, where `Value` is
    /// known and all but one comparison fold away.
    @inlinable
    init<Value>(_ value: Value) {
        self = Self.typed(value) ?? .other(AnyValueBox(value))
    }

    /// `value` as a typed case when `Value` is a typed kind or its optional; nil otherwise (folded where `Value`
    /// is known).
    @inlinable
    static func typed<Value>(_ value: Value) -> Self? {
        typed(value, String.self, Self.string) ?? typed(value, Int.self, Self.int)
            ?? typed(value, Double.self, Self.double) ?? typed(value, Bool.self, Self.bool)
            ?? typed(value, Date.self, Self.date) ?? typed(value, UUID.self, Self.uuid)
            ?? typed(value, Data.self, Self.data)
    }

    /// `value` as the case `make` builds when `Value` is `Stored` or `Stored?`; nil otherwise.
    @inlinable
    static func typed<Value, Stored>(_ value: Value, _: Stored.Type, _ make: (Stored) -> Self) -> Self? {
        if Value.self == Stored.self { return make(unsafeBitCast(value, to: Stored.self)) }
        if Value.self == Stored?.self { return unsafeBitCast(value, to: Stored?.self).map(make) ?? .null }
        return nil
    }

    /// The value as a property of type `Value` reads it; nil when it is unset, or nil of a type the caller must
    /// look up (the property's `none`).
    @inlinable
    func value<Value>(as _: Value.Type) -> Value? {
        switch self {
        case .unset: return nil
        case .null: return Self.none(as: Value.self)
        case .string(let stored): return Self.cast(stored, to: Value.self)
        case .int(let stored): return Self.cast(stored, to: Value.self)
        case .double(let stored): return Self.cast(stored, to: Value.self)
        case .bool(let stored): return Self.cast(stored, to: Value.self)
        case .date(let stored): return Self.cast(stored, to: Value.self)
        case .uuid(let stored): return Self.cast(stored, to: Value.self)
        case .data(let stored): return Self.cast(stored, to: Value.self)
        case .other(let box): return ExactCast.cast(box.value, to: Value.self)
        }
    }

    /// `stored` as `Value`: itself, or wrapped when `Value` is its optional (the run time's cast otherwise).
    @inlinable
    static func cast<Stored, Value>(_ stored: Stored, to _: Value.Type) -> Value? {
        if Value.self == Stored.self { return unsafeBitCast(stored, to: Value.self) }
        if Value.self == Stored?.self { return unsafeBitCast(Optional(stored), to: Value.self) }
        return stored as? Value
    }

    /// Nil of `Value` when it is the optional of a typed kind (what `.null` holds); nil otherwise.
    @inlinable
    static func none<Value>(as _: Value.Type) -> Value? {
        if Value.self == String?.self { return unsafeBitCast(String?.none, to: Value.self) }
        if Value.self == Int?.self { return unsafeBitCast(Int?.none, to: Value.self) }
        if Value.self == Double?.self { return unsafeBitCast(Double?.none, to: Value.self) }
        if Value.self == Bool?.self { return unsafeBitCast(Bool?.none, to: Value.self) }
        if Value.self == Date?.self { return unsafeBitCast(Date?.none, to: Value.self) }
        if Value.self == UUID?.self { return unsafeBitCast(UUID?.none, to: Value.self) }
        if Value.self == Data?.self { return unsafeBitCast(Data?.none, to: Value.self) }
        return nil
    }

    /// A value boxed as `Any` (a `let` property's, an initialiser's, a codec's) as storage: typed when it is
    /// exactly of a typed kind or its optional.
    static func boxing(_ value: Any) -> Self {
        exactly(value, String.self, Self.string) ?? exactly(value, Int.self, Self.int)
            ?? exactly(value, Double.self, Self.double) ?? exactly(value, Bool.self, Self.bool)
            ?? exactly(value, Date.self, Self.date) ?? exactly(value, UUID.self, Self.uuid)
            ?? exactly(value, Data.self, Self.data) ?? .other(AnyValueBox(value))
    }

    /// `value` as the case `make` builds when it is exactly a `Stored` or a `Stored?`; nil otherwise.
    private static func exactly<Stored>(_ value: Any, _: Stored.Type, _ make: (Stored) -> Self) -> Self? {
        let dynamicType = type(of: value)
        guard dynamicType == Stored.self || dynamicType == Stored?.self else { return nil }
        func reinterpret<Opened>(_ opened: Opened) -> Self {
            dynamicType == Stored.self
                ? make(unsafeBitCast(opened, to: Stored.self))
                : unsafeBitCast(opened, to: Stored?.self).map(make) ?? .null
        }
        return _openExistential(value, do: reinterpret)
    }

    /// The value boxed as `Any`, as the storage held it before: nil when unset, `none` (the property's nil) for
    /// `.null`.
    func boxed(none: Any?) -> Any? {
        switch self {
        case .unset: nil
        case .null: none
        case .string(let value): value
        case .int(let value): value
        case .double(let value): value
        case .bool(let value): value
        case .date(let value): value
        case .uuid(let value): value
        case .data(let value): value
        case .other(let box): box.value
        }
    }

    /// True when never given a value.
    var isUnset: Bool {
        if case .unset = self { return true }
        return false
    }
}
