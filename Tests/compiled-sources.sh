#!/usr/bin/env bash
# The compiled level of `strata --sources` end to end (Tests/StrataCLITests/CompiledSourcesTests.swift): the fixture
# apps' needed files built against this Strata in a cache, their custom stages run, the static and compiled schemas
# compared, trees that do not compile falling back. Not part of the default `swift test`: the first build compiles
# Strata in the cache (minutes). The cache (a debug build) is kept in .build/compiled-cache, so later runs only compile
# the apps' own files, or nothing when they are unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."
export STRATA_COMPILED_TESTS=1
export STRATA_COMPILED_CACHE="${STRATA_COMPILED_CACHE:-$PWD/.build/compiled-cache}"
swift build --build-tests
swift test --skip-build --filter "CompiledSourcesTests|CompiledSourcesEndToEndTests|NextVersionCompiledTests"
