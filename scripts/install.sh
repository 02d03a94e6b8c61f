#!/usr/bin/env bash
# Installs the `strata` command from this checkout: builds it (release by default) and copies it to PREFIX/bin
# (PREFIX defaults to ~/.local), recording the commit it was built from in PREFIX/share/strata/commit, which
# `strata --version` prints. Run it again after `git pull` to update. The installed binary keeps building apps'
# custom stages (--sources) against this checkout (or $STRATA_PACKAGE_PATH), so keep the clone where it is.
#
#   scripts/install.sh                 # ~/.local/bin/strata, release build
#   scripts/install.sh /usr/local      # /usr/local/bin/strata
#   scripts/install.sh --debug PREFIX  # the debug build (quick where one exists: CI checks the install with it)
set -euo pipefail
cd "$(dirname "$0")/.."

configuration=release
if [[ "${1:-}" == "--debug" ]]; then
    configuration=debug
    shift
fi
prefix="${1:-$HOME/.local}"

swift build -c "$configuration" --product strata
binary="$(swift build -c "$configuration" --show-bin-path)/strata"

mkdir -p "$prefix/bin" "$prefix/share/strata"
# Copied to a temporary name and renamed, so a running `strata` is never overwritten in place.
cp "$binary" "$prefix/bin/.strata.new"
mv -f "$prefix/bin/.strata.new" "$prefix/bin/strata"
if commit="$(git rev-parse HEAD 2>/dev/null)"; then
    echo "$commit" > "$prefix/share/strata/commit"
else
    # Not a git checkout (an unpacked archive): --version says "commit unknown".
    rm -f "$prefix/share/strata/commit"
fi

echo "installed $("$prefix/bin/strata" --version) at $prefix/bin/strata"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on PATH; add it (export PATH=\"$prefix/bin:\$PATH\")" ;;
esac
