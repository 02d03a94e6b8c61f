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
echo "Examples/CustomPlans: ok"
