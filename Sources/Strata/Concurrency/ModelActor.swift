/// An actor that owns a context of a container (what `@ModelActor` makes of an actor). Objects pass between
/// actors by `PersistentIdentifier`: `self[id, as: Item.self]` is the actor's object for an identifier.
public protocol ModelActor: Actor {
    /// The container the actor's context belongs to.
    nonisolated var modelContainer: ModelContainer { get }
    /// The executor that runs the actor with its context.
    nonisolated var modelExecutor: any ModelExecutor { get }
}

extension ModelActor {
    /// The actor's serial executor: its model executor.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        guard let serial = modelExecutor as? any SerialModelExecutor else {
            preconditionFailure(
                "Strata: the modelExecutor of a ModelActor must be a SerialModelExecutor such as DefaultSerialModelExecutor"
            )
        }
        return serial.asUnownedSerialExecutor()
    }

    /// The actor's context.
    public var modelContext: ModelContext { modelExecutor.modelContext }

    /// The actor's object with this identifier (registered in its context, or read from the store), or nil
    /// when there is none of that type.
    public subscript<T: PersistentModel>(id: PersistentIdentifier, as type: T.Type) -> T? {
        modelContext.registeredModel(for: id) ?? (try? modelContext.object(for: id)) as? T
    }
}

/// Makes an actor a `ModelActor`: `modelContainer`, `modelExecutor` and `init(modelContainer:)`, its own context.
@attached(member, names: named(modelExecutor), named(modelContainer), named(init))
@attached(extension, conformances: ModelActor)
public macro ModelActor() = #externalMacro(module: "StrataMacros", type: "ModelActorMacro")
