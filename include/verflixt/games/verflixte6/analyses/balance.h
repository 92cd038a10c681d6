#pragma once
// Joker balance for rule designers (`verflixt balance`): how much a joker lifts one
// player's evening P(win) at a table of a fixed field, under several *policy families* — ways
// the tested seat plays a loadout — with a strongest / weakest verdict only where every family
// agrees beyond its errors, a changed ruleset against its preset, a sweep of one joker
// parameter and auto-balance (the parameter values that bring a joker's lift within the spread
// of the other jokers' lifts).
//
// Pairing (as tuning.h does it). Series s of evenings (O6) of every run with seed `seed` draws
// its dice from chunk_rng(seed, s), so two runs that differ only in the tested seat's loadout
// or in one rule play series s from the same dice stream, re-synchronized at every series.
// The per-series results of the two runs are then matched pairs, and every difference — a
// lift (joker − base), two jokers' lifts, preset − variant — is judged by the standard error
// of its per-series differences (paired), far smaller than the independent runs' sqrt(se_a² +
// se_b²), which the JSON keeps for comparison. The mean of a difference is always exactly the
// difference of the two means (the same doubles subtracted), so rows and differences agree.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/run_control.h"
#include "verflixt/core/stats.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/analyses/objective.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

// How the tested seat plays one loadout (a joker priority list, P2): its policy and selector.
// A null policy means the family cannot play that loadout (e.g. the solver cannot order the
// rules); the family's rows are then missing, never guessed.
struct FamilyPlayer {
  std::shared_ptr<const Policy> policy;
  std::shared_ptr<const Selector> selector;  // null selects no jokers
};

// A policy family: a name and a factory "how the tested seat plays loadout L under rules R".
// Adding a family to balance is one more entry in the list (e.g. the strong table policy).
struct PolicyFamily {
  std::string name;
  std::function<FamilyPlayer(const Rules&, const std::vector<Joker>&)> play;
};

// The same policy (a file, e.g. heuristic.ini) for every loadout, selecting the loadout's list.
PolicyFamily fixed_policy_family(std::shared_ptr<const Policy> policy);
// The exact solo solver's policy for the loadout (solver.h, SolvedPolicy), named "solver".
PolicyFamily solver_family();
// The strong table policy for the loadout (strong_policy.h: the solver's jokers, position
// stopping, the exact last-seat DP in the last seat of the last pass), named "strong"; it
// selects the loadout's list and tells the policy which pass it is (with_pass_context).
struct StrongParams;
PolicyFamily strong_family(const StrongParams& params);

// The table: seat 0 is the tested player, seats 1..players-1 the field.
struct BalanceTable {
  int players = 4;
  const Policy* field_policy = nullptr;
  const Selector* field_selector = nullptr;  // null selects no jokers
  std::vector<Joker> field_jokers;           // the field's list (to know who holds a joker)
  bool final = false;                        // play final evenings (P2)
  int series_length = 1;                     // O6
  PassEngine engine = PassEngine::Auto;      // requested; resolved per run (objective.h)
};

// The tested seat's and the field's three objectives.
enum class Measure { win, loser, eyes };
enum class Group { tested, field };

// One run of the table: per series, the tested seat's and the field's sums (win in kWinUnit,
// the field summed over its seats).
struct TableRun {
  static constexpr int kFeatures = 6;  // tested win, loser, eyes; field win, loser, eyes
  std::vector<std::array<std::int64_t, kFeatures>> series;  // [series][feature]
  std::vector<char> done;                                   // finished series
  int series_length = 1;
  int field_seats = 1;
  std::uint64_t evenings = 0;     // evenings finished (whole series)
  std::uint64_t requested = 0;
  PassEngine engine = PassEngine::Reference;
  bool interrupted = false;

  // The mean per evening (and per seat for the field) with its standard error over series.
  core::Estimate estimate(Group g, Measure m) const;
};

// Plays `evenings` evenings (rounded up to whole series) with the tested seat playing `tested`.
TableRun play_balance_table(const Rules& rules, const BalanceTable& table, const FamilyPlayer& tested,
                            std::uint64_t evenings, std::uint64_t seed, int threads, const core::RunControl& control = {});

// A difference Σ coefficient · run, e.g. {{with, +1}, {base, −1}} for a lift, over the series
// every run finished: mean exactly Σ c · mean(run), and its standard error from the per-series
// combination (paired) and with the runs treated as independent.
struct Difference {
  core::Estimate paired;
  double independent_se = 0;
};
Difference difference(const std::vector<std::pair<const TableRun*, int>>& terms, Group g, Measure m);
// b − a, the common case.
Difference difference(const TableRun& b, const TableRun& a, Group g, Measure m);

