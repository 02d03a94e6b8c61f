// Run with `swift Scripts/seed.swift` to print sample rows; not part of any target.
enum LedgerSchemaV2 {}
print("memo,amountCents")
