#pragma once
// Advice at the table (issue 5): every legal action of the player on turn — stop, roll,
// each held joker — ranked by an objective of the pass: P(win), P(not a loser) (RULES.md P3
// on the standings evening total + pass result), or the expected pass result ("eyes").
// Exact where it can be: in the last seat, win and not-loser come from the LastSeatSolver
// (last_seat.h), whatever jokers are held and with Fumo active — each action's value with
// optimal play after it (victims, duel targets, choices inside jokers included). Otherwise,
// or when the DP needs more than kAdviceMaxStates states, Monte Carlo: the action, then
// finish_pass with the continuation policies, with common random numbers — sample i of
// every action draws the same dice stream — so differences between actions are sharp
// (paired standard errors).
#include <cstdint>
#include <string>
#include <vector>

#include "verflixt/games/verflixte6/engine.h"
#include "verflixt/games/verflixte6/last_seat.h"
#include "verflixt/games/verflixte6/objective.h"
#include "verflixt/games/verflixte6/policy.h"
#include "verflixt/games/verflixte6/rules.h"
#include "verflixt/core/run_control.h"

namespace verflixt {

enum class AdviceGoal : u8 { Win, NotLoser, Eyes };

struct AdviceSituation {
  PassSituation pass;              // table (self included), self, his turn so far, to_play
  std::vector<JokerSet> jokers;    // by player: what each Jungfrau still to play selected
  AdviceGoal goal = AdviceGoal::NotLoser;
};

struct ActionAdvice {
  Action action;
  Estimate value;                  // P(win) / P(not loser) / expected pass eyes
  Estimate versus_best;            // value minus the best action's, paired SE (0 for the best)
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
              const RunControl& control = {});

// Whether the last-seat DP applies (the last seat, objective win or not-loser); it answers
// exactly unless it needs more than kAdviceMaxStates states.
bool advice_is_exact(const Rules& rules, const AdviceSituation& s);

}  // namespace verflixt
