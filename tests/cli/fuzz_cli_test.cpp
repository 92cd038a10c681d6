// A fuzz test of the command line. The games, their commands and each command's options are
// read from the binary itself (`verflixt --help`, `verflixt GAME COMMAND --help`, the ranges
// its own messages give, `verflixt GAME rules` for the rule keys); each generated line starts
// from a command's quick run (core::Command::quick) and mutates it: numbers at and one past
// their ranges, huge, negative and malformed numbers, long strings with control bytes and
// invalid UTF-8, odd games, presets and formats, misspelled, repeated and foreign options,
// --set with every rule key at and past its bounds, policy specs and files that are no
// policies, outputs to odd places. Every line runs in a scratch directory of its own (HOME and
// the value cache there too), with stdin empty, one thread where the command takes --threads,
// a wall-clock limit and a memory limit. A line must end with 0, 2 (bad input) or 130
// (interrupted): no signal, no other exit code, no sanitizer report, no memory past the limit,
// and a run still going at its limit must exit 130 within a few seconds of Ctrl-C.
//
// The suite runs 300 lines against the normal build, each stopped by Ctrl-C after 5 s.
// VERFLIXT_FUZZ_LINES sets the count, VERFLIXT_FUZZ_SEED the seed (the same seed gives the
// same lines), VERFLIXT_FUZZ_SECONDS the wall-clock limit, VERFLIXT_FUZZ_JOBS the processes
// at once (default: the cores), VERFLIXT_FUZZ_VERBOSE=1 prints every line and how it ended,
// and VERFLIXT_FUZZ_BINARY runs another build's executable: scripts/fuzz-cli runs 10,000
// lines against the sanitizer build this way, each with 20 s before Ctrl-C.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "binary.h"
#include "cli/cli_surface.h"
#include "cli/limited_run.h"

