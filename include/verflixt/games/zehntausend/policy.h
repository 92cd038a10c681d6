#pragma once
// Zehntausend strategies (the rules never include this header). A seat picks, at the start of
// each turn and from the game totals, one turn policy (turn_solver.h) and plays it to the end
// of the turn. Every turn policy is compiled once with its exact distribution of turn results
// (turn_solver.h's evaluate_turn), so the game kernel draws a whole turn from an alias table
// while the reference engine plays the same policy die by die.
//   optimal            the turn-score maximizer (solve_turn)
//   bank:N             bank from N points on, set-asides for the most expected points
//   reach:N            throw until N, set-asides for the best chance of N
//   heuristic:FILE     thresholds per dice left and a set-aside rule (strategies/zehntausend/)
//   policy:FILE        a turn policy written by `solve --game zehntausend --write-policy`
//   shift:D, cross:N   the optimal thresholds moved by D / capped at N (TurnLibrary)
//   race[:W,M,BG,BB,AG,AB]  end-game aware (RaceParams below)
//   exact[:FILE]       the exact two-player race policy (race.h, race_seat.h)
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "verflixt/core/policy.h"
#include "verflixt/games/zehntausend/engine.h"
#include "verflixt/games/zehntausend/turn_solver.h"

namespace verflixt::zehntausend {

// A turn's result drawn in O(1): Walker's alias method over the exact turn distribution.
// Outcome 0 = a Niete on the first throw (Bankrott, Z4), 1 = a later Niete, 2 + t = t * 50
// points banked.
class TurnSampler {
 public:
  explicit TurnSampler(const TurnEvaluation& e);
  // One result from one 64-bit draw: the high 32 bits pick a column, the low 32 bits decide
  // between it and its alias (a resolution of 2^-32 per outcome).
  int draw(std::uint64_t bits) const {
    const auto col = static_cast<std::uint32_t>(((bits >> 32) * columns_) >> 32);
    return static_cast<std::uint32_t>(bits) < keep_[col] ? value_[col] : alias_[col];
  }
  static constexpr int kBankrott = 0, kNiete = 1;

 private:
  std::uint64_t columns_ = 0;
  std::vector<std::uint32_t> keep_;
  std::vector<int> value_, alias_;
};

// A turn policy with its exact evaluation and sampler.
struct CompiledTurn {
  TurnPolicy policy;
  TurnEvaluation eval;
  TurnSampler sampler;
  CompiledTurn(const TurnModel& m, TurnPolicy p);
  // A turn known by its distribution only (race_seat.h): the kernel draws it; it has no
  // decisions for the reference engine (policy.outcomes == 0).
  CompiledTurn(TurnEvaluation e, std::string name);
};

// Every turn policy a game can ask for, built once and shared by all threads: the optimal
// one at once, bank:N and reach:N on first use (thread-safe, lock-free once built).
class TurnLibrary {
 public:
  explicit TurnLibrary(const ZehntausendRules& rules);
  const TurnModel& model() const { return model_; }
  const TurnSolution& solution() const { return *solution_; }
  const CompiledTurn& optimal() const { return *optimal_; }
  const CompiledTurn& bank_at(int points) const { return cached(0, points); }
  const CompiledTurn& reach(int points) const { return cached(1, points); }
  // The optimal thresholds moved by `delta` points (bank later > 0, earlier < 0; never
  // below bank_min), set-asides for the most expected points: "shift:D".
  const CompiledTurn& shifted(int delta) const { return cached(2, delta); }
  // The optimal thresholds, but bank as soon as the turn total reaches `points`: "cross:N".
  const CompiledTurn& crossing(int points) const { return cached(3, points); }
  // Largest N of bank:N / reach:N.
  static constexpr int kMaxTarget = 200000;

