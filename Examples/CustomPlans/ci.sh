#!/usr/bin/env bash
# Builds the example and runs its `notes-strata` against a store it creates: seed, check, dry run, migrate, info.
set -euo pipefail
cd "$(dirname "$0")"
scratch="${STRATA_EXAMPLE_SCRATCH:-.build}"   # where SwiftPM builds (default: the package's .build)
swift build --scratch-path "$scratch"
bin="$(swift build --scratch-path "$scratch" --show-bin-path)/notes-strata"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
store="$work/Notes.store"
"$bin" seed "$store" --count 5
"$bin" check --plan notes
# The UI's command is there too; without a terminal it prints the summary the UI would open on.
"$bin" open "$store" --plan notes | grep -q 'stage 1.0.0 -> 2.0.0'
"$bin" migrate "$store" --plan notes --dry-run
"$bin" migrate "$store" --plan notes --yes --json | grep -q '"reached" : "2.0.0"'
"$bin" info "$store" --json | grep -q '"version" : "2.0.0"'
# StrataAppleStores' public API from outside the package: a device store's rows, and a Core Data store against its model.
report="$(swift build --scratch-path "$scratch" --show-bin-path)/store-report"
fixtures=../../Tests/Fixtures/AppleStores
cp "$fixtures"/swiftdata-resourcesmanager/default.store* "$work/"
"$report" "$work/default.store" | grep -q '^Item: 7 rows$'
# CoreDataStack's real store and its two real model versions, laid out as Xcode writes a bundle.
stack="$fixtures/coredata-bnr-coredatastack"
for version in TestModel TestModel2; do
    mkdir -p "$work/TestModel.xcdatamodeld/$version.xcdatamodel"
    cp "$stack/$version.xcdatamodel.contents.xml" "$work/TestModel.xcdatamodeld/$version.xcdatamodel/contents"
done
cp "$stack/TestModel.sqlite" "$work/"
"$report" "$work/TestModel.sqlite" "$work/TestModel.xcdatamodeld" > "$work/report.txt"
grep -q '^the store is at TestModel$' "$work/report.txt"
grep -q '^TestModel -> TestModel2: inferred$' "$work/report.txt"
echo "Examples/CustomPlans: ok"
