/// Runs the work of a model actor with the actor's own context.
public protocol ModelExecutor: AnyObject, Sendable {
    /// The context the actor's code uses.
    var modelContext: ModelContext { get }
}

/// A model executor that is the serial executor of its actor.
public protocol SerialModelExecutor: ModelExecutor, SerialExecutor {}
