#!/usr/bin/env bash
# Checks every Swift file against .swift-format (the toolchain's `swift format`), except the app trees under
# Tests/*/Fixtures, which are test input shaped as apps write code (one is deliberately broken).
set -euo pipefail
cd "$(dirname "$0")/.."
find Sources Tests Examples Plugins -name '*.swift' -not -path '*/Fixtures/*' -not -path '*/.build/*' -print0 \
    | xargs -0 swift format lint --strict
