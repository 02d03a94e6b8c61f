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

    /// Records the plans and extra subcommands before the command line is parsed.
    func configure(plans: [String: any SchemaMigrationPlan.Type], subcommands: [any ParsableCommand.Type]) {
        lock.lock()
        defer { lock.unlock() }
        storedCatalog = PlanCatalog(plans: plans)
        storedSubcommands = subcommands
    }
}
