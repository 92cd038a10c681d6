#pragma once
// Advice at the table: every legal action of the player on turn — stop, roll,
// each held joker — ranked by an objective of the pass: P(win), P(not a loser) (docs/rules/verflixte6.md P3
// on the standings evening total + pass result), or the expected pass result ("eyes").
// Exact where it can be: in the last seat, win and not-loser come from the LastSeatSolver
// (last_seat.h), whatever jokers are held and with Fumo active — each action's value with
// optimal play after it (victims, duel targets, choices inside jokers included). Otherwise,
// or when the DP needs more than kAdviceMaxStates states, Monte Carlo: the action, then
// finish_pass with the continuation policies, with common random numbers — sample i of
// every action draws the same dice stream — so differences between actions are sharp
// (paired standard errors).
// The Monte Carlo ranking must be able to tell the actions apart. The default
// continuation fits the objective (ObjectiveContinuation: keep playing until the objective is
// met, jokers as the exact solo solver spends them); when the estimates do not separate the
// best action from the second (a difference within 2 paired SE, e.g. everything 0 ± 0) under
// another continuation, advise ranks again with the objective continuation and says so; ties
// never put stop first. With passes left after this one (AdviceSituation::passes_left) the
// rest of the evening is played out before scoring, and the exact DP does not apply.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/exact/last_seat.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/core/run_control.h"

namespace verflixt::verflixte6 {

enum class AdviceGoal : u8 { Win, NotLoser, Eyes };

struct AdviceSituation {
  PassSituation pass;              // table (self included), self, his turn so far, to_play
  std::vector<JokerSet> jokers;    // by player: what each Jungfrau still to play selected
  AdviceGoal goal = AdviceGoal::NotLoser;
  // Passes of the evening still to play, this one included: 1 = the last pass (the objective
  // is scored on the standings this pass leaves). With more, each later pass is played out
  // by Monte Carlo before scoring: everyone without jokers (what they hold now is for this
  // pass), the player advised with his continuation, the others with theirs, the first seat
  // of later pass p being the p-th seat after the player advised (P1's rotation).
  int passes_left = 1;
};

struct ActionAdvice {
  Action action;
  core::Estimate value;                  // P(win) / P(not loser) / expected pass eyes
  core::Estimate versus_best;            // value minus the best action's, paired SE (0 for the best)
  bool exact = false;
};

struct Advice {
  std::vector<ActionAdvice> ranked;  // best first
  bool exact = false;                // every value exact (last-seat DP)
  std::uint64_t samples = 0;         // Monte Carlo samples per action played (0 when exact)
  bool interrupted = false;          // a stop cut the samples short (whole chunks are kept;
                                     // ranked is empty when fewer than 2 were played)
  std::size_t dp_states = 0;
  std::string note;                  // why an exact answer fell back to Monte Carlo
  // Whether the ranking tells the best action from the second: exact, or the second trails
  // by more than 2 paired SE. False means the order among the leaders is not known.
  bool separated = true;
  std::string continuation;          // the own continuation the ranking used (Monte Carlo)
  std::string fallback;              // what was done because a first ranking did not separate
  double seconds = 0;
};

// The exact last-seat DP gives up beyond this many states and advise falls back to Monte
// Carlo, so an answer takes seconds, not minutes.
inline constexpr std::size_t kAdviceMaxStates = 250'000;

// The last seat's obvious rule, for Monte Carlo where the exact DP is too large: stop as
// soon as stopping scores the most it can (win: the sole lead; not-loser: not among the
// losers), otherwise roll; rob the leader by standing after the Keuler bonus.
class LastSeatGreedyPolicy final : public Policy {
 public:
  explicit LastSeatGreedyPolicy(AdviceGoal goal) : goal_(goal) {}
  std::string name() const override {
    return goal_ == AdviceGoal::Win ? "last-seat-greedy:win" : "last-seat-greedy:not-loser";
  }
  Action decide(const TurnView& view) const override;
  int choose_victim(const TurnView& view, int amount, std::span<const int> candidates) const override;