// Whether a joker was never played: its run and the base run ended every finished series
// exactly alike (every seat's P(win), P(loser) and eyes), so its lift is exactly 0 in every
// series. Such a joker is "unused" under the family, not "balanced".
bool never_played(const TableRun& with, const TableRun& base);

// Each tested joker's lift under every family, and the verdict.
struct FamilyRows {
  std::string family;
  std::optional<TableRun> base;               // the base loadout; nullopt: the family cannot play it
  std::vector<std::optional<TableRun>> with;  // per tested joker (the joker first, then the base)
};
struct JokerTable {
  std::vector<Joker> tested;
  std::vector<Joker> base;
  std::vector<double> solo_lift;  // exact: optimal solo EV of joker + base minus of base; NaN if unsolvable
  std::vector<FamilyRows> families;
  std::uint64_t runs_done = 0, runs_total = 0;
  bool interrupted = false;
  // Each family's own verdict: the joker whose P(win) beats (trails) every other tested joker's
  // by more than 2 paired SE under that family; and, where none does, how many evenings per
  // run would make the two leading (trailing) jokers' observed difference 2 paired SE (from
  // the observed paired variance: SE shrinks as 1/sqrt(evenings)); NaN where it is decided or
  // the difference is exactly 0.
  struct FamilyVerdict {
    std::string strongest, weakest;
    std::string strongest_pair, weakest_pair;  // "a and b": the two jokers the estimate is for
    double evenings_strongest = 0, evenings_weakest = 0;
    core::Estimate base;                             // the family's base P(win): its strength
  };
  std::vector<FamilyVerdict> verdicts;  // per family
  // The headline: the verdict of the strongest family, the one whose base loadout wins most
  // often at this table (base P(win), the same dice for every family); the others are
  // robustness checks. strongest / weakest are the headline family's.
  std::size_t headline = 0;
  std::string strongest, weakest;
  // Every family (at least two) agreeing, the stricter reading.
  std::string agreed_strongest, agreed_weakest;
  double z = 2;  // a verdict needs a difference beyond z paired SE (2; more under --until-verdict)
  // The largest / smallest lift (point estimate) per family, whether separated or not.
  std::vector<std::string> largest, smallest;
  // unused[f][k]: tested joker k was never played under family f (never_played).
  std::vector<std::vector<char>> unused;
};

// The verdicts of `t` (verdicts, headline, strongest, weakest, agreed_*, unused, largest,
// smallest) from its runs, a difference counting beyond `z` paired SE.
void decide_verdicts(JokerTable& t, double z);

// Called around every run: `begin(label)` gives the run's control (progress, stop), `end()`
// closes it. Empty functions: no progress, no stop.
struct RunHooks {
  std::function<core::RunControl(const std::string& label)> begin;
  std::function<void()> end;
  std::function<bool()> stopped;  // a stop between runs
};

struct BalanceRun {
  std::uint64_t evenings = 20000;
  std::uint64_t seed = 1;
  int threads = 1;
};

// The tested jokers' lifts (each joker selected first, then `base`) under every family. The
// base of the first family is played first; after a stop the run under way is dropped and no
// new one starts (a base run cut short is kept, marked, as without it nothing shows).
JokerTable measure_jokers(const Rules& rules, const BalanceTable& table, const std::vector<PolicyFamily>& families,
                          const std::vector<Joker>& base, const std::vector<Joker>& tested, const BalanceRun& run,
                          const RunHooks& hooks = {});

// --until-verdict: measure_jokers in blocks of run.evenings evenings, each block on its own
// dice (seed + block), the blocks pooled series by series (so every lift stays paired), until
// the headline family names both a strongest and a weakest joker or `budget` evenings per run
// are spent. The sequential rule: a verdict needs a difference beyond z paired SE with z =
// sequential_z(looks, families, jokers, alpha), so that over every look, family and pair of
// jokers the chance of naming any joker strongest or weakest among jokers that are in truth
// equal is at most alpha (Bonferroni; the normal approximation of each difference).
struct SequentialRun {
  JokerTable table;
  int blocks = 0, looks = 0;  // blocks played, blocks the budget allows
  bool decided = false;       // stopped at a verdict (else at the budget or a stop)
  double z = 2, alpha = 0.05;
};
SequentialRun measure_until_verdict(const Rules& rules, const BalanceTable& table,
                                    const std::vector<PolicyFamily>& families, const std::vector<Joker>& base,
                                    const std::vector<Joker>& tested, const BalanceRun& block, std::uint64_t budget,
                                    const RunHooks& hooks = {}, double alpha = 0.05);
// The sequential loop itself, on any source of blocks (a block's JokerTable, nullopt after a
// stop): pools block after block and stops at the headline verdict (z) or after `looks`. A
// block that throws core::Interrupted (a stop during its solves) counts as a stop after the
// first block; in the first, it is rethrown.
SequentialRun run_until_verdict(int looks, double z, const std::function<std::optional<JokerTable>(int)>& play_block,
                                const std::function<bool()>& stop = {});
