#!/bin/sh
# The .deb python3-verflixt as `cpack -G DEB` makes it: the module the build made, under the name
# it has there, in Debian's python3 directory with its stub package; unpacked (no root needed),
# it imports from there and answers as the command line of the verflixt .deb does.
# Usage: python_module.sh BUILD_DIR SCRATCH_DIR PYTHON. Exit 77 (skipped) where dpkg-shlibdeps,
# which cpack runs for the dependencies, is not installed (scripts/setup --developer installs it).
set -eu
build=$1
scratch=$2
python=$3
command -v dpkg-shlibdeps >/dev/null 2>&1 || { echo "dpkg-shlibdeps is not installed (dpkg-dev): skipped"; exit 77; }
. "$(dirname "$0")/debs.sh"
build_debs "$build" "$scratch"
site=usr/lib/python3/dist-packages
module=$(basename "$(ls "$build"/python/verflixt.cpython-*.so)")
deb=$(ls "$scratch"/python3-verflixt_*.deb)
dpkg-deb -c "$deb" | awk '{print $NF}' >"$scratch/contents"
for file in "./$site/$module" "./$site/verflixt-stubs/__init__.pyi"; do
  grep -qx "$file" "$scratch/contents" || { echo "$(basename "$deb") lacks $file; it holds:"; cat "$scratch/contents"; exit 1; }
done
# Both packages into one tree, as dpkg would install them; the interpreter sees only that tree's
# site directory (no build tree on PYTHONPATH, no user site).
for d in "$deb" "$scratch"/verflixt_*.deb; do dpkg-deb -x "$d" "$scratch/root"; done
cd "$scratch"
PYTHONPATH="$scratch/root/$site" "$python" -s - "$scratch/root" "$site" <<'PY'
import json, subprocess, sys
import verflixt
root, site = sys.argv[1], sys.argv[2]
assert verflixt.__file__.startswith(f"{root}/{site}/"), verflixt.__file__
mine = verflixt.game("pig", set={"goal": 20}).solve().first_player_win
cli = subprocess.run([f"{root}/usr/bin/verflixt", "pig", "solve", "--set", "goal=20", "--format", "json"],
                     capture_output=True, text=True, check=True, timeout=60)
theirs = json.loads(cli.stdout)["first_player_win"]
assert mine == theirs, (mine, theirs)
print(f"python3-verflixt: imported from the package, P(first wins Pig to 20) {mine} as the command line's")
PY