namespace verflixt::testing::fuzz {
namespace {

std::string fuzz_binary() {
  const char* other = std::getenv("VERFLIXT_FUZZ_BINARY");
  return other && *other ? other : VERFLIXT_BINARY;
}

// AddressSanitizer reserves terabytes of address space, so an address-space limit would stop
// it at start: a sanitizer build is watched through its resident memory instead.
// A sanitizer build is half a gigabyte, so it is read a block at a time.
bool is_sanitized(const std::string& binary) {
  const std::string mark = "__asan_init";
  std::ifstream in(binary, std::ios::binary);
  std::string block(1 << 20, '\0'), tail;
  while (in.read(block.data(), static_cast<std::streamsize>(block.size())) || in.gcount() > 0) {
    const std::string seen = tail + block.substr(0, static_cast<size_t>(in.gcount()));
    if (seen.find(mark) != std::string::npos) return true;
    tail = seen.substr(seen.size() - std::min(seen.size(), mark.size()));
  }
  return false;
}

// --- The generator -----------------------------------------------------------------------
// The values below are what players type, and what they mistype. No value names a path
// outside the scratch directory but a device, and none but those holds a '/': whatever
// option a value lands on, a run can write only inside its own scratch directory.

const Words kNumbers = {"0", "1", "-1", "2", "7", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967296",
                        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551615",
                        "18446744073709551616", "99999999999999999999", "1e308", "-1e308", "1e-308", "nan", "-nan", "inf",
                        "-inf", "0x10", "010", "1.5", "-0", "+5", "5x", " 5", "5 ", "", "1,000", "1e3", "\xef\xbc\x91"};
const Words kStrings = {"", " ", "x", "-", "--", "-x", "=", ",", ",,", ":", "@", "\t\n", "a\nb", "\x01\x1b[31m\x7f",
                        "\xff\xfe\xc3", "\xc3\xbc", "Runkelr\xc3\xbc" "b", "NONE", "all", "none", "%s%n", "$HOME", "*"};
const Words kPolicies = {"threshold:17", "threshold:0", "threshold:-1", "threshold:400", "threshold:401",
                         "threshold:2147483648", "threshold:", "threshold:x", "threshold:1e308", "hold:20", "hold:0",
                         "hold:-1", "hold:1000000", "bank:400", "bank:-5", "reach:99999999999", "shift:-9999",
                         "keep-from:0", "keep-from:99", "optimal", "optimal:own", "optimal:x", "strong", "heuristic",
                         "position-safe", "position-jokers", "optimal-none", "equilibrium", "stand", "greedy", "chase",
                         "race", "objective", "exact", "threshold:20@pony", "heuristic@pony,fumo", "strong@all",
                         "threshold:20@", "@", "threshold:20@ponny", "fz-policy.ini", "fz-rules.ini", "fz-empty.ini",
                         "fz-junk.bin", "fz-dir", "fz-fifo", "fz-loop", "fz-sparse.ini", "fz-missing.ini", "/dev/zero",
                         "/dev/null", "/dev/urandom", "/dev/stdin", "."};
// Where a command may be told to write: names inside the scratch directory, and devices.
const Words kTargets = {"fz-out.json", "fz-dir", "fz-missing/out.json", "/dev/full", "/dev/null", "/dev/stdout", "-",
                        "", ".", "fz-fifo", "fz-loop", "fz-sparse.ini", "fz-dir/", "fz-out\x01\xff"};
const Words kReads = {"fz-rules.ini", "fz-policy.ini", "fz-empty.ini", "fz-junk.bin", "fz-dir", "fz-fifo", "fz-loop",
                      "fz-sparse.ini", "fz-missing.ini", "/dev/zero", "/dev/null", "/dev/urandom", "/dev/stdin", ".", ""};
const Words kTexts = {"[policy]\nkind = heuristic\nstop_at = 18\n", "[policy]\nkind = position\n", "preset = classic\n",
                      "garbage", "", "[turn]\nbust_face = 0\n", "[\n", "=\n", "[policy]\nkind = heuristic\nstop_at = 1e999\n"};
const Words kDice = {"611", "6 1 1", "66321", "665321", "155243", "1 5 5 2 4 3", "6,6,5,3,2,1", "7", "0", "", "66",
                     "1111111111", "6 6 6 6 6 6 6", "x", "-1", "6", "123456789", "9 9 9"};
const Words kOthers = {"20:p", "0:j", "0:z", "14:p:30", "-5:z:30", "400:p", "401:p", "-201:p", "20:x", "20", ":",
                       "20:p:7601", "20:p:-1", "2147483648:p", "20:j:99999999999"};
const Words kFormats = {"table", "json", "csv", "markdown", "ini", "md", "JSON", "", "xml", "tabel"};
const Words kBinds = {"127.0.0.1", "::1", "localhost", "127.0.0.2", "", "999.0.0.1", "localhost:80", "x.invalid"};

// The random stream of one line, and whether the line is a mild one: a mild line changes its
// quick run only by values the command takes (each range's bounds, valid names), so that it
// runs past the checks into the work at the edges of what is allowed.
struct LineRandom : std::mt19937_64 {
  using std::mt19937_64::mt19937_64;
  bool mild = false;
};

class Generator {
 public:
  Generator(std::vector<CommandSurface> commands, std::vector<GameSurface> games, std::string default_game,
            std::uint64_t seed)
      : commands_(std::move(commands)), games_(std::move(games)), default_game_(std::move(default_game)), seed_(seed) {}

