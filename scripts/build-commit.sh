#!/bin/sh
# Writes OUTPUT/BuildCommitValue.swift with the commit the checkout at PACKAGE is at and whether its tracked files
# differ from it; run before each build by the BuildCommit plugin (Plugins/BuildCommit), so `strata --version` names
# the commit its binary was built from. Outside a git checkout (an unpacked archive) the commit is "". The file is
# rewritten only when its text changes, so an unchanged tree recompiles nothing.
#
#   scripts/build-commit.sh PACKAGE OUTPUT
package="$1"
output="$2"
commit="$(git -C "$package" rev-parse HEAD 2>/dev/null || true)"
case "$commit" in
    *[!0-9a-f]* | "") commit="" ;;
esac
modified=false
if [ -n "$commit" ] && ! git -C "$package" diff --quiet HEAD -- 2>/dev/null; then
    modified=true
fi
text="/// The commit this build was made from (\"\" outside a git checkout), written by scripts/build-commit.sh.
let builtCommit = \"$commit\"
/// True when the checkout's tracked files differed from that commit when it was built.
let builtWithUncommittedChanges = $modified"
mkdir -p "$output"
file="$output/BuildCommitValue.swift"
if [ ! -f "$file" ] || [ "$(cat "$file")" != "$text" ]; then
    printf '%s\n' "$text" > "$file"
fi
