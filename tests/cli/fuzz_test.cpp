// A fuzz test of the file readers: the shipped strategies/*.ini and *.policy files
// and `verflixt rules` for both presets, each mutated a few hundred times deterministically
// (byte flips, deletions, duplicated and swapped lines, huge, negative and non-finite
// numbers, control bytes, CRLF, truncation) and read in-process. Every mutant must either
// parse or throw InputError: never another exception, a crash or a huge allocation.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/verflixte6/rules/heuristic.h"
#include "verflixt/games/verflixte6/rules/position.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/exact/solver.h"


namespace {

using namespace verflixt;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t b = 0;
  while (b < text.size()) {
    std::size_t e = text.find('\n', b);
    if (e == std::string::npos) e = text.size() - 1;
    out.push_back(text.substr(b, e + 1 - b));
    b = e + 1;
  }
  return out;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l;
  return out;
}

// One deterministic mutation of `text`.
std::string mutate(std::string text, std::mt19937_64& rng) {
  auto pick = [&](std::size_t n) { return n == 0 ? std::size_t{0} : static_cast<std::size_t>(rng() % n); };
  static const char* const numbers[] = {"-1", "0", "99999999999999999999", "100000000000", "400000000", "-2147483649",
                                        "2147483648", "nan", "-nan", "inf", "-inf", "1e999", "16abc", "0x10", "+5",
                                        "", " ", "1.5", "-0", "ffffffff", "\x1b[31m", "\t"};
  switch (rng() % 12) {
    case 0:  // flip a byte to anything
      if (!text.empty()) text[pick(text.size())] = static_cast<char>(rng() & 0xff);
      break;
    case 1: {  // delete a range
      const std::size_t at = pick(text.size()), len = 1 + pick(40);
      text.erase(at, len);
      break;
    }
    case 2: {  // duplicate a line
      auto lines = split_lines(text);
      if (!lines.empty()) {
        const std::size_t k = pick(lines.size());
        lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(pick(lines.size() + 1)), lines[k]);
      }
      text = join_lines(lines);
      break;
    }
    case 3: {  // swap two lines
      auto lines = split_lines(text);
      if (lines.size() > 1) std::swap(lines[pick(lines.size())], lines[pick(lines.size())]);
      text = join_lines(lines);
      break;
    }
    case 4:
    case 5:
    case 6: {  // replace a number (a run of digits, signs, dots) with a hostile one
      std::vector<std::size_t> starts;
      for (std::size_t k = 0; k < text.size(); ++k)
        if (std::isdigit(static_cast<unsigned char>(text[k])) && (k == 0 || !std::isdigit(static_cast<unsigned char>(text[k - 1]))))
          starts.push_back(k);
      if (starts.empty()) break;
      const std::size_t b = starts[pick(starts.size())];
      std::size_t e = b;
      while (e < text.size() && (std::isdigit(static_cast<unsigned char>(text[e])) || text[e] == '.')) ++e;
      text.replace(b, e - b, numbers[pick(std::size(numbers))]);
      break;
    }
    case 7: {  // CRLF line ends (everywhere, or on one line)
      std::string out;
      const bool all = rng() % 2;
      const std::size_t only = pick(text.size());
      for (std::size_t k = 0; k < text.size(); ++k) {
        if (text[k] == '\n' && (all || k >= only)) {
          out += "\r\n";
        } else {
          out += text[k];
        }
      }
      text = out;
      break;
    }
    case 8:  // truncate
      text.resize(pick(text.size() + 1));
      break;
    case 9:  // insert control bytes or a NUL
      text.insert(pick(text.size() + 1), std::string("\0\r\x1b\x7f", 4).substr(pick(4), 1 + pick(3)));
      break;
    case 10: {  // drop a line
      auto lines = split_lines(text);
      if (!lines.empty()) lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(pick(lines.size())));
      text = join_lines(lines);
      break;
    }
    default:  // append junk
      text += std::string(1 + pick(3), "=[]#x \n"[pick(7)]);
      break;
  }
  return text;
}

