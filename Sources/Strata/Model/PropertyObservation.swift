import Observation

// Safe: three immutable closures that capture only a key path.
/// How observers of one property of a model are told about reads and changes (`Observable`'s access tracking),
/// made where the property's key path is still typed. A class: every property read passes it on, and a struct of
/// three closures costs three retains and releases per copy.
final class PropertyObservation: @unchecked Sendable {
    /// Registers a read of the property by `model` with the registrar.
    let access: (ObservationRegistrar, AnyObject) -> Void
    /// Tells observers the property of `model` is about to change.
    let willSet: (ObservationRegistrar, AnyObject) -> Void
    /// Tells observers the property of `model` changed.
    let didSet: (ObservationRegistrar, AnyObject) -> Void

    /// The observation of the property at `keyPath` of `Root`; the object passed in is always a `Root`.
    init<Root: PersistentModel, Value>(_ keyPath: KeyPath<Root, Value>) {
        access = { registrar, model in registrar.access(unsafeDowncast(model, to: Root.self), keyPath: keyPath) }
        willSet = { registrar, model in registrar.willSet(unsafeDowncast(model, to: Root.self), keyPath: keyPath) }
        didSet = { registrar, model in registrar.didSet(unsafeDowncast(model, to: Root.self), keyPath: keyPath) }
    }
}
