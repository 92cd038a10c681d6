#!/bin/sh
# The .deb as `cpack -G DEB` makes it, checked by Debian's lintian: no error and no warning.
# Usage: lintian.sh BUILD_DIR SCRATCH_DIR. Exit 77 (skipped) where lintian is not installed
# (scripts/setup --developer installs it).
set -eu
build=$1
scratch=$2
command -v lintian >/dev/null 2>&1 || { echo "lintian is not installed: skipped"; exit 77; }
rm -rf "$scratch"
mkdir -p "$scratch"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$scratch" >"$scratch/cpack.log" 2>&1 || { cat "$scratch/cpack.log"; exit 1; }
deb=$(ls "$scratch"/*.deb)
# Root is warned about by lintian itself; its findings are the lines that start with a tag kind.
# One run (lintian takes a while): its findings shown, its exit status kept.
status=0
lintian --fail-on error,warning "$deb" >"$scratch/lintian.log" 2>&1 || status=$?
grep -v "running with root privileges" "$scratch/lintian.log" || true
[ "$status" -eq 0 ] || exit 1
echo "lintian: no error and no warning in $(basename "$deb")"