// The z of the sequential rule: the two-sided normal quantile at alpha / (looks · families ·
// jokers · (jokers − 1) / 2).
double sequential_z(int looks, int families, int jokers, double alpha);
// Appends `more`'s series (another block of the same table) to `run`.
void pool_series(TableRun& run, const TableRun& more);

// The exact optimal solo EV of a loadout (solver.h), NaN when the solver cannot order or
// certify the rules.
double solo_ev(const Rules& rules, const std::vector<Joker>& loadout);

// The jokers whose rules section differs between two rulesets (rules_to_ini), in rule order.
std::vector<Joker> changed_jokers(const Rules& a, const Rules& b);

// KEY=A..B for --vary and --auto: a joker's integer parameter and its range (at most 50
// values, each checked by set_rule before anything runs). Throws InputError naming `option`.
struct ParamSweep {
  std::string key;
  Joker joker = RUNKELRUEB;
  int lo = 0, hi = 0;
  std::vector<Rules> rules;  // rules[v - lo]
};
ParamSweep parse_param_sweep(const std::string& spec, const Rules& rules, const std::string& option);

// One value of a sweep: the joker's lift under every family (nullopt where a family cannot
// play it) and its exact solo EV lift.
struct VaryPoint {
  int value = 0;
  std::vector<std::optional<TableRun>> base, with;  // per family
  double solo_lift = 0;                             // NaN when unsolvable
};
// Plays one value of the sweep. The base run is reused from `shared_base` (per family) when
// nobody but the tested seat's `with` loadout holds the joker (the changed rule then touches
// no one else, so the base is the same evenings), else played under the value's rules.
VaryPoint measure_sweep_point(const ParamSweep& sweep, int value, const BalanceTable& table,
                               const std::vector<PolicyFamily>& families, const std::vector<Joker>& base,
                               const std::vector<std::optional<TableRun>>& shared_base, const BalanceRun& run,
                               const RunHooks& hooks, bool& interrupted);

// Auto-balance (--auto KEY=A..B). The target is the spread of the OTHER tested jokers' lifts
// under the same family: [lift of the joker with the smallest lift, lift of the one with the
// largest]. A value balances the joker when its lift lies in that spread; the confidence set
// is every value whose lift is not above the largest other lift, nor below the smallest, by
// more than 2 paired SE. The exact version does the same with exact solo EV lifts.
struct AutoPoint {
  int value = 0;
  core::Estimate lift;        // paired SE (exact: se 0)
  core::Estimate vs_high;     // lift − the largest other lift (paired)
  core::Estimate vs_low;      // lift − the smallest other lift (paired)
  bool unused = false;  // the value makes the joker never played: never balanced
};
struct AutoResult {
  std::string family;   // a family's name, or "solo EV (exact)"
  bool exact = false;
  std::string high_joker, low_joker;  // whose lifts bound the spread
  std::vector<std::string> unused;    // other jokers never played, left out of the spread
  core::Estimate high, low;                 // their lifts
  std::vector<AutoPoint> points;      // every value evaluated, in value order
  std::vector<int> balanced;          // values whose lift lies in the spread
  std::vector<int> confidence;        // values not distinguishable from the spread (2 SE); exact: = balanced
  bool monotone = true;               // the evaluated lifts were monotone within 2 SE (exact: strictly)
  bool complete = true;               // false when a stop cut the search short
  std::string note;
};

// The search over the integer parameter for one family (or the exact solo lift): the ends
// first, then bisection for the two borders of the balanced set and of the confidence set,
// which are intervals when the lift is monotone in the parameter. If the evaluated lifts are
// not monotone (a reversal beyond 2 paired SE), every value of the range is evaluated instead
// and the sets are read off directly (they may then be gaps), with a note.
// `evaluate(v)` returns the point for value v (nullopt after a stop).
AutoResult bracket_balance(int lo, int hi, const std::function<std::optional<AutoPoint>(int)>& evaluate);

// Auto-balance of sweep.joker: the other jokers' lifts at `rules` (measure_jokers over
// `others`, which must not hold the swept joker), then one bracketing search per family and
// one over the exact solo EV lift (targets: the others' exact solo lifts). results[f] is
// family f, results.back() the exact search.
struct AutoBalance {
  JokerTable others;
  std::vector<AutoResult> results;
  bool interrupted = false;
};
AutoBalance auto_balance(const Rules& rules, const ParamSweep& sweep, const BalanceTable& table,
                         const std::vector<PolicyFamily>& families, const std::vector<Joker>& base,
                         const std::vector<Joker>& others, const BalanceRun& run, const RunHooks& hooks = {});

}  // namespace verflixt::verflixte6
