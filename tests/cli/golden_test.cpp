// Golden outputs: fixed commands with fixed seeds, compared byte for byte with the files in
// tests/golden/, once against this build's executable and once against a portable build
// (-DVERFLIXT_NATIVE=OFF, built by scripts/test into build-portable/ and passed in as
// VERFLIXT_PORTABLE_BINARY, or named by that variable at run time). Together they check that
// a seed gives the same digits whatever processor the build targets — no FMA contraction, no
// vector-width-dependent sums, no processor-dispatched libm on a result path — and that no -0
// is printed.
//
// These are REGRESSION goldens: the files were produced by verflixt itself (scripts/golden),
// so they say "nothing changed", not "this is right". That the numbers are right is what the
// other tests establish (exact values against simulation, kernel against engine, ...).
// After an intended change of an output, regenerate them with one command: scripts/golden.
//
// Run-time figures (seconds, turns per second) are the only thing masked: in JSON the values
// of the keys in kTimingKeys are replaced by "<time>", here and when the files are written.
// The table formats that print a time are not used (csv, markdown and json carry the numbers).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cctype>
#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "binary.h"
#include "games/registry.h"

#ifndef VERFLIXT_PORTABLE_BINARY
#define VERFLIXT_PORTABLE_BINARY ""
#endif

namespace {

namespace fs = std::filesystem;
using verflixt::testing::scratch;
using verflixt::testing::slurp;

// A case is a file of tests/golden/ (its README aside): the first line, "$ verflixt ARGS", is
// the command, run from the source directory; the rest its output. A new case is a new file
// holding that line alone, which scripts/golden fills.
struct Case {
  std::string file;  // under tests/golden/
  std::string args;  // verflixt ARGS
};

const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> v;
    const fs::path dir = fs::path(VERFLIXT_SOURCE_DIR) / "tests" / "golden";
    for (const auto& e : fs::directory_iterator(dir)) {
      const std::string name = e.path().filename().string();
      if (name == "README.md" || !e.is_regular_file()) continue;
      std::ifstream in(e.path());
      std::string first;
      std::getline(in, first);
      const std::string prompt = "$ verflixt ";
      if (first.rfind(prompt, 0) != 0) throw std::runtime_error("tests/golden/" + name + ": no '$ verflixt ARGS' first line");
      v.push_back({name, first.substr(prompt.size())});
    }
    std::sort(v.begin(), v.end(), [](const Case& x, const Case& y) { return x.file < y.file; });
    return v;
  }();
  return all;
}

const char* const kTimingKeys[] = {"seconds", "turns_per_second", "compile_seconds"};

// Masks the run-time values: a line `  "seconds": 0.123,` becomes `  "seconds": "<time>",`.
std::string mask_timings(const std::string& text) {
  std::istringstream in(text);
  std::string out, line;
  while (std::getline(in, line)) {
    for (const char* key : kTimingKeys) {
      const std::string tag = "\"" + std::string(key) + "\": ";
      const auto at = line.find(tag);
      if (at == std::string::npos || line.find_first_not_of(' ') != at) continue;
      const bool comma = !line.empty() && line.back() == ',';
      line = line.substr(0, at + tag.size()) + "\"<time>\"" + (comma ? "," : "");
    }
    out += line;
    if (!in.eof()) out += '\n';
  }
  return out;
}

struct Output {
  int code = -1;
  std::string out, err;
};

// Whether a case runs on threads: Die verflixte 6's commands but solve take --threads; another
// game's commands take it where they sample (and then they are given a seed).
bool samples(const std::string& args) {
  const auto& games = verflixt::games::registry();  // the default game first
  for (auto g = games.begin() + 1; g != games.end(); ++g)
    if (args.rfind(g->name + " ", 0) == 0) return args.find("--seed") != std::string::npos;
  return args.rfind("solve", 0) != 0;
}

