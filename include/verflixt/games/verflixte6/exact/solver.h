#pragma once
// The exact optimal solo policy (docs/rules/verflixte6.md §5) by dynamic programming over every decision of
// the solo model (solo_model.h): stop, roll, which joker when, and every choice inside a
// joker (Anaconda, Rattenlord, Monokel, Senigma) and every reaction (Runkelrüb, classic
// fumo). The solved policy plays as a SolvedPolicy in the engine and compiles to a chain.
//
// Eyes are unbounded (plain throws can go on, All In doubles), so the solver works on a
// finite part of the state space: plain throws (roll, and announcing Fumo) are not
// considered at a *risk* above `risk_cap`, the risk being the eyes a 6 would cost (eyes
// minus the Ventil floor, or the eyes without one). Ventil is never restricted: its own
// throw risks nothing. Above the cap only jokers remain, each spent or used up after
// finitely many steps, so the part is finite. (A Ventil floor does not add a dimension:
// without All In the rest of the turn is shift-invariant, see normal_form, solver_values.h.)
//
// Why this is exact and not a guess: the solver proves a posteriori, per loadout, that a
// plain throw is never optimal above the cap (`cap_certified`). Group the states into
// classes H = (jokers held, Frostschutz uses, Fumo active), which a roll never leaves. For a
// state s of risk r > R in class H, a roll gives at most
//   (1/6) sum_f (e + g_f + C_H) + (1/6)[p_H (e + C_{H\Runkelrüb}) + (1 - p_H)(e - r + K)],
// the sum over the five surviving faces f, g_f the largest gain a plain throw of face f can
// bring in the class's mode (S = sum_f g_f), C_H the largest advantage V(s') - eyes(s') over
// solved states above the cap in class H (every successor of a roll from above the cap is
// again above it), p_H Runkelrüb's save chance if held, and K the best value
// of a classic fumo re-entry (0 without one). Stopping or the best joker gives at least
// e + D_H, D_H the smallest such advantage. The roll is dominated for every r > R as soon as
// R >= [S + 5 C_H + p_H C_{H\R} + (1 - p_H) K - 6 D_H] / (1 - p_H), which the solver checks
// for every class it met above the cap and reports as `cap_needed`. Then the truncated values
// satisfy the Bellman equation of the untruncated game everywhere, and since every policy
// ends the turn with probability 1 (each plain throw ends it with probability >= 1/6 minus
// Runkelrüb's single save; jokers are finitely many), that solution is the unique one: the
// truncated optimum is the true optimum. One step rests on measurement rather than proof:
// C_H and D_H are taken over the solved states above the cap, not over all eyes. Above the
// cap only jokers act, each adding a bounded amount (All In's expected factor is
// 2·allin_max_face/6 <= 1 in both presets), so the advantage V - e there settles to a
// constant as the eyes grow, and the solved band, which reaches past the cap by every
// joker's largest gain, is where it varies; with allin_max_face > 3 the certificate is
// refused. Empirically, solving every tournament loadout with caps 100/600 and with the
// automatic caps gives the same EVs to 1e-14. An uncertified result is still a valid lower
// bound on the optimum (it is the value of a real policy).
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"

