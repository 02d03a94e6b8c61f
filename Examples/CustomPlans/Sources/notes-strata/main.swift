import NotesPlans
import StrataCLI

// strata's commands (info, check, diff, plan, migrate, rows, import, and the UI's open and demo) with this app's plan, plus its own `seed`.
StrataCommandLine.main(plans: ["notes": NotesPlan.self], subcommands: [SeedCommand.self])