long peak_rss_kb() {
  struct rusage u {};
  ::getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

enum class Reader { Rules, Ini, Policy };

// Reads `text` as the given format; true if it parsed.
bool read(Reader reader, const std::string& text, const verflixte6::Rules& rules) {
  std::istringstream in(text);
  switch (reader) {
    case Reader::Rules:
      verflixte6::read_rules(in, "fuzz.ini");
      return true;
    case Reader::Ini: {
      const std::string kind = verflixte6::policy_file_kind(in, "fuzz.ini");
      std::istringstream again(text);
      if (kind == "position") verflixte6::read_position(again, "fuzz.ini");
      else verflixte6::read_heuristic(again, "fuzz.ini");
      return true;
    }
    case Reader::Policy:
      verflixte6::read_policy(in, rules, "fuzz.policy");
      return true;
  }
  return false;
}

TEST(Fuzz, ReadersParseOrThrowInputErrorOnMutatedFiles) {
  const std::string dir = std::string(VERFLIXT_SOURCE_DIR) + "/strategies/";
  struct Seed {
    std::string name;
    Reader reader;
    std::string text;
    verflixte6::Rules rules;
    int mutants;
  };
  const verflixte6::Rules t2019 = verflixte6::preset("tournament-2019"), classic = verflixte6::preset("classic");
  std::vector<Seed> seeds = {
      {"rules tournament-2019", Reader::Rules, verflixte6::rules_to_ini(t2019), t2019, 700},
      {"rules classic", Reader::Rules, verflixte6::rules_to_ini(classic), classic, 700},
      {"heuristic.ini", Reader::Ini, slurp(dir + "heuristic.ini"), t2019, 500},
      {"position-bold.ini", Reader::Ini, slurp(dir + "position-bold.ini"), t2019, 300},
      {"position-jokers.ini", Reader::Ini, slurp(dir + "position-jokers.ini"), t2019, 300},
      {"position-safe.ini", Reader::Ini, slurp(dir + "position-safe.ini"), t2019, 300},
      {"optimal-none.policy", Reader::Policy, slurp(dir + "optimal-none.policy"), t2019, 700},
      {"optimal-none-classic.policy", Reader::Policy, slurp(dir + "optimal-none-classic.policy"), classic, 500},
      {"optimal-anaconda-rattenlord-monokel.policy", Reader::Policy,
       slurp(dir + "optimal-anaconda-rattenlord-monokel.policy"), t2019, 100},
  };
  const long peak_before_kb = peak_rss_kb();
  std::mt19937_64 rng(20261123);
  int total = 0, parsed = 0;
  for (const Seed& seed : seeds) {
    ASSERT_FALSE(seed.text.empty()) << seed.name;
    ASSERT_TRUE(read(seed.reader, seed.text, seed.rules)) << seed.name;  // the originals parse
    for (int m = 0; m < seed.mutants; ++m) {
      std::string text = seed.text;
      const int rounds = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < rounds; ++k) text = mutate(std::move(text), rng);
      ++total;
      try {
        parsed += read(seed.reader, text, seed.rules);
      } catch (const core::InputError&) {
      } catch (const std::exception& e) {
        ADD_FAILURE() << seed.name << " mutant " << m << ": " << typeid(e).name() << ": " << e.what()
                      << "\n--- text ---\n" << core::printable(text, 2000);
      }
    }
  }
  EXPECT_GT(total, 4000);
  // No huge allocation: the files are at most 200 kB, and nothing a reader does with them
  // (a header claiming 10^11 states included) may grow the process by hundreds of MB.
  // (Not under AddressSanitizer, whose quarantine of freed memory alone is 256 MB.)
#ifndef __SANITIZE_ADDRESS__
  EXPECT_LT(peak_rss_kb() - peak_before_kb, 256 * 1024);
#else
  (void)peak_before_kb;
#endif
  // The mutations are not all fatal: some still parse (comments, CRLF, harmless values).
  EXPECT_GT(parsed, total / 50);
  EXPECT_LT(parsed, total);
}

}  // namespace
