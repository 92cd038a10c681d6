# Sourced by the package tests: build_debs BUILD_DIR SCRATCH_DIR makes the .debs of the build
# with `cpack -G DEB` in SCRATCH_DIR, emptied first (one per package: verflixt and, where the
# module is built, python3-verflixt); where cpack fails, its log is shown and the test fails.
build_debs() {
  rm -rf "$2"
  mkdir -p "$2"
  cpack -G DEB --config "$1/CPackConfig.cmake" -B "$2" >"$2/cpack.log" 2>&1 || { cat "$2/cpack.log"; exit 1; }
}
