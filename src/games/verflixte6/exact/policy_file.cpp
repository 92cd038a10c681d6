// .policy files (solver.h write_policy, read_policy): a solved table as text, and read back.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <istream>
#include <limits>
#include <map>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/verflixte6/exact/solver.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/version.h"

namespace verflixt::verflixte6 {

namespace {
std::string action_token(Action a) {
  if (a.kind == Action::Stop) return "stop";
  if (a.kind == Action::Roll) return "roll";
  return std::string(joker_id(a.joker));
}
std::string fmt17(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", x == 0 ? 0.0 : x);  // never "-0"
  return buf;
}
}  // namespace

void write_policy(std::ostream& out, const Rules& rules, const SoloSolution& sol) {
  if (!sol.table) throw std::logic_error("write_policy: the solution kept no table");
  out << "# verflixt solo policy table: the exact optimal solo policy (verflixt solve).\n"
         "# Each state line: phase eyes robbing_ones held(hex bits, bit k = joker k in rule order)\n"
         "#   frost_used fumo_active fumo_gain has_floor floor action value\n"
         "# phase F = before a free throw, D = decision; action stop|roll|<joker id> (- for F).\n"
      << "verflixt-policy 1\n"
      << "version " << kVersion << "\n"
      << "rules " << rules_summary(rules) << "\n"
      << "loadout " << loadout_name(sol.loadout) << "\n"
      << "risk_cap " << sol.risk_cap << "\n"
      << "ev " << fmt17(sol.ev) << "\n"
      << "threshold " << sol.threshold << "\n"
      << "states " << sol.table->states.size() << "\n";
  for (const TurnState& s : sol.table->states) {
    const auto& e = sol.table->entries.at(solo_key(s));
    char held[8];
    std::snprintf(held, sizeof held, "%x", static_cast<unsigned>(s.held.bits));
    out << (s.phase == TurnPhase::FreeThrow ? 'F' : 'D') << ' ' << s.eyes << ' ' << s.robbing_ones << ' ' << held
        << ' ' << s.frost_used << ' ' << s.fumo_active << ' ' << s.fumo_gain << ' ' << s.has_floor << ' ' << s.floor
        << ' ' << (s.phase == TurnPhase::FreeThrow ? "-" : action_token(e.action)) << ' ' << fmt17(e.value) << '\n';
  }
}

namespace {
// The solver never writes more states than this (SolverOptions::max_states' default).
constexpr std::size_t kMaxPolicyStates = 40'000'000;
// Eyes, floors and Fumo gains in a table: far beyond any solved state, far inside an int.
constexpr long long kMaxPolicyEyes = 100'000'000;

// The whole token as an integer in lo..hi (base 10, or 16 for the held set): "16abc",
// "1e3", "" and out-of-range values are refused.
bool whole_int(std::string_view tok, long long lo, long long hi, long long& out, int base = 10) {
  const auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), out, base);
  return !tok.empty() && ec == std::errc() && ptr == tok.data() + tok.size() && out >= lo && out <= hi;
}
// The whole token as a finite double ("nan", "inf" and "1.5x" are refused).
bool whole_finite(std::string_view tok, double& out) {
  const auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), out);
  return !tok.empty() && ec == std::errc() && ptr == tok.data() + tok.size() && std::isfinite(out);
}
// A read-only stream over text already in memory (no copy of a large policy file).
struct TextBuf : std::streambuf {
  explicit TextBuf(std::string& text) { setg(text.data(), text.data(), text.data() + text.size()); }
};
}  // namespace

