import Foundation
import Strata
import StrataAppleStores
import StrataTUI

/// The library entry point: an app's own executable opens the UI on a store with its own plan.
///
/// ```swift
/// try TerminalApp.run(store: URL(fileURLWithPath: "books.store"), plan: BookMigrationPlan.self)
/// ```
public enum TerminalApp {
    /// Opens the UI on a store (plan optional) and returns when the user quits; the terminal is restored
    /// whatever happens. Honours NO_COLOR (non-empty) besides `options.monochrome`, and draws in ASCII when the
    /// locale is not UTF-8.
    /// `planName` is the plan's name as the user typed it (`--plan NAME`), for hints.
    public static func run(
        store url: URL, plan: (any SchemaMigrationPlan.Type)?, planName: String? = nil,
        options: RenderOptions = RenderOptions()
    ) throws {
        try run(
            store: url, validated: plan.map(ValidatedPlan.init),
            planName: planName ?? plan.map { String(describing: $0) }, options: options)
    }

    /// Opens the UI on a store with a plan already checked (one read from an app's sources), shown as `planName`; its
    /// custom stages without code say why they are not run (`PlannedStage.whyNotRun`).
    public static func run(
        store url: URL, validated plan: ValidatedPlan?, planName: String?, options: RenderOptions = RenderOptions()
    ) throws {
        try run(store: OpenedStore.open(url), validated: plan, planName: planName, options: options)
    }

    /// Opens the UI on a store already opened (`strata open` passes the one it opened, or its private import); with
    /// `readOnly` (`--read-only`) it only ever dry-runs; `planArguments` are the plan's options as typed.
    package static func run(
        store: OpenedStore, validated plan: ValidatedPlan?, planName: String?, options: RenderOptions = RenderOptions(),
        readOnly: Bool = false, planArguments: [String] = []
    ) throws {
        var options = options
        if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { options.monochrome = true }
        let session = try Session(
            store: store, validated: plan, planName: planName, options: options,
            readOnly: readOnly, planArguments: planArguments)
        let terminal = try NCursesTerminal(monochrome: options.monochrome)
        if !terminal.colours { options.monochrome = true }
        if !terminal.unicode { options.ascii = true }
        defer { terminal.close() }
        EventLoop.run(session, on: terminal, options: options)
    }
}
