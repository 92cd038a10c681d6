#include "verflixt/games/schocken/policy.h"

#include <filesystem>
#include <sstream>
#include <vector>

#include "verflixt/core/error.h"
#include "verflixt/core/data_path.h"
#include "verflixt/core/file_io.h"
#include "verflixt/games/schocken/solver.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::schocken {

Keep HeuristicPolicy::decide(const TurnView& view) const {
  const Dice& d = view.dice;
  const Dice& at = view.position == 0 ? params_.stand_at : params_.chase_at;
  if (hand_rank(d) >= hand_rank(at)) return stand();
  int ones = 0;
  for (int f : d) ones += f == 1;
  if (ones == 2) return Keep{{1, 1, 0}, 2};  // chase the Schock out or a higher Schock
  if (ones == 1) return Keep{{1, 0, 0}, 1};
  // Sorted: a pair is d[0] = d[1] or d[1] = d[2]; the 6s come first.
  if (params_.keep_pairs && d[0] == d[1]) return Keep{{d[0], d[1], 0}, 2};
  if (params_.keep_pairs && d[1] == d[2]) return Keep{{d[1], d[2], 0}, 2};
  if (d[0] == 6) return d[1] == 6 ? Keep{{6, 6, 0}, 2} : Keep{{6, 0, 0}, 1};
  return Keep{{0, 0, 0}, 0};
}

HeuristicParams read_heuristic(std::istream& in, std::string_view source) {
  HeuristicParams p;
  for (const auto& [key, value, where] :
       core::read_ini(in, source, {"heuristic.stand_at", "heuristic.chase_at", "heuristic.keep_pairs"})) {
    if (key == "heuristic.keep_pairs") {
      p.keep_pairs = core::parse_bool(value, key, where);
      continue;
    }
    Dice d{};
    try {
      d = parse_dice(value);
    } catch (const core::InputError& e) {
      throw core::InputError(where + ": " + e.what());
    }
    (key == "heuristic.stand_at" ? p.stand_at : p.chase_at) = d;
  }
  return p;
}

Keep SolvedPolicy::decide(const TurnView& v) const {
  const auto& t = tables_->tables;
  if (v.players >= static_cast<int>(t.size()) || t[static_cast<size_t>(v.players)].empty())
    throw std::logic_error("policy " + name_ + " has no table for " + std::to_string(v.players) + " players");
  return t[static_cast<size_t>(v.players)][static_cast<size_t>(v.position)][static_cast<size_t>(v.limit - 1)]
          [static_cast<size_t>(throw_index(v.dice))][static_cast<size_t>(v.throws - 1)];
}

std::string policy_file_text(const RoundKeepTables& tables, const SchockenRules& rules, const std::string& header) {
  std::ostringstream out;
  out << header << "# rules: " << rules_summary(rules) << "\n"
      << "# One line per (players in the round, position 0 = starter, limit, throws used): the keep for each\n"
      << "# throw, in this order:";
  for (const Dice& d : all_throws()) out << " " << d[0] << d[1] << d[2];
  out << "\n# S = stand, - = throw all three again, digits = the faces kept (the others are thrown again).\n";
  for (size_t n = 0; n < tables.tables.size(); ++n)
    for (size_t p = 0; p < tables.tables[n].size(); ++p)
      for (int limit = 1; limit <= kMaxThrows; ++limit)
        for (int k = 1; k < limit; ++k) {
          out << n << " " << p << " " << limit << " " << k << " :";
          for (int d = 0; d < kThrowCount; ++d)
            out << " " << keep_code(tables.tables[n][p][static_cast<size_t>(limit - 1)][static_cast<size_t>(d)][static_cast<size_t>(k - 1)]);
          out << "\n";
        }
  return out.str();
}

