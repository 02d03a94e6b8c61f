// A code template the app copies for users; processed as a resource, never compiled.
enum LedgerPlan {}