namespace verflixt::verflixte6 {

struct SolverOptions {
  // The caps come per class of state — Runkelrüb held or not, Fumo active or not — because a
  // roll never leaves its class (a Runkelrüb save lands in a class without Runkelrüb, whose
  // cap is never higher). 0 = automatic, from the certificate's own formula with C_H = D_H:
  // S + 10 without Runkelrüb (S = sum of the per-face gains in the class's mode: 30..45 in
  // the presets), 1.25 S / (1 - p) + 10 with it (235..430 with the 8/9 save; the advantage
  // above the cap varies more there). Runkelrüb makes rolling pay up to about 270 eyes.
  int risk_cap = 0;         // > 0: this cap for every class without Runkelrüb
  int runkel_risk_cap = 0;  // > 0: this cap for every class with Runkelrüb
  // If the certificate still fails, solve again with the caps it asks for (plus 20%).
  int retries = 1;
  // Also solve the stop thresholds of every subset of the loadout (see SoloSolution).
  bool thresholds = true;
  // Keep the solved table (values and decisions) for a SolvedPolicy; batch runs drop it.
  bool keep_table = true;
  // The most states one solve may intern (about 90 bytes each): past it the solve throws
  // BudgetExceeded instead of growing. The default is the most a .policy file may hold; the
  // server gives each request far fewer, so a changed ruleset cannot take its memory.
  std::size_t max_states = 40'000'000;
  // Evaluate the states in the sorted order (false: depth first, the order rules that break
  // the sorted one fall back to; the values are the same either way, which a test holds).
  bool sorted_order = true;
};

// The solver's decisions: the value of every solved non-terminal state and the optimal
// action of every decision state. States with a Ventil floor and without All In are stored
// shifted to floor 0 (see normal_form, solver_values.h): their values are then relative to the
// floor, which SolvedPolicy::value adds back.
struct SolvedDecisions {
  struct Entry {
    double value = 0;
    Action action;  // only meaningful for decision states
  };
  std::unordered_map<SoloKey, Entry, SoloKeyHash> entries;
  std::vector<TurnState> states;  // the same states, in a fixed order (for files)
};

// The smallest eyes (0..the risk cap) at which stopping is optimal, holding `held` (Frostschutz
// unused) after `robbing_ones` robbing 1s, no floor, Fumo not active; -1 if stopping is never
// optimal there (e.g. Hirtenschutz held: using it always adds eyes).
struct StopThreshold {
  JokerSet held;
  int robbing_ones = 0;
  int eyes = -1;
};

struct SoloSolution {
  JokerSet loadout;
  double ev = 0;                // optimal expected solo value of a turn
  double bust_probability = 0;  // probability of ending eliminated under the optimal policy
  // The stop threshold once every announceable joker is spent: holding only the loadout's
  // autojokers and reactions (Jule, Tentakel, Runkelrüb, classic fumo), no robbing 1 yet.
  int threshold = -1;
  std::vector<StopThreshold> thresholds;  // every subset of the loadout × robbing 1s
  int risk_cap = 0;          // the caps finally used (classes without Fumo active)
  int runkel_risk_cap = 0;
  double cap_needed = 0;     // the smallest cap (without Runkelrüb held) the certificate accepts
  double runkel_cap_needed = 0;  // ... with Runkelrüb held
  bool cap_certified = false;
  std::size_t states = 0;    // states solved
  std::shared_ptr<const SolvedDecisions> table;  // null unless options.keep_table
};

// Solves one loadout. Throws InputError if the rules allow a step that makes no progress
// (a cycle; e.g. --set tentakel.bonus=-5), which dynamic programming cannot order.
SoloSolution solve_solo(const Rules& rules, JokerSet loadout, const SolverOptions& options = {});

// Solves many loadouts in parallel (OpenMP over loadouts; each result is independent of the
// thread that computed it, so the output is deterministic). Polls control.stop between
// loadouts; unsolved loadouts are then missing from the result (their order is kept).
std::vector<SoloSolution> solve_loadouts(const Rules& rules, std::span<const JokerSet> loadouts,
                                         const SolverOptions& options = {}, const core::RunControl& control = {});

// The policy of a solved table: decisions and inner choices as the solver took them.
// A state outside the table (only reachable from outside the solo model, e.g. at a table
// where a steal lapsed) falls back to stopping at the solution's threshold or rolling below.
class SolvedPolicy final : public Policy {
 public:
  SolvedPolicy(Rules rules, JokerSet loadout, std::shared_ptr<const SolvedDecisions> table, int fallback_threshold,
               std::string name = "table");
  std::string name() const override { return name_; }
  Action decide(const TurnView& view) const override;
  bool anaconda_fight(const TurnView& view, int attack) const override;
  bool rattenlord_retreat(const TurnView& view, int throws_left) const override;
  bool monokel_rethrow(const TurnView& view, int index, int face, int kept) const override;
  bool senigma_counter(const TurnView& view, int round, int attack, int won, int lost) const override;
  bool use_runkelrueb(const TurnView& view) const override;
  bool use_fumo_reentry(const TurnView& view) const override;
  bool decide_reads_table() const override { return false; }  // a table of solo states
  bool inner_choices_read_table() const override { return false; }

  const Rules& rules() const { return rules_; }
  JokerSet loadout() const { return loadout_; }
  const SolvedDecisions& table() const { return *table_; }
  // The solved value of a state (terminal: its eyes); NaN outside the table.
  double value(const TurnState& s) const;

 private:
  bool delta_choice(const TurnView& view, Joker joker, const InnerChoice& wanted) const;

  Rules rules_;
  JokerSet loadout_;
  std::shared_ptr<const SolvedDecisions> table_;
  int fallback_threshold_;
  std::string name_;
};

// The .policy text format (strategies/*.policy), version 1:
//   # comment lines
//   verflixt-policy 1
//   version <kVersion of the writer>
//   rules <rules_summary(rules)>
//   loadout <loadout_name>
//   risk_cap <int>
//   ev <optimal EV, %.17g>
//   threshold <int>
//   states <count>
//   then one line per state: phase eyes robbing_ones held frost_used fumo_active fumo_gain
//   has_floor floor action value — phase F (before a free throw) or D (decision), held as
//   hex bits (bit k = Joker k, rule order), action stop|roll|<joker id> (- for F), value
//   %.17g. Reading checks the rules line against the given rules (a table is only valid
//   for the rules it was solved under) and throws InputError naming the file and line: every
//   number must be whole and in range (no "16abc", nan or inf), `states` at most the
//   solver's 40 million and equal to the state lines (checked before anything is reserved),
//   held jokers within the loadout, no state twice. CRLF line ends are accepted.
void write_policy(std::ostream& out, const Rules& rules, const SoloSolution& solution);
std::unique_ptr<SolvedPolicy> read_policy(std::istream& in, const Rules& rules, const std::string& source);
std::unique_ptr<SolvedPolicy> read_policy_file(const std::string& path, const Rules& rules);

// read_policy_file as a plain Policy, for make_policy ("*.policy").
std::unique_ptr<Policy> load_solved_policy(const std::string& path, const Rules& rules);

// A SolvedPolicy straight from a solution (which must keep its table).
std::unique_ptr<SolvedPolicy> table_policy(const Rules& rules, const SoloSolution& solution);

}  // namespace verflixt::verflixte6