  // Line `index` of this seed: a function of the two alone, so any line can be made again.
  Line line(std::uint64_t index) const {
    std::seed_seq seq{static_cast<std::uint32_t>(seed_), static_cast<std::uint32_t>(seed_ >> 32),
                      static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32)};
    LineRandom rng(seq);
    // The lines go round the commands, so that every command of every game gets its share.
    const CommandSurface& c = commands_[index % commands_.size()];
    const GameSurface* g = game(c.game);
    // A server runs until Ctrl-C: it gets it after a few seconds, whatever the limit.
    Line line{c.game, c.command, {}, {}, c.ends ? 0.0 : 4.0, false};
    if (rng() % 25 == 0) return top_level(rng, line);
    rng.mild = rng() % 10 < 3;
    Words& a = line.args;
    a = c.base;
    // One thread, so that the lines running side by side each keep to a core of their own.
    if (c.find("threads") && std::find(a.begin(), a.end(), "--threads") == a.end()) a.insert(a.end(), {"--threads", "1"});
    // Most lines change one thing: a change then reaches the code it aims at more often than
    // the check of another change.
    const int changes = std::array<int, 10>{1, 1, 1, 1, 1, 1, 1, 2, 2, 3}[rng() % 10];
    for (int k = 0; k < changes; ++k) mutate(rng, c, g, a);
    // Where the game is named: before the command, after it, or (the default game) not at all.
    const int form = static_cast<int>(rng() % 10);
    if (c.game == default_game_ && form < 8) a.insert(a.begin(), c.command);
    else if (form < 7) a.insert(a.begin(), {c.game, c.command});
    else if (form < 9) a.insert(a.begin(), {c.command, "--game", c.game});
    else a.insert(a.begin(), {"--game=" + c.game, c.command});
    if (g && !g->printed_rules.empty()) line.files.emplace_back("fz-rules.ini", rules_file(rng, g->printed_rules));
    line.files.emplace_back("fz-policy.ini", pick(rng, kTexts));
    line.files.emplace_back("fz-empty.ini", "");
    line.files.emplace_back("fz-junk.bin", junk(rng));
    return line;
  }

 private:
  static const std::string& pick(LineRandom& rng, const Words& pool) { return pool[rng() % pool.size()]; }

  const GameSurface* game(const std::string& name) const {
    for (const auto& g : games_)
      if (g.name == name) return &g;
    return nullptr;
  }

  static std::string junk(LineRandom& rng) {
    std::string s(rng() % 4096, '\0');
    for (auto& ch : s) ch = static_cast<char>(rng() & 0xff);
    return s;
  }

  // The game's printed rules, one number in them (at times) replaced by a hostile one.
  static std::string rules_file(LineRandom& rng, std::string text) {
    const size_t at = text.find(" = ", rng() % text.size());
    if (at != std::string::npos && rng() % 2) text.replace(at + 3, text.find('\n', at) - at - 3, pick(rng, kNumbers));
    return text;
  }

  // A long string: 10 KB of one unit, control bytes and invalid UTF-8 among them.
  static std::string long_string(LineRandom& rng) {
    static const Words units = {"a", "\x01", "\xff", "\xc3\xbc", "9", "-", ",", "=", "\x1b[2J", "\xe2\x80\xae"};
    const std::string& u = pick(rng, units);
    std::string s;
    while (s.size() < 10240) s += u;
    return s;
  }

  static std::string misspell(LineRandom& rng, std::string w) {
    if (w.empty()) return "x";
    const size_t at = rng() % w.size();
    switch (rng() % 5) {
      case 0: w.erase(at, 1); break;
      case 1: w.insert(at, 1, w[at]); break;
      case 2: if (at + 1 < w.size()) std::swap(w[at], w[at + 1]); break;
      case 3: std::transform(w.begin(), w.end(), w.begin(), [](unsigned char ch) { return std::toupper(ch); }); break;
      default: w = w.substr(0, 1 + at); break;  // a prefix: Boost may take it for the option
    }
    return w;
  }

  // A value at the edges: a bound (the lower one more often, as the upper one of a count is a
  // run that never ends), or one past a bound.
  static std::string edge(LineRandom& rng, const Edges& e) {
    if (e.invalid.empty() || (rng.mild && !e.valid.empty()) || rng() % 2)
      return e.valid.size() > 1 && rng() % 4 ? e.valid[rng() % e.valid.size() & ~size_t{1}] : pick(rng, e.valid);
    return pick(rng, e.invalid);
  }