 private:
  const CompiledTurn& cached(int kind, int points) const;
  TurnModel model_;
  std::unique_ptr<TurnSolution> solution_;
  std::unique_ptr<CompiledTurn> optimal_;
  static constexpr size_t kSlots = kMaxTarget / kPointStep + 1;
  mutable std::array<std::vector<std::atomic<const CompiledTurn*>>, 4> slots_;
  mutable std::vector<std::unique_ptr<CompiledTurn>> owned_;
  mutable std::unique_ptr<TurnPolicy> reach_base_;  // the widest reach policy yet (cached's)
  mutable std::mutex mutex_;
};

// Where a game stands at the start of a seat's turn.
struct GameView {
  std::span<const int> totals;
  int seat = 0;
  bool final_round = false;
  int best_other() const;
};

// The turn a seat plays, from where the game stands at the start of its turn (core/policy.h).
using SeatPolicy = core::Policy<GameView, const CompiledTurn&>;

// The same turn policy in every situation.
class FixedPolicy final : public SeatPolicy {
 public:
  FixedPolicy(const CompiledTurn& turn, std::string name) : turn_(turn), name_(std::move(name)) {}
  const CompiledTurn& decide(const GameView& ) const override { return turn_; }
  std::string name() const override { return name_; }

 private:
  const CompiledTurn& turn_;
  std::string name_;
};

// The end-game-aware race policy, a family with six parameters (points):
//   final round (someone reached the limit): reach one step past the best total (Z5);
//   window W: when the limit is at most W away, cross:(limit + M - my total) — the optimal
//   thresholds, but bank as soon as the total would reach limit + M;
//   behind by at least BG: shift:BB;  ahead by at least AG: shift:AB;  otherwise optimal.
// A window or gap "off" never applies.
struct RaceParams {
  static constexpr int kOff = 1 << 29;
  int window = 0, margin = 0, behind_gap = kOff, behind_bank = 400, ahead_gap = kOff, ahead_bank = 400;
  std::string spec() const;
};
// The race policy found by the search in results/zehntausend (scripts/zehntausend-results).
RaceParams default_race_params();

class RacePolicy final : public SeatPolicy {
 public:
  RacePolicy(const TurnLibrary& lib, RaceParams p) : lib_(lib), p_(p) {}
  const CompiledTurn& decide(const GameView& v) const override;
  std::string name() const override { return "race:" + p_.spec(); }
  const RaceParams& params() const { return p_; }

 private:
  const TurnLibrary& lib_;
  RaceParams p_;
};

class Race;
// Where the seats `exact` and `exact:FILE` (race_seat.h) get the solved two-player race: the
// command line reads its cache or the file; empty where none is at hand.
using RaceSource = std::function<std::shared_ptr<const Race>(const std::string& file)>;

// The turn policies, as make_turn_policy's errors and every command's help list them, and the
// race policy's form, a seat's besides them.
inline const std::string kTurnPolicyForms = "optimal, bank:N, reach:N, shift:D, cross:N, heuristic:FILE, policy:FILE";
inline const std::string kRacePolicyForm = "race[:W,M,BG,BB,AG,AB]";
// A seat's: a turn policy, a race policy, or the solved two-player race (exact, or one saved).
inline const std::string kSeatPolicyForms = kTurnPolicyForms + ", " + kRacePolicyForm + ", exact[:FILE]";

// A seat policy from its spec (list above); owned turn policies (files) live in the returned
// object. InputError for an unknown or malformed spec, with did-you-mean.
std::unique_ptr<SeatPolicy> make_seat_policy(const std::string& spec, const TurnLibrary& lib, const RaceSource& exact = {});
// A turn policy from a spec: optimal, bank:N, reach:N, shift:D, cross:N, heuristic:FILE, policy:FILE.
TurnPolicy make_turn_policy(const std::string& spec, const TurnLibrary& lib);
// The InputError make_turn_policy gives for a spec that names no turn policy (an unknown name,
// or a game policy: race, exact), without building anything: so that a command can refuse it
// before it reads, or warns about, what else it was given.
void check_turn_policy_name(const std::string& spec);
// Reads a heuristic INI file (strategies/zehntausend/heuristic.ini's keys).
TurnPolicy read_heuristic(const TurnModel& m, const std::string& text, const std::string& source, std::string name);

// The decision of a turn policy for the reference engine: the set-aside it keeps for the
// throw in `v` and whether it then banks.
Decision decide(const TurnModel& m, const TurnPolicy& p, const TurnView& v);

}  // namespace verflixt::zehntausend
