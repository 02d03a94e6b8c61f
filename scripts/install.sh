#!/usr/bin/env bash
# Installs the `strata` command from this checkout: builds it (release by default) and copies it to PREFIX/bin
# (PREFIX defaults to ~/.local); the binary names the commit it was built from (`strata --version`, recorded at build
# time by scripts/build-commit.sh). Run it again after `git pull` to update. The installed binary keeps building apps'
# custom stages (--sources) against this checkout (or $STRATA_PACKAGE_PATH), so keep the clone where it is.
#
#   scripts/install.sh                 # ~/.local/bin/strata, release build
#   scripts/install.sh /usr/local      # /usr/local/bin/strata
#   scripts/install.sh --debug PREFIX  # the debug build (quick where one exists: CI checks the install with it)
#   scripts/install.sh --no-warm       # skip `strata warm` (building the compiled level's cache now)
#
# After installing it runs `strata warm`: the compiled level's first build (Strata and its dependencies, in the cache
# that --sources builds apps' custom stages in) happens now rather than on the first dry run of an app's custom stage.
set -euo pipefail
cd "$(dirname "$0")/.."

configuration=release
warm=yes
while [[ "${1:-}" == --* ]]; do
    case "$1" in
        --debug) configuration=debug ;;
        --no-warm) warm=no ;;
        *) echo "install.sh: unknown option $1 (--debug, --no-warm)" >&2; exit 2 ;;
    esac
    shift
done
prefix="${1:-$HOME/.local}"

swift build -c "$configuration" --product strata
binary="$(swift build -c "$configuration" --show-bin-path)/strata"

mkdir -p "$prefix/bin"
# Copied to a temporary name and renamed, so a running `strata` is never overwritten in place.
cp "$binary" "$prefix/bin/.strata.new"
mv -f "$prefix/bin/.strata.new" "$prefix/bin/strata"

echo "installed $("$prefix/bin/strata" --version) at $prefix/bin/strata"
if [[ "$warm" == yes ]]; then
    "$prefix/bin/strata" warm
fi
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on PATH; add it (export PATH=\"$prefix/bin:\$PATH\")" ;;
esac