  // A value a player might type for `o`, or one that is wrong for it.
  std::string value(LineRandom& rng, const CommandSurface& c, const GameSurface* g, const Option& o) const {
    const std::string& n = o.name;
    const auto has = [&](const char* part) { return n.find(part) != std::string::npos; };
    const int r = rng.mild ? 3 + static_cast<int>(rng() % 15) : static_cast<int>(rng() % 20);
    if (r == 0) return long_string(rng);
    if (r == 1) return pick(rng, kStrings);
    if (r == 2) return pick(rng, kNumbers);
    if (!o.range.valid.empty()) return r < 15 ? edge(rng, o.range) : pick(rng, kNumbers);
    if (has("output") || has("write") || n == "save" || n == "cache") return rng.mild ? "fz-out" : pick(rng, kTargets);
    if (n == "set") return set_expression(rng, g);
    if (n == "vary" || n == "auto") return range_expression(rng, g);
    if (has("text")) return pick(rng, kTexts);
    if (n == "rules" || n == "token-file") return rng.mild ? "fz-rules.ini" : pick(rng, kReads);
    if (n == "game") return r < 10 ? commands_[rng() % commands_.size()].game : misspell(rng, c.game);
    if (n == "preset" && g && !g->presets.empty()) return r < 12 ? pick(rng, g->presets) : misspell(rng, pick(rng, g->presets));
    if ((has("jokers") || n == "base") && g && !g->jokers.empty()) return joker_list(rng, g);
    if (n == "format" && r > 12) return pick(rng, kFormats);
    if (n == "bind" || n == "allow-host") return pick(rng, kBinds);
    const bool policy = has("polic") || n == "seat" || has("field") || n == "response" || n == "opponent" ||
                        n == "against" || n == "strong";
    if (policy && ((r < 9 && !rng.mild) || o.words.empty()))
      return r < 17 ? pick(rng, kPolicies) : pick(rng, kPolicies) + "@" + (g && !g->jokers.empty() ? joker_list(rng, g) : "x");
    if (n == "dice" || n == "throw" || n == "aside" || n == "target") return pick(rng, kDice);
    if (n == "other") return pick(rng, kOthers);
    if (!o.words.empty()) {  // the values its help names ("bank:N" with a number put in)
      std::string w = pick(rng, o.words);
      const size_t colon = w.find(':');
      static const Words plain = {"0", "1", "4", "20", "400"};
      if (colon != std::string::npos && colon + 2 >= w.size()) w = w.substr(0, colon + 1) + pick(rng, r < 14 ? plain : kNumbers);
      return r < 17 ? w : misspell(rng, w);
    }
    return pick(rng, r < 10 ? kStrings : kNumbers);
  }

  static std::string joker_list(LineRandom& rng, const GameSurface* g) {
    std::string list;
    for (int k = 0, n = 1 + static_cast<int>(rng() % 4); k < n; ++k) {
      std::string j = pick(rng, g->jokers);
      if (!rng.mild && rng() % 6 == 0) j = misspell(rng, j);
      list += (k ? "," : "") + j;
    }
    static const Words odd = {"none", "all", "", ",", "pony,,fumo", "Runkelr\xc3\xbc" "b", "pony;fumo", "pony fumo"};
    return rng.mild || rng() % 4 ? list : pick(rng, odd);
  }

  static std::string set_expression(LineRandom& rng, const GameSurface* g) {
    if (!g || g->keys.empty() || (!rng.mild && rng() % 8 == 0)) {
      static const Words odd = {"=", "x", "=5", "x=1", "preset=classic", " =", "a.b.c=1", ".=1"};
      return pick(rng, odd);
    }
    const auto& [key, values] = g->keys[rng() % g->keys.size()];
    const std::string k = rng.mild || rng() % 10 ? key : misspell(rng, key);
    const std::string v = values.valid.empty() || (!rng.mild && rng() % 5 == 0) ? pick(rng, kNumbers) : edge(rng, values);
    switch (rng.mild ? 3 : rng() % 12) {
      case 0: return " " + k + " = " + v + " ";
      case 1: return k + "==" + v;
      case 2: return k;
      default: return k + "=" + v;
    }
  }

