// main() of verflixt_bench (Google Benchmark). It adds to the library's context what the
// numbers depend on on our side — verflixt's build type and flags — and explains the
// library's own "***WARNING*** Library was built as DEBUG" line when it will appear.
//
// That warning is printed by libbenchmark itself whenever the *library* was compiled without
// NDEBUG. Debian's libbenchmark-dev (1.7.1-1 in bookworm, the only variant Debian ships) is
// built with CMAKE_BUILD_TYPE=None — dpkg-buildflags' -O2, but no -DNDEBUG — so it always
// prints the line, and its JSON context says "library_build_type": "debug". It does not
// describe this binary: the library only runs the timing loop around our functions, which
// are compiled with verflixt's flags (Release: -O3 -DNDEBUG, -march=native by default).
// CMake finds the string in the library it links and defines
// VERFLIXT_BENCHMARK_LIBRARY_ASSERTS, so the note below appears only when the warning does.
//
// Machine-readable output: build/bin/verflixt_bench --benchmark_format=json
// (or --benchmark_out=FILE --benchmark_out_format=json); --benchmark_repetitions=5 keeps
// every repetition and adds mean, median, stddev and cv rows.
#include <benchmark/benchmark.h>

#include <cstring>
#include <iostream>
#include <string>

// VERFLIXT_BUILD_TYPE, VERFLIXT_BUILD_FLAGS, VERFLIXT_NATIVE_BUILD: CMake (verflixt_build_info).

namespace {

std::string verflixt_flags() {
  std::string flags = VERFLIXT_BUILD_FLAGS;
  if (VERFLIXT_NATIVE_BUILD) flags += std::string(flags.empty() ? "" : " ") + "-march=native";
  return flags;
}

#ifdef VERFLIXT_BENCHMARK_LIBRARY_ASSERTS
constexpr const char* kLibraryNote =
    "the 'Library was built as DEBUG' warning refers to Debian's libbenchmark (built -O2 without "
    "-DNDEBUG); it only drives the timing loop. The verflixt code timed here is built " VERFLIXT_BUILD_TYPE ".";
#endif

}  // namespace

int main(int argc, char** argv) {
  benchmark::AddCustomContext("verflixt_build_type", VERFLIXT_BUILD_TYPE);
  benchmark::AddCustomContext("verflixt_build_flags", verflixt_flags());
#ifdef NDEBUG
  benchmark::AddCustomContext("verflixt_assertions", "off (NDEBUG)");
#else
  benchmark::AddCustomContext("verflixt_assertions", "ON");
#endif
#ifdef VERFLIXT_BENCHMARK_LIBRARY_ASSERTS
  benchmark::AddCustomContext("library_note", kLibraryNote);
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0)
      std::cout << "verflixt_bench: Google Benchmark micro-benchmarks of verflixt (built " VERFLIXT_BUILD_TYPE ", "
                << verflixt_flags() << ").\nNote: " << kLibraryNote
                << "\nJSON: verflixt_bench --benchmark_format=json\n\n";
#endif
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
