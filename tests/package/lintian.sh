#!/bin/sh
# The .debs as `cpack -G DEB` makes them, checked by Debian's lintian: no error and no warning.
# Usage: lintian.sh BUILD_DIR SCRATCH_DIR. Exit 77 (skipped) where lintian is not installed
# (scripts/setup --developer installs it).
set -eu
build=$1
scratch=$2
command -v lintian >/dev/null 2>&1 || { echo "lintian is not installed: skipped"; exit 77; }
. "$(dirname "$0")/debs.sh"
build_debs "$build" "$scratch"
# Root is warned about by lintian itself; its findings are the lines that start with a tag kind.
# One run over every package (lintian takes a while): its findings shown, its exit status kept.
status=0
lintian --fail-on error,warning "$scratch"/*.deb >"$scratch/lintian.log" 2>&1 || status=$?
grep -v "running with root privileges" "$scratch/lintian.log" || true
[ "$status" -eq 0 ] || exit 1
echo "lintian: no error and no warning in $(cd "$scratch" && echo *.deb)"