  // KEY=A..B[:STEP] or KEY=A,B of --vary and --auto (a mild one: two values the key takes).
  static std::string range_expression(LineRandom& rng, const GameSurface* g) {
    std::string key = "x";
    Edges values{{"1", "2"}, {"0"}};
    if (g && !g->keys.empty()) std::tie(key, values) = g->keys[rng() % g->keys.size()];
    if (values.valid.empty()) values.valid = {"1"};
    const auto one = [&] { return rng() % 4 ? edge(rng, values) : pick(rng, kNumbers); };
    if (rng.mild) return key + "=" + edge(rng, values) + "," + edge(rng, values);
    const std::string a = one(), b = one();
    switch (rng() % 6) {
      case 0: return key + "=" + a + "," + b;
      case 1: return key + "=" + a + ".." + b + ":" + pick(rng, kNumbers);
      case 2: return key + "=1..1000000";
      case 3: return key + "=" + b + ".." + a;
      default: return key + "=" + a + ".." + b;
    }
  }

  // One change to the options `a` (without the game and command, which are added after).
  void mutate(LineRandom& rng, const CommandSurface& c, const GameSurface* g, Words& a) const {
    const int kind = static_cast<int>(rng() % (rng.mild ? 70 : 100));
    const Option* o = c.options.empty() ? nullptr : &c.options[rng() % c.options.size()];
    if (kind < 55 && o) {  // give an option of this command a value: in place, or once more
      const std::string flag = "--" + o->name;
      const std::string v = o->takes_value || rng() % 4 == 0 ? value(rng, c, g, *o) : "";
      const auto at = std::find_if(a.begin(), a.end(), [&](const std::string& w) { return w == flag || w.rfind(flag + "=", 0) == 0; });
      const bool repeatable = std::find(o->words.begin(), o->words.end(), "repeatable") != o->words.end();
      if (at != a.end() && !o->takes_value && rng() % 10) {  // a flag given: take it away
        a.erase(at);
      } else if (at != a.end() && o->takes_value && rng() % 10 >= (repeatable ? 5 : 1)) {
        if (*at != flag) *at = flag + "=" + v;
        else if (at + 1 != a.end()) *(at + 1) = v;
      } else if (o->takes_value && rng() % 3 == 0) {
        a.push_back(flag + "=" + v);
      } else {
        a.push_back(flag);
        if (o->takes_value || (!v.empty() && !rng.mild)) a.push_back(v);
      }
    } else if (kind < 70 && g && !g->keys.empty() && c.find("set")) {  // a rule
      a.insert(a.end(), {"--set", set_expression(rng, g)});
    } else if (kind < 76 && o) {  // a misspelled option, with a value
      static const Words dashes = {"--", "-", "---", "--no-", "\xe2\x80\x94"};
      a.insert(a.end(), {pick(rng, dashes) + misspell(rng, o->name), value(rng, c, g, *o)});
    } else if (kind < 82) {  // an option of another command
      const CommandSurface& other = commands_[rng() % commands_.size()];
      if (!other.options.empty()) {
        const Option& f = other.options[rng() % other.options.size()];
        a.push_back("--" + f.name);
        if (f.takes_value) a.push_back(value(rng, other, game(other.game), f));
      }
    } else if (kind < 87 && !a.empty()) {  // drop a word of the quick run (an option's value, say)
      a.erase(a.begin() + static_cast<std::ptrdiff_t>(rng() % a.size()));
    } else if (kind < 91) {  // a stray word
      a.insert(a.begin() + static_cast<std::ptrdiff_t>(rng() % (a.size() + 1)), rng() % 3 ? pick(rng, kStrings) : long_string(rng));
    } else if (kind < 94) {  // another game
      a.insert(a.end(), {"--game", rng() % 2 ? commands_[rng() % commands_.size()].game : misspell(rng, c.game)});
    } else if (kind < 96) {
      a.push_back(rng() % 2 ? "--help" : "-h");
    } else {  // every option of the command once, each with a value of its own
      for (const auto& each : c.options)
        if (rng() % 3 == 0 && std::find(a.begin(), a.end(), "--" + each.name) == a.end()) {
          a.push_back("--" + each.name);
          if (each.takes_value) a.push_back(value(rng, c, g, each));
        }
    }
  }

