#include "verflixt/games/zehntausend/rules.h"

#include <functional>
#include <sstream>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::zehntausend {
namespace {

// One parameter: key, rule id, help, range, and the field it sets. Printing, reading, --set
// and the summary all walk this one list (the KataGo round trip, as rules.cpp does for
// Die verflixte 6).
struct Param {
  const char* key;
  const char* rule;
  const char* help;
  int lo, hi;
  int ZehntausendRules::*number = nullptr;
  bool ZehntausendRules::*flag = nullptr;
};

const std::vector<Param>& params() {
  using R = ZehntausendRules;
  static const std::vector<Param> table = {
      {"dice", "Z2", "dice of a turn (fewer than 6 only for reduced games)", 1, kMaxDice, &R::dice},
      {"single_one", "Z1", "points of a single 1", 0, 10000, &R::single_one},
      {"single_five", "Z1", "points of a single 5", 0, 10000, &R::single_five},
      {"triple_unit", "Z1", "three of a kind of face f (2..6) scores triple_unit * f", 0, 10000, &R::triple_unit},
      {"triple_ones", "Z1", "three 1s; each further die of a kind doubles", 0, 10000, &R::triple_ones},
      {"straight", "Z1", "1 2 3 4 5 6 as one throw of six; 0 = not special", 0, 100000, &R::straight},
      {"three_pairs", "Z1", "three pairs of different faces as one throw of six; 0 = not special", 0, 100000, &R::three_pairs},
      {"two_triples", "Z1", "two triples of different faces as one throw of six; 0 = not special", 0, 100000, &R::two_triples},
      {"bank_min", "Z3", "smallest turn total that may be banked (the seed: higher than 350)", 0, 100000, &R::bank_min},
      {"hot_dice", "Z2", "all dice set aside: throw all of them again, turn total kept", 0, 1, nullptr, &R::hot_dice},
      {"bankrott", "Z4", "a Niete on the first throw of a turn sets the game total to 0", 0, 1, nullptr, &R::bankrott},
      {"limit", "Z5", "game total that starts the final round", 50, 1000000, &R::limit},
      {"players", "Z5", "players at the table, seat 1 moves first", 2, kMaxPlayers, &R::players},
  };
  return table;
}

std::vector<std::string> keys() {
  std::vector<std::string> k;
  for (const auto& p : params()) k.emplace_back(p.key);
  return k;
}

std::string value_of(const ZehntausendRules& r, const Param& p) {
  return p.flag ? (r.*p.flag ? "true" : "false") : std::to_string(r.*p.number);
}

void assign(ZehntausendRules& r, const Param& p, std::string_view value, std::string_view source) {
  if (p.flag)
    r.*p.flag = parse_bool(value, p.key, source);
  else
    r.*p.number = parse_int(value, p.key, source, p.lo, p.hi);
}

}  // namespace

std::vector<std::string> preset_names() { return {"app"}; }

ZehntausendRules preset(std::string_view name) {
  // The preset's earlier id (older rules files carry it) is read as app and never printed.
  if (!match_name(name, {"seed-004"})) choose_name(name, preset_names(), "zehntausend preset");
  return ZehntausendRules{};
}

void validate(const ZehntausendRules& r) {
  for (const auto& p : params()) {
    if (p.flag) continue;
    const int v = r.*p.number;
    if (v < p.lo || v > p.hi)
      throw InputError(std::string("zehntausend rule ") + p.key + " = " + std::to_string(v) + " is out of range; valid: " +
                       std::to_string(p.lo) + ".." + std::to_string(p.hi));
    const std::string k = p.key;
    if (k != "dice" && k != "players" && v % kPointStep != 0)
      throw InputError("zehntausend rule " + k + " = " + std::to_string(v) + " must be a multiple of 50");
  }
  // A turn that can never bank would make every turn worthless; the solver needs a scoring
  // die (a positive single) so that every throw of dice has a chance to score.
  if (r.single_one == 0 && r.single_five == 0)
    throw InputError("zehntausend rules: single_one and single_five cannot both be 0 (a lone die could never score)");
}

std::string rules_ini(const ZehntausendRules& r) {
  std::ostringstream s;
  s << "# Zehntausend rules (verflixt --game zehntausend), rule ids of docs/rules/zehntausend.md\n"
       "[zehntausend]\n";
  for (const auto& p : params()) {
    s << "# " << p.rule << ": " << p.help;
    if (p.flag)
      s << " (true, false)\n";
    else
      s << " (" << p.lo << ".." << p.hi << ")\n";
    s << p.key << " = " << value_of(r, p) << "\n";
  }
  return s.str();
}

ZehntausendRules read_rules_ini(const std::string& text, std::string_view source, ZehntausendRules base) {
  std::vector<std::string> known;
  for (const auto& k : keys()) known.push_back("zehntausend." + k);
  std::istringstream in(text);
  for (const IniEntry& e : read_ini(in, source, known)) {
    const auto k = *match_name(e.key, known);
    assign(base, params()[k], e.value, e.where);
  }
  validate(base);
  return base;
}

void set_rule(ZehntausendRules& r, std::string_view assignment) {
  const auto [key, value] = split_assignment(assignment, keys());
  const size_t k = choose_name(key, keys(), "zehntausend rule");
  assign(r, params()[k], value, "--set");
  validate(r);
}

std::string rules_summary(const ZehntausendRules& r) {
  std::string out;
  for (const auto& p : params()) out += (out.empty() ? "" : " ") + std::string(p.key) + "=" + value_of(r, p);
  return out;
}

}  // namespace verflixt::zehntausend
