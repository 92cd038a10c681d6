// Golden outputs: fixed commands with fixed seeds, compared byte for byte with the files in
// tests/golden/, once against this build's executable and once against a portable build
// (-DVERFLIXT_NATIVE=OFF, built by scripts/test into build-portable/ and passed in as
// VERFLIXT_PORTABLE_BINARY). Together they check that a seed gives the same digits whatever
// processor the build targets — no FMA contraction, no vector-width-dependent sums, no
// processor-dispatched libm on a result path — and that no -0 is printed.
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
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
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

struct Case {
  const char* file;  // under tests/golden/
  const char* args;  // verflixt ARGS, run from the source directory
};

// Small, fast commands that between them print every kind of figure: exact solo values and
// thresholds (solver), the exact Markov evaluation, kernel and reference Monte Carlo, paired
// sweep errors, the exact last-seat program, evenings on the pass kernel and a balance run.
const Case kCases[] = {
    {"solve-none.csv", "solve --jokers none --format csv"},
    {"solve-none.md", "solve --jokers none --format markdown"},
    {"solve-runkelrueb-tentakel-cherry.json", "solve --jokers runkelrueb,tentakel,cherry --format json"},
    // A marginal value of about -4e-15: printed as +0.000, never -0.000.
    {"solve-hirtenschutz-all-in-ventil.md", "solve --jokers hirtenschutz,all-in,ventil --format markdown"},
    {"solve-classic-pony-monokel-senigma.json", "solve --preset classic --jokers pony,monokel,senigma --format json"},
    {"solve-classic-hirtenschutz-all-in-ventil.csv",
     "solve --preset classic --jokers hirtenschutz,all-in,ventil --format csv"},
    {"evaluate-kernel.json", "evaluate --policy threshold:17 --turns 200000 --seed 7 --format json"},
    {"evaluate-reference.json",
     "evaluate --policy threshold:17 --turns 200000 --seed 7 --engine reference --format json"},
    {"evaluate-exact.json", "evaluate --policy threshold:17 --engine exact --format json"},
    {"evaluate-exact-jokers.csv",
     "evaluate --policy strategies/heuristic.ini --jokers runkelrueb,pony,cherry --engine exact --format csv"},
    {"evaluate-players.json", "evaluate --policy threshold:17 --players 4 --turns 40000 --seed 7 --format json"},
    {"sweep.json", "sweep --from 12 --to 22 --turns 100000 --seed 7 --format json"},
    {"sweep-jokers.csv", "sweep --from 14 --to 18 --jokers pony --turns 50000 --seed 7 --format csv"},
    {"sweep-loadouts.txt", "sweep --loadouts 'none;pony;ventil,hirtenschutz' --from 15 --to 18 --turns 20000 --seed 7"},
    {"sweep-loadouts.json", "sweep --loadouts 'none;pony;ventil,hirtenschutz' --from 15 --to 18 --turns 20000 --seed 7 --format json"},
    {"sweep-loadouts.csv", "sweep --loadouts 'none;pony;ventil,hirtenschutz' --from 15 --to 18 --turns 20000 --seed 7 --format csv"},
    {"advise-last-seat-pony.json", "advise --eyes 18 --other 20:p --other 12:p --other 0:z --jokers pony --format json"},
    {"advise-last-seat-win.csv",
     "advise --eyes 9 --robbing-ones 1 --other 20:p --other 12:z --jokers hirtenschutz,ventil --objective win "
     "--format csv"},
    {"advise-monte-carlo.json", "advise --eyes 18 --other 20:p --other 12:p --other 0:j --format json"},
    {"tournament.json",
     "tournament --seat threshold:20 --seat strategies/heuristic.ini --seat threshold:16 --evenings 2000 --seed 7 "
     "--format json"},
    {"tournament-reference.csv",
     "tournament --seat threshold:20 --seat threshold:16 --seat threshold:18 --evenings 1000 --seed 7 --engine reference "
     "--format csv"},
    {"balance.json", "balance --players 3 --evenings 1000 --seed 7 --format json"},
    // The other games: each command's figures in each format, so a change of how a game is
    // written (its model, its solver, its reporter) is checked byte for byte.
    {"pig-solve.txt", "pig solve --goal 40"},
    {"pig-solve.json", "pig solve --goal 40 --format json"},
    {"pig-solve.csv", "pig solve --goal 40 --format csv"},
    {"pig-evaluate.json",
     "pig evaluate --goal 40 --policy optimal --opponent hold:20 --games 20000 --seed 7 --format json"},
    {"pig-tournament.csv", "pig tournament --goal 40 --seat optimal --seat hold:15 --games 20000 --seed 7 --format csv"},
    {"schocken-rules.ini", "schocken rules --set chips=11"},
    {"schocken-solve.txt", "schocken solve"},
    {"schocken-solve.json", "schocken solve --format json"},
    {"schocken-solve.csv", "schocken solve --format csv"},
    {"schocken-solve-target.csv", "schocken solve --target 653 --format csv"},
    {"schocken-solve-target.txt", "schocken solve --target 653"},
    {"schocken-solve-target.json", "schocken solve --target 611 --limit 2 --target-throws 1 --format json"},
    {"schocken-solve-equilibrium.txt", "schocken solve --equilibrium --players 3"},
    {"schocken-solve-equilibrium.json", "schocken solve --equilibrium --players 3 --format json"},
    {"schocken-solve-equilibrium.csv", "schocken solve --equilibrium --players 3 --format csv"},
    {"schocken-evaluate.json", "schocken evaluate --turns 50000 --seed 7 --format json"},
    {"schocken-tournament.csv",
     "schocken tournament --seat stand --seat equilibrium --seat equilibrium --games 5000 --seed 7 --format csv"},
    {"schocken-advise.txt", "schocken advise --dice 663 --throw 1"},
    {"schocken-advise.json", "schocken advise --dice 611 --format json"},
    {"en-gingg-rules.ini", "en-gingg rules"},
    {"en-gingg-solve.txt", "en-gingg solve"},
    {"en-gingg-solve.json", "en-gingg solve --format json"},
    {"en-gingg-solve.csv", "en-gingg solve --format csv"},
    {"en-gingg-evaluate.json", "en-gingg evaluate --turns 50000 --seed 7 --format json"},
    {"en-gingg-tournament.csv",
     "en-gingg tournament --seat optimal:own --seat keep-from:4 --games 5000 --seed 7 --format csv"},
    {"en-gingg-advise.txt", "en-gingg advise --throw 6,6,5,3,2,1"},
    {"en-gingg-advise.json", "en-gingg advise --throw 6,6,5,3,2,1 --format json"},
    {"zehntausend-rules.ini", "zehntausend rules --set bank_min=350"},
    {"zehntausend-solve.json", "zehntausend solve --format json"},
    {"zehntausend-evaluate-exact.csv", "zehntausend evaluate --policy bank:400 --exact --format csv"},
    {"zehntausend-evaluate.json", "zehntausend evaluate --policy bank:400 --turns 50000 --seed 7 --format json"},
    {"zehntausend-tournament.csv",
     "zehntausend tournament --seat optimal --seat bank:400 --games 5000 --seed 7 --format csv"},
    {"zehntausend-advise.txt", "zehntausend advise --throw 155243"},
    {"zehntausend-advise-race.json",
     "zehntausend advise --turn-total 350 --dice-left 3 --total 4000 --opponent 5000 --policy race --games 2000 --seed 7 --format json"},
    // Kniffel on cheap rules (one throw, a low bonus threshold: a solve of a fraction of a
    // second), nothing cached.
    {"kniffel-rules.ini", "kniffel rules --preset yahtzee --set joker=forced"},
    {"kniffel-solve.json", "kniffel solve --set throws=1 --set bonus_threshold=3 --no-cache --format json"},
    {"kniffel-advise.txt", "kniffel advise --set throws=2 --set bonus_threshold=3 --no-cache --dice 66321 --open sixes,chance,full-house"},
    {"kniffel-evaluate.json",
     "kniffel evaluate --set throws=1 --set bonus_threshold=3 --no-cache --games 500 --seed 7 --format json"},
    {"kniffel-tournament.csv",
     "kniffel tournament --set throws=2 --set bonus_threshold=3 --no-cache --seat optimal --seat chase --seat greedy "
     "--games 300 --seed 7 --format csv"},
    {"kniffel-balance.json", "kniffel balance --set throws=1 --no-cache --vary bonus_threshold=2..4 --format json"},
};

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
  const Case& c = kCases[index];
  const std::string binary = build == Build::Native ? VERFLIXT_BINARY : VERFLIXT_PORTABLE_BINARY;
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
  for (const Case& c : kCases) {
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
  std::string name = kCases[std::get<0>(info.param)].file;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name + (std::get<1>(info.param) == Build::Native ? "_native" : "_portable");
}

INSTANTIATE_TEST_SUITE_P(Cases, Golden,
                         ::testing::Combine(::testing::Range<size_t>(0, std::size(kCases)),
                                            ::testing::Values(Build::Native, Build::Portable)),
                         case_name);

}  // namespace