std::unique_ptr<SolvedPolicy> read_policy(std::istream& in, const Rules& rules, const std::string& source) {
  std::string line;
  long long lineno = 0;
  auto fail = [&](const std::string& why) -> core::InputError {
    return core::InputError(core::printable(source) + ":" + std::to_string(lineno) + ": " + why);
  };
  // One line, CR of a CRLF line end dropped.
  auto next_line = [&] {
    if (!std::getline(in, line)) return false;
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  };
  std::map<std::string, std::string> header;
  const char* keys[] = {"verflixt-policy", "version", "rules", "loadout", "risk_cap", "ev", "threshold", "states"};
  for (const char* key : keys) {
    do {
      if (!next_line()) throw fail(std::string("missing header line '") + key + "'");
    } while (line.empty() || line[0] == '#');
    const auto sp = line.find(' ');
    if (line.substr(0, sp) != key) throw fail(std::string("expected header line '") + key + "', found " + verflixt::core::quoted(line));
    header[key] = sp == std::string::npos ? "" : line.substr(sp + 1);
  }
  if (header["verflixt-policy"] != "1") throw fail("unsupported policy format version " + verflixt::core::quoted(header["verflixt-policy"]));
  if (header["rules"] != rules_summary(rules))
    throw core::InputError(core::printable(source) + ": solved for rules " + verflixt::core::quoted(header["rules"]) + ", not for '" +
                     rules_summary(rules) + "'");
  const JokerSet loadout = parse_loadout(header["loadout"], rules, core::printable(source) + " loadout");
  long long threshold = 0, count = 0, risk_cap = 0;
  double ev = 0;
  if (!whole_int(header["risk_cap"], 0, kMaxPolicyEyes, risk_cap))
    throw fail("risk_cap " + verflixt::core::quoted(header["risk_cap"]) + " is not an integer in 0.." + std::to_string(kMaxPolicyEyes));
  if (!whole_finite(header["ev"], ev)) throw fail("ev " + verflixt::core::quoted(header["ev"]) + " is not a finite number");
  if (!whole_int(header["threshold"], -1, kMaxPolicyEyes, threshold))
    throw fail("threshold " + verflixt::core::quoted(header["threshold"]) + " is not an integer in -1.." + std::to_string(kMaxPolicyEyes));
  // Checked before anything is allocated for the states; the table then grows only with
  // lines actually read, so a header claiming a huge count costs nothing.
  if (!whole_int(header["states"], 1, static_cast<long long>(kMaxPolicyStates), count))
    throw fail("states " + verflixt::core::quoted(header["states"]) + " is not a count in 1.." + std::to_string(kMaxPolicyStates));
  const auto n = static_cast<std::size_t>(count);
  auto table = std::make_shared<SolvedDecisions>();
  table->states.reserve(std::min<std::size_t>(n, 1 << 16));
  while (next_line()) {
    if (line.empty() || line[0] == '#') continue;
    if (table->states.size() == n) throw fail("more state lines than the header's states " + std::to_string(n));
    std::istringstream ls(line);
    std::vector<std::string> tok;
    for (std::string t; tok.size() < 12 && ls >> t;) tok.push_back(std::move(t));
    if (tok.size() != 11)
      throw fail("malformed state line (expected 11 fields: phase eyes robbing_ones held frost_used fumo_active"
                 " fumo_gain has_floor floor action value)");
    auto field = [&](std::size_t k, const char* what, long long lo, long long hi, int base = 10) {
      long long v = 0;
      if (!whole_int(tok[k], lo, hi, v, base))
        throw fail(std::string(what) + " " + verflixt::core::quoted(tok[k]) + " is not " + (base == 16 ? "a hex integer" : "an integer") +
                   " in " + std::to_string(lo) + ".." + std::to_string(hi));
      return v;
    };
    if (tok[0] != "F" && tok[0] != "D") throw fail("phase " + verflixt::core::quoted(tok[0]) + "; valid: F, D");
    TurnState s;
    s.phase = tok[0] == "F" ? TurnPhase::FreeThrow : TurnPhase::Decide;
    s.eyes = static_cast<int>(field(1, "eyes", -kMaxPolicyEyes, kMaxPolicyEyes));
    s.robbing_ones = static_cast<int>(field(2, "robbing_ones", 0, 255));
    s.held = JokerSet{static_cast<u16>(field(3, "held", 0, JokerSet::all().bits, 16))};
    if ((s.held.bits & ~loadout.bits) != 0) throw fail("held " + verflixt::core::quoted(tok[3]) + " has jokers outside the loadout");
    s.frost_used = static_cast<int>(field(4, "frost_used", 0, 15));
    s.fumo_active = field(5, "fumo_active", 0, 1) != 0;
    s.fumo_gain = static_cast<int>(field(6, "fumo_gain", -kMaxPolicyEyes, kMaxPolicyEyes));
    s.has_floor = field(7, "has_floor", 0, 1) != 0;
    s.floor = static_cast<int>(field(8, "floor", -kMaxPolicyEyes, kMaxPolicyEyes));
    SolvedDecisions::Entry e;
    const std::string& act = tok[9];
    if (s.phase == TurnPhase::FreeThrow) {
      if (act != "-") throw fail("action " + verflixt::core::quoted(act) + " for a free-throw state; valid: -");
    } else if (act == "stop") {
      e.action = Action::stop();
    } else if (act == "roll") {
      e.action = Action::roll();
    } else {
      const Joker j = parse_joker(act, core::printable(source) + ":" + std::to_string(lineno) + " action");
      if (!s.held.has(j)) throw fail("action " + verflixt::core::quoted(act) + " uses a joker the state does not hold");
      e.action = Action::use(j);
    }
    if (!whole_finite(tok[10], e.value)) throw fail("value " + verflixt::core::quoted(tok[10]) + " is not a finite number");
    if (!table->entries.emplace(solo_key(s), e).second) throw fail("this state is given twice");
    table->states.push_back(s);
  }
  if (table->states.size() != n)
    throw fail("expected " + std::to_string(n) + " states, read " + std::to_string(table->states.size()));
  return std::make_unique<SolvedPolicy>(rules, loadout, std::move(table), static_cast<int>(threshold), source);
}

std::unique_ptr<SolvedPolicy> read_policy_file(const std::string& path, const Rules& rules) {
  std::string text = core::read_text_file(path, "policy file", core::kMaxPolicyFileBytes);
  TextBuf buf(text);
  std::istream in(&buf);
  return read_policy(in, rules, path);
}

std::unique_ptr<Policy> load_solved_policy(const std::string& path, const Rules& rules) {
  return read_policy_file(path, rules);
}

}  // namespace verflixt::verflixte6
