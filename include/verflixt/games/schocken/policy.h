#pragma once
// Schocken strategies: each reads what a player sees at a decision (S2 decision: his own
// throw, the throws he used, the limit, his place in the round; not the others' covered final
// hands) and returns a keep — stand, or which dice to keep while throwing the rest again. The
// rules never include this header.
//
// Specs (make_policy): `stand` (never throws again), `equilibrium` (the round equilibrium of
// solver.h for every table size), a heuristic INI file (strategies/schocken/*.ini), or a keep
// table file (*.policy, as `solve --game schocken --write-policy` writes it).
#include <array>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "verflixt/core/policy.h"
#include "verflixt/games/schocken/hand.h"
#include "verflixt/games/schocken/rules.h"

namespace verflixt::schocken {

// Which part of a half a round belongs to (S3).
enum class Phase : std::uint8_t { Distribution, PlayingOff };

// A player's view of one decision; asked only before a throw that is not his last.
struct TurnView {
  Dice dice{};
  int throws = 1;    // throws used so far
  int limit = 3;     // the most throws he may use (the starter's max_throws, else the starter's count)
  int position = 0;  // 0 = the round's starter, then in seat order
  int players = 2;   // players in this round
  Phase phase = Phase::Distribution;
  int my_chips = 0, stack = 0;
};

// A legal keep of keep_options(view.dice, rules), stand() to stand (core/policy.h).
using SchockenPolicy = core::Policy<TurnView, Keep>;

// A keep for every (throw, throws used) of one turn: the form of every exact policy.
using KeepTable = std::array<std::array<Keep, kMaxThrows>, kThrowCount>;
// Probabilities or values over (throw index, throws used - 1).
using TurnTable = std::array<std::array<double, kMaxThrows>, kThrowCount>;

class StandPolicy final : public SchockenPolicy {
 public:
  Keep decide(const TurnView&) const override { return stand(); }
  std::string name() const override { return "stand"; }
};

// A readable rule of thumb (INI file, [heuristic] section):
//   stand_at     = 6 5 4   stand once the hand is at least this one (any position)
//   chase_at     = 4 1 1   ...but as a follower with throws left, stand only from this hand
//   keep_pairs   = true    with no 1 showing, keep a pair and chase the General
// Keep rule: keep every 1 (two 1s: throw the third again); else a pair if keep_pairs; else
// keep the 6s (a high Zahl); else throw all three.
struct HeuristicParams {
  Dice stand_at{6, 5, 4};
  Dice chase_at{6, 5, 4};
  bool keep_pairs = true;
};
class HeuristicPolicy final : public SchockenPolicy {
 public:
  HeuristicPolicy(HeuristicParams params, std::string name) : params_(params), name_(std::move(name)) {}
  Keep decide(const TurnView& view) const override;
  std::string name() const override { return name_; }
  const HeuristicParams& params() const { return params_; }

 private:
  HeuristicParams params_;
  std::string name_;
};
HeuristicParams read_heuristic(std::istream& in, std::string_view source);

// Keep tables per (players in the round, position, limit): the round equilibrium's form.
struct RoundKeepTables {
  // tables[players][position][limit - 1]; sizes 0..8, only 2..8 filled.
  std::vector<std::vector<std::array<KeepTable, kMaxThrows>>> tables;
};
class SolvedPolicy final : public SchockenPolicy {
 public:
  SolvedPolicy(std::shared_ptr<const RoundKeepTables> tables, std::string name)
      : tables_(std::move(tables)), name_(std::move(name)) {}
  Keep decide(const TurnView& view) const override;
  std::string name() const override { return name_; }
  const RoundKeepTables& tables() const { return *tables_; }

 private:
  std::shared_ptr<const RoundKeepTables> tables_;
  std::string name_;
};
// The *.policy text form of round tables, and its reader (errors name the file and line).
std::string policy_file_text(const RoundKeepTables& tables, const SchockenRules& rules, const std::string& header);
RoundKeepTables read_policy_file(std::istream& in, std::string_view source, const SchockenRules& rules);

// The policies a seat takes, as make_policy's errors and every command's help list them.
inline const std::string kPolicyForms = "stand, equilibrium, a heuristic FILE.ini or a keep-table FILE.policy";

// Parses a spec (see above); the equilibrium is solved once and shared through `cache`.
// Unknown specs throw InputError naming the choices.
std::unique_ptr<SchockenPolicy> make_policy(const std::string& spec, const SchockenRules& rules,
                                            std::shared_ptr<const RoundKeepTables>& cache);

// The policies of a table, one per spec in seat order (seat 1 opens), the equilibrium solved
// once for every seat that plays it.
struct PolicyTable {
  std::vector<std::unique_ptr<SchockenPolicy>> owned;
  std::vector<const SchockenPolicy*> seats;
  std::vector<std::string> names;  // each seat's policy name
};
PolicyTable make_table(const std::vector<std::string>& specs, const SchockenRules& rules);

}  // namespace verflixt::schocken

namespace verflixt::schocken {

// One turn's keep table as a policy (the beat-the-hand solver's, or a test's), whatever the
// position, limit or table size.
class KeepTablePolicy final : public SchockenPolicy {
 public:
  KeepTablePolicy(const KeepTable& table, std::string name) : table_(table), name_(std::move(name)) {}
  Keep decide(const TurnView& v) const override {
    return table_[static_cast<size_t>(throw_index(v.dice))][static_cast<size_t>(v.throws - 1)];
  }
  std::string name() const override { return name_; }

 private:
  KeepTable table_;
  std::string name_;
};

}  // namespace verflixt::schocken
