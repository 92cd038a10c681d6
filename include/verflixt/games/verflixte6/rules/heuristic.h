#pragma once
// A heuristic joker policy defined by an INI file in strategies/ (see
// strategies/heuristic.ini for every key, commented). It stops at a threshold, announces
// each joker inside an eyes window in a priority order, and answers the choices inside
// jokers with simple rules. It is data: the kernel compiles it to a table like any policy.
#include <array>
#include <iosfwd>
#include <string>
#include <vector>

#include "verflixt/core/ini.h"
#include "verflixt/games/verflixte6/rules/policy.h"

namespace verflixt::verflixte6 {

// The eyes a policy file may name (stop rules, joker windows, position parameters). A joker
// window of -kPolicyEyesLimit..kPolicyEyesLimit is the default: "whenever it is held".
inline constexpr int kPolicyEyesLimit = 1000;

struct HeuristicParams {
  int stop_at = 20;                  // stop at this many eyes or more
  std::vector<Joker> priority;       // announce order; jokers not listed are never announced
  std::array<int, JOKER_NB> use_from{};  // announce when use_from <= eyes <= use_to
  std::array<int, JOKER_NB> use_to{};
  int anaconda_fight_max = 6;        // J3: fight when the attack is at most this (6 = always)
  bool rattenlord_retreat = false;   // J5: retreat after a failed first throw
  int monokel_keep_from = 4;         // J9: keep a face of at least this, else re-throw
  int senigma_counter_from = 5;      // J10: let the defender counter from this attack on
  std::vector<Joker> loadout;        // P2: jokers to select for a pass, in preference order
};

class HeuristicPolicy final : public Policy {
 public:
  HeuristicPolicy(HeuristicParams params, std::string name)
      : p_(std::move(params)), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  Action decide(const TurnView& view) const override { return decide_with_stop(view, p_.stop_at); }
  // decide() with `stop_at` in place of the file's: the joker windows, then stop at
  // stop_at or more eyes (a position policy's compiled stop rule, position.h).
  Action decide_with_stop(const TurnView& view, int stop_at) const;
  bool anaconda_fight(const TurnView& view, int attack) const override;
  bool rattenlord_retreat(const TurnView& view, int throws_left) const override;
  bool monokel_rethrow(const TurnView& view, int index, int face, int kept) const override;
  bool senigma_counter(const TurnView& view, int round, int attack, int won, int lost) const override;
  // Only the legality of a Senigma duel reads the table (the kernel asks those live).
  bool decide_reads_table() const override { return false; }
  bool inner_choices_read_table() const override { return false; }
  const HeuristicParams& params() const { return p_; }

 private:
  HeuristicParams p_;
  std::string name_;
};

// The `kind` key of a policy file's [policy] section ("heuristic" when absent): which
// reader make_policy hands the file to.
std::string policy_file_kind(std::istream& in, const std::string& source);

// Reads a heuristic policy file; `source` names it in errors. Throws InputError on unknown
// keys, malformed lines and out-of-range values, like a rules file.
HeuristicParams read_heuristic(std::istream& in, const std::string& source);
// The same from entries already read (a position file hands over its heuristic keys).
HeuristicParams heuristic_from_entries(const std::vector<core::IniEntry>& entries);
// The keys a heuristic file takes.
std::vector<std::string> heuristic_keys();

}  // namespace verflixt::verflixte6