  // The words before any command: help, the manual, the completion, a game alone.
  Line top_level(LineRandom& rng, Line line) const {
    const Words forms[] = {{}, {"--help"}, {"-h"}, {"help"}, {"--man"}, {"completion", "bash"}, {"completion"},
                           {"completion", "zsh"}, {"--version"}, {"help", line.command}, {"help", line.game, line.command},
                           {line.game}, {line.game, "--help"}, {"--game", line.game}, {"--game"}, {"--game="},
                           {misspell(rng, line.command)}, {line.game, misspell(rng, line.command)}, {long_string(rng)},
                           {"help", long_string(rng)}, {"-"}, {"--"}, {pick(rng, kStrings)}};
    line.args = forms[rng() % std::size(forms)];
    return line;
  }

  std::vector<CommandSurface> commands_;
  std::vector<GameSurface> games_;
  std::string default_game_;
  std::uint64_t seed_;
};

// --- Judging and reporting ----------------------------------------------------------------

// Empty when the line ended as it may; else what went wrong.
std::string verdict(const Outcome& r, const Limits& limits) {
  if (r.over_memory) return "memory past " + std::to_string(limits.memory_kb >> 10) + " MB (killed)";
  if (r.hung) return "still running " + std::to_string(static_cast<int>(limits.grace_s)) + " s after Ctrl-C (killed)";
  if (r.sanitizer) return "sanitizer report";
  if (r.signal == SIGINT) return "died of Ctrl-C's signal instead of exiting 130";
  // A run that ends just as Ctrl-C comes may exit 0, but not one that says it was interrupted.
  if (r.interrupted && r.code == 0 && r.marked) return "exit 0 after Ctrl-C, its output marked interrupted";
  if (r.signal) return std::string("signal ") + std::to_string(r.signal) + " (" + ::strsignal(r.signal) + ")";
  if (r.code != 0 && r.code != 2 && r.code != 130) return "exit " + std::to_string(r.code);
  return "";
}

// The line of stderr that says most: a sanitizer's message and the first frame in verflixt's
// sources; else the first line that names an error or a failure, else the last line (the
// first may be a warning or a progress line).
std::string cause(const Outcome& r) {
  std::istringstream in(r.err);
  std::string first, frame, last;
  for (std::string l; std::getline(in, l);) {
    const bool ours = l.find("/src/") != std::string::npos || l.find("/include/") != std::string::npos;
    const bool says = r.sanitizer ? l.find("runtime error") != std::string::npos || l.find("ERROR: ") != std::string::npos
                                  : l.find("error") != std::string::npos || l.find("fail") != std::string::npos ||
                                        l.find("terminate") != std::string::npos;
    if (first.empty() && says) first = l;
    else if (r.sanitizer && frame.empty() && ours && l.find(" in ") != std::string::npos) frame = l.substr(l.find(" in ") + 4);
    if (l.find_first_not_of(" \r") != std::string::npos) last = l;
  }
  if (first.empty()) first = last;
  for (std::string* t : {&first, &frame})
    for (const char* top : {"/src/", "/include/"})
      if (const size_t at = t->find(top); at != std::string::npos) {  // the checkout's path before src/ or include/
        const size_t space = t->rfind(' ', at), from = space == std::string::npos ? 0 : space + 1;
        t->erase(from, at + 1 - from);
      }
  const std::string text = first + (frame.empty() ? "" : "  at " + frame);
  return text.size() > 400 ? text.substr(0, 400) + "..." : text;
}

// Failures with the same kind, command and cause (numbers in values aside) are one failure.
std::string failure_key(const Line& line, const std::string& what, const std::string& why) {
  std::string key = what + " | " + line.game + " " + line.command + " | ";
  for (size_t k = 0; k < why.size();) {
    if (!std::isdigit(static_cast<unsigned char>(why[k])) || (k > 0 && why[k - 1] == ':')) {  // file:line stays
      key += why[k++];
      continue;
    }
    key += '#';
    while (k < why.size() && std::isdigit(static_cast<unsigned char>(why[k]))) ++k;
  }
  return key;
}

// A word as bash reads it back: bare, in '...', or in $'...' with bytes escaped; 10 KB of
// one repeated unit as a printf that makes it.
std::string shell_word(const std::string& w) {
  for (size_t unit = 1; w.size() > 256 && unit <= 8; ++unit)
    if (w.size() % unit == 0 && w == [&] { std::string s; while (s.size() < w.size()) s += w.substr(0, unit); return s; }())
      return "\"$(printf '%.0s'" + shell_word(w.substr(0, unit)) + " $(seq " + std::to_string(w.size() / unit) + "))\"";
  if (!w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,@+-") ==
                        std::string::npos)
    return w;
  std::string out = "$'";
  for (unsigned char ch : w) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02x", ch);
    out += ch == '\'' || ch == '\\' ? std::string("\\") + char(ch) : ch < 0x20 || ch >= 0x7f ? hex : std::string(1, char(ch));
  }
  return out + "'";
}