RoundKeepTables read_policy_file(std::istream& in, std::string_view source, const SchockenRules& rules) {
  RoundKeepTables t;
  t.tables.resize(kMaxPlayers + 1);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where = std::string(source) + ":" + std::to_string(number);
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream s(line);
    int n = 0, p = 0, limit = 0, k = 0;
    std::string colon;
    if (!(s >> n)) continue;  // blank or comment
    if (!(s >> p >> limit >> k >> colon) || colon != ":" || n < 2 || n > kMaxPlayers || p < 0 || p >= n ||
        limit < 1 || limit > kMaxThrows || k < 1 || k >= limit)
      throw core::InputError(where + ": expected 'players position limit throws :' with players 2..8, position "
                       "0..players-1, limit 1..3, throws 1..limit-1");
    auto& row = t.tables[static_cast<size_t>(n)];
    if (row.empty()) row.resize(static_cast<size_t>(n));
    for (int d = 0; d < kThrowCount; ++d) {
      std::string code;
      if (!(s >> code)) throw core::InputError(where + ": " + std::to_string(kThrowCount) + " keeps expected, got " + std::to_string(d));
      Keep keep;
      try {
        keep = parse_keep_code(code);
      } catch (const core::InputError& e) {
        throw core::InputError(where + ": " + e.what());
      }
      const Dice& dice = all_throws()[static_cast<size_t>(d)];
      if (!is_legal(keep, dice, rules))
        throw core::InputError(where + ": keep '" + code + "' is not possible from " + dice_text(dice));
      row[static_cast<size_t>(p)][static_cast<size_t>(limit - 1)][static_cast<size_t>(d)][static_cast<size_t>(k - 1)] = keep;
    }
    std::string extra;
    if (s >> extra) throw core::InputError(where + ": more than " + std::to_string(kThrowCount) + " keeps");
  }
  for (int n = 2; n <= rules.players; ++n)
    if (t.tables[static_cast<size_t>(n)].empty())
      throw core::InputError(std::string(source) + ": no table for rounds of " + std::to_string(n) + " players; valid files cover 2.." +
                       std::to_string(rules.players));
  return t;
}

// The built-in policies' names, as they are read and suggested.
const std::vector<std::string> kPolicyNames = {"stand", "equilibrium"};

std::unique_ptr<SchockenPolicy> make_policy(const std::string& given, const SchockenRules& rules,
                                            std::shared_ptr<const RoundKeepTables>& cache) {
  const std::string spec = core::policy_spelling(given, kPolicyNames);
  if (spec == "stand") return std::make_unique<StandPolicy>();
  if (spec == "equilibrium") {
    if (!cache) cache = std::make_shared<const RoundKeepTables>(equilibrium_tables(rules));
    return std::make_unique<SolvedPolicy>(cache, "equilibrium");
  }
  // A shipped policy is found by its name (`chase`) or its path from any directory.
  const std::string file = core::find_data_file(spec, "schocken");
  const std::filesystem::path path(file);
  const std::string ext = path.extension().string();
  if (ext == ".ini" || ext == ".policy") {
    std::istringstream in(core::read_text_file(file, "schocken policy file"));
    if (ext == ".ini") return std::make_unique<HeuristicPolicy>(read_heuristic(in, file), path.stem().string());
    return std::make_unique<SolvedPolicy>(std::make_shared<const RoundKeepTables>(read_policy_file(in, file, rules)),
                                         path.stem().string());
  }
  throw core::InputError("unknown schocken policy " + core::quoted(spec) +
                         core::suggest(spec, kPolicyNames, kPolicyForms));
}

PolicyTable make_table(const std::vector<std::string>& specs, const SchockenRules& rules) {
  std::shared_ptr<const RoundKeepTables> cache;
  PolicyTable t;
  for (const auto& spec : specs) {
    t.owned.push_back(make_policy(spec, rules, cache));
    t.seats.push_back(t.owned.back().get());
    t.names.push_back(t.owned.back()->name());
  }
  return t;
}

}  // namespace verflixt::schocken