 private:
  AdviceGoal goal_;
};

// The continuation that fits the objective: for win and not-loser, stop as soon as
// stopping meets the objective on the standings as they are now (win: the sole lead; not-loser:
// not among the losers), otherwise keep playing; for eyes, the solo optimum. Jokers are
// announced where the exact solo solver for the jokers held (solver.h) announces them, and
// the choices inside jokers and the reactions are the solver's; a solver "stop" before the
// objective is met becomes a roll. Victims: Keuler bonus first, then the highest standing.
class ObjectiveContinuation final : public Policy {
 public:
  // `solved` may be null (no jokers held, or the solver failed): then no joker is announced.
  ObjectiveContinuation(AdviceGoal goal, std::shared_ptr<const Policy> solved);
  std::string name() const override;
  Action decide(const TurnView& view) const override;
  bool anaconda_fight(const TurnView& v, int attack) const override;
  bool rattenlord_retreat(const TurnView& v, int left) const override;
  bool monokel_rethrow(const TurnView& v, int i, int face, int kept) const override;
  bool senigma_counter(const TurnView& v, int round, int attack, int won, int lost) const override;
  bool use_runkelrueb(const TurnView& v) const override;
  bool use_fumo_reentry(const TurnView& v) const override;
  int choose_victim(const TurnView& view, int amount, std::span<const int> candidates) const override;

 private:
  AdviceGoal goal_;
  LastSeatGreedyPolicy stop_rule_;
  std::shared_ptr<const Policy> solved_;
};

// The objective continuation for the player on turn (solves his held loadout solo, within
// `max_solver_states`: past it BudgetExceeded is thrown, never a silently weaker policy).
std::unique_ptr<Policy> objective_continuation(const Rules& rules, const AdviceSituation& s,
                                               std::size_t max_solver_states = 40'000'000);

// The situation as advise understood it, one line per seat in order (who still plays, in
// which order), for the player to check.
std::vector<std::string> describe_situation(const AdviceSituation& s);

// Checks the situation and throws InputError naming what is impossible (statuses, eyes,
// robbing count, jokers held that the rules lack, a Zombie or Prinzessin to play ...).
void validate_situation(const Rules& rules, const AdviceSituation& s);

// The legal actions at the situation, stop and roll first, then jokers in rule order.
std::vector<Action> legal_actions(const Rules& rules, const PassSituation& s);

// Ranks every legal action. `self_policy` continues the own turn after the first action,
// `others_policy` plays the Jungfrauen still to play. `exact_if_possible` uses the DP for
// the last seat (any jokers, Fumo active or not). Monte Carlo polls `control` between chunks
// of samples; the exact DP is one unit of work and always runs to its end.
Advice advise(const Rules& rules, const AdviceSituation& s, const Policy& self_policy, const Policy& others_policy,
              std::uint64_t samples, std::uint64_t seed, int threads, bool exact_if_possible = true,
              const core::RunControl& control = {});

// The same with the own continuation built only when Monte Carlo needs it (the exact DP
// never does): building the objective continuation solves the held loadout, which can take
// far longer than the answer itself. `max_solver_states` bounds every solve advise runs
// (SolverOptions::max_states); a situation that needs more throws BudgetExceeded.
using PolicyFactory = std::function<std::shared_ptr<const Policy>()>;
Advice advise(const Rules& rules, const AdviceSituation& s, const PolicyFactory& self_policy,
              const Policy& others_policy, std::uint64_t samples, std::uint64_t seed, int threads,
              bool exact_if_possible, const core::RunControl& control, std::size_t max_solver_states);

// Whether the last-seat DP applies (the last seat, objective win or not-loser); it answers
// exactly unless it needs more than kAdviceMaxStates states.
bool advice_is_exact(const Rules& rules, const AdviceSituation& s);

// The ranking separates its best action from the second: |difference| > 2 paired SE.
bool ranking_separated(const std::vector<ActionAdvice>& ranked);

}  // namespace verflixt::verflixte6