std::string command_line(const std::string& binary, const Line& line) {
  std::string out = binary;
  for (const auto& a : line.args) out += " " + shell_word(a);
  for (const auto& [name, text] : line.files)
    for (const auto& a : line.args)
      if (a.find(name) != std::string::npos) {
        out += "\n      where " + name + " holds " + shell_word(text.size() > 300 ? text.substr(0, 300) : text) +
               (text.size() > 300 ? "... (" + std::to_string(text.size()) + " bytes)" : "");
        break;
      }
  return out;
}

TEST(FuzzCli, GeneratedCommandLinesEndWithZeroTwoOr130) {
  const std::string binary = fuzz_binary();
  const auto count = static_cast<size_t>(env_number("VERFLIXT_FUZZ_LINES", 300));
  const auto seed = static_cast<std::uint64_t>(env_number("VERFLIXT_FUZZ_SEED", 20261201));
  Limits limits;
  limits.wall_s = static_cast<double>(env_number("VERFLIXT_FUZZ_SECONDS", 5));
  limits.address_limit = !is_sanitized(binary);
  limits.grace_s = limits.address_limit ? 5 : 10;  // a sanitizer build runs a chunk a few times slower
  const fs::path root = scratch() / "fuzz_cli";
  const auto start = Clock::now();
  const Surface s = discover(binary, root, limits);
  ASSERT_GE(s.commands.size(), 30u) << "the commands `" << binary << " --help` lists";
  size_t ranged = 0;
  for (const auto& c : s.commands) {
    EXPECT_FALSE(c.options.empty()) << c.game << " " << c.command << ": no options read from its --help";
    for (const auto& o : c.options) ranged += !o.range.valid.empty();
  }
  EXPECT_GE(ranged, 50u) << "number options whose range the binary names";
  for (const auto& g : s.games) {
    EXPECT_GE(g.keys.size(), 3u) << g.name << ": rule keys";
    EXPECT_FALSE(g.presets.empty()) << g.name << ": presets";
  }
  std::printf("fuzz-cli: %zu commands of %zu games, %zu ranged options, read in %zu runs, %.1f s; %zu lines, seed %llu\n",
              s.commands.size(), s.games.size(), ranged, s.runs, std::chrono::duration<double>(Clock::now() - start).count(),
              count, static_cast<unsigned long long>(seed));
  std::fflush(stdout);
  const Generator generator(s.commands, s.games, s.default_game, seed);
  std::map<std::string, std::vector<size_t>> failures;  // key -> line indices
  std::map<size_t, std::string> causes;
  std::map<int, size_t> codes;
  size_t interrupted = 0, finished = 0, largest_line = 0;
  long largest_kb = 0;
  const size_t every = std::max<size_t>(50, count / 20);
  const bool verbose = env_number("VERFLIXT_FUZZ_VERBOSE", 0) != 0;  // every line and how it ended
  const auto runs_start = Clock::now();
  run_all(binary, count, [&](size_t k) { return generator.line(k); }, root, limits,
          [&](size_t k, const Line& line, const Outcome& r) {
            ++finished;
            if (verbose)
              std::printf("line %zu: %s %d in %.2f s: %s\n    %s\n", k, r.signal ? "signal" : "exit", r.signal ? r.signal : r.code,
                          r.seconds, command_line(binary, line).c_str(), r.err.substr(0, r.err.find('\n')).c_str());
            ++codes[r.signal ? -r.signal : r.code];
            interrupted += r.interrupted;
            if (r.peak_kb > largest_kb) largest_kb = r.peak_kb, largest_line = k;
            if (const std::string what = verdict(r, limits); !what.empty()) {
              const std::string why = cause(r);
              failures[failure_key(line, what, why)].push_back(k);
              causes[k] = what + ": " + why;
            }
            if (finished % every == 0 || finished == count)
              std::printf("fuzz-cli: %zu/%zu lines, %zu failed, %.0f s\n", finished, count, causes.size(),
                          std::chrono::duration<double>(Clock::now() - runs_start).count()),
                  std::fflush(stdout);
          });
  std::error_code ignored;
  fs::remove_all(root, ignored);
  std::string tally;
  for (const auto& [code, n] : codes) tally += (code < 0 ? " signal " + std::to_string(-code) : " exit " + std::to_string(code)) + ": " + std::to_string(n);
  std::printf("fuzz-cli: %zu lines in %.0f s (%s),%s; %zu stopped by Ctrl-C at the limit; most memory %ld MB (line %zu)\n",
              count, std::chrono::duration<double>(Clock::now() - runs_start).count(), binary.c_str(), tally.c_str(),
              interrupted, largest_kb >> 10, largest_line);
  if (failures.empty()) return;
  // The first line of each failure once more, so that the report tells a failure that comes
  // back from one that a busy machine's timing made.
  std::vector<size_t> firsts;
  for (const auto& [key, lines] : failures) firsts.push_back(lines[0]);
  const std::vector<Outcome> again =
      run_all(binary, firsts.size(), [&](size_t k) { return generator.line(firsts[k]); }, root, limits);
  fs::remove_all(root, ignored);
  std::string report = std::to_string(causes.size()) + " of " + std::to_string(count) + " lines failed, " +
                       std::to_string(failures.size()) + " distinct failures (VERFLIXT_FUZZ_SEED=" + std::to_string(seed) + "):\n";
  size_t k = 0;
  for (const auto& [key, lines] : failures) {
    const std::string rerun = verdict(again[k++], limits);
    report += "\n* " + std::to_string(lines.size()) + "x " + causes[lines[0]] + "\n    " +
              (rerun.empty() ? "not on a rerun of line " : "again on a rerun of line ") + std::to_string(lines[0]) +
              (rerun.empty() ? " (a busy machine's timing?)" : "") + "\n";
    for (size_t e = 0; e < std::min<size_t>(2, lines.size()); ++e)
      report += "    line " + std::to_string(lines[e]) + ": " + command_line(binary, generator.line(lines[e])) + "\n";
  }
  ADD_FAILURE() << report;
}

}  // namespace
}  // namespace verflixt::testing::fuzz
