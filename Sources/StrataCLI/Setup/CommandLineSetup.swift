import ArgumentParser
import Foundation
import Strata
import StrataSources

// Safe: every stored value is read and written only under `lock`.
/// What the entry point was given (plans, extra subcommands), readable by the commands ArgumentParser creates.
final class CommandLineSetup: @unchecked Sendable {
    /// The setup of this process.
    static let current = CommandLineSetup()

    private let lock = NSLock()
    private var storedCatalog = PlanCatalog(plans: [:])
    private var storedSubcommands: [any ParsableCommand.Type] = []
    private var storedAdaptations: CompiledAdaptations?
    private var storedArguments: [String] = []
    private var storedHandOffFailure: String?

    /// The command line being run (without the executable), which the compiled level hands on.
    var arguments: [String] { lock.withLock { storedArguments } }

    /// Why the app's built `strata` could not be started, once it could not: the command then runs again at the
    /// static level, its custom stages not run for this reason.
    var handOffFailure: String? {
        get { lock.withLock { storedHandOffFailure } }
        set { lock.withLock { storedHandOffFailure = newValue } }
    }

    /// What the compiled level changed in the app's code this `strata` was built from (nil in any other `strata`).
    var compiledAdaptations: CompiledAdaptations? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storedAdaptations
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            storedAdaptations = newValue
        }
    }

    /// The plans `--plan` can name.
    var catalog: PlanCatalog {
        lock.lock()
        defer { lock.unlock() }
        return storedCatalog
    }

    /// Subcommands the executable adds to the built-in ones.
    var extraSubcommands: [any ParsableCommand.Type] {
        lock.lock()
        defer { lock.unlock() }
        return storedSubcommands
    }

    /// Records the plans, extra subcommands and command line before the command line is parsed.
    func configure(
        plans: [String: any SchemaMigrationPlan.Type], subcommands: [any ParsableCommand.Type], arguments: [String]
    ) {
        lock.lock()
        defer { lock.unlock() }
        storedCatalog = PlanCatalog(plans: plans)
        storedSubcommands = subcommands
        storedArguments = arguments
    }
}