// Runs `binary ARGS` in the source directory (so strategies/... are the committed files and
// the labels name them the same way everywhere), single-threaded: results do not depend on
// the thread count (tested elsewhere), and the golden test should not compete with ctest -j.
Output run_in_source(const std::string& binary, const std::string& args) {
  const auto dir = scratch();
  const auto out = dir / "golden_stdout", err = dir / "golden_stderr";
  const std::string cmd = "cd '" + std::string(VERFLIXT_SOURCE_DIR) + "' && '" + binary + "' " + args +
                          (samples(args) ? " --threads 1" : "") + " >" + out.string() + " 2>" + err.string();
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

// Where two texts first differ, as "line N: expected ... / actual ...".
std::string first_difference(const std::string& expected, const std::string& actual) {
  std::istringstream e(expected), a(actual);
  std::string le, la;
  for (int n = 1;; ++n) {
    const bool he = static_cast<bool>(std::getline(e, le)), ha = static_cast<bool>(std::getline(a, la));
    if (!he && !ha) return "only in line endings";
    if (he != ha || le != la)
      return "line " + std::to_string(n) + ":\n  golden: " + (he ? le : "<end>") + "\n  actual: " + (ha ? la : "<end>");
  }
}

enum class Build { Native, Portable };
void PrintTo(Build b, std::ostream* os) { *os << (b == Build::Native ? "native" : "portable"); }

class Golden : public ::testing::TestWithParam<std::tuple<size_t, Build>> {};

TEST_P(Golden, OutputIsByteIdentical) {
  const auto [index, build] = GetParam();
  const Case& c = cases()[index];
  // VERFLIXT_PORTABLE_BINARY in the environment stands in for the portable build's path
  // (scripts/kernel-levels: the portable executable under an emulated processor).
  const char* portable = std::getenv("VERFLIXT_PORTABLE_BINARY");
  const std::string binary = build == Build::Native ? VERFLIXT_BINARY
                             : portable && *portable ? portable
                                                     : VERFLIXT_PORTABLE_BINARY;
  if (binary.empty())
    GTEST_SKIP() << "no portable build to compare: configure with -DVERFLIXT_PORTABLE_BINARY=<path> "
                    "(scripts/test does, from build-portable/)";
  ASSERT_TRUE(fs::exists(binary)) << binary;

  const Output r = run_in_source(binary, c.args);
  ASSERT_EQ(r.code, 0) << "verflixt " << c.args << "\n" << r.err;
  const std::string actual = mask_timings(r.out);
  const fs::path golden = fs::path(VERFLIXT_SOURCE_DIR) / "tests" / "golden" / c.file;

  // scripts/golden sets VERFLIXT_GOLDEN_UPDATE=1: the native build (re)writes the file, the
  // portable build is then still compared with it.
  const char* update = std::getenv("VERFLIXT_GOLDEN_UPDATE");
  if (build == Build::Native && update && std::string(update) == "1") {
    fs::create_directories(golden.parent_path());
    std::ofstream(golden, std::ios::binary) << "$ verflixt " << c.args << "\n" << actual;
    return;
  }
  ASSERT_TRUE(fs::exists(golden)) << golden << " is missing: run scripts/golden";
  const std::string expected = slurp(golden);
  const std::string shown = "$ verflixt " + std::string(c.args) + "\n" + actual;
  if (shown != expected) {
    const auto keep = scratch() / (std::string(build == Build::Native ? "native-" : "portable-") + c.file);
    std::ofstream(keep, std::ios::binary) << shown;
    FAIL() << (build == Build::Native ? "native" : "portable") << " build: verflixt " << c.args
           << "\ndiffers from tests/golden/" << c.file << " at " << first_difference(expected, shown)
           << "\nfull output: " << keep.string()
           << "\n(an intended change of the output? regenerate with scripts/golden)";
  }
}

// Also part of the contract: no golden file contains a negative zero.
TEST(GoldenFiles, NoNegativeZero) {
  const fs::path dir = fs::path(VERFLIXT_SOURCE_DIR) / "tests" / "golden";
  ASSERT_TRUE(fs::is_directory(dir));
  for (const Case& c : cases()) {
    const std::string text = slurp(dir / c.file);
    for (size_t at = text.find("-0"); at != std::string::npos; at = text.find("-0", at + 1)) {
      size_t end = at + 1;
      while (end < text.size() && (text[end] == '0' || text[end] == '.')) ++end;
      const bool digit_follows = end < text.size() && text[end] >= '1' && text[end] <= '9';
      const bool in_word = at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) != 0);
      EXPECT_TRUE(digit_follows || in_word) << c.file << ": " << text.substr(at > 20 ? at - 20 : 0, 40);
    }
  }
}

std::string case_name(const ::testing::TestParamInfo<Golden::ParamType>& info) {
  std::string name = cases()[std::get<0>(info.param)].file;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name + (std::get<1>(info.param) == Build::Native ? "_native" : "_portable");
}

INSTANTIATE_TEST_SUITE_P(Cases, Golden,
                         ::testing::Combine(::testing::Range<size_t>(0, cases().size()),
                                            ::testing::Values(Build::Native, Build::Portable)),
                         case_name);

}  // namespace
