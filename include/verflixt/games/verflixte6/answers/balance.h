#pragma once
// balance's answers (balance.h measures): each joker's lift under every policy family with the
// verdict, and the ruleset comparison when the rules differ from their preset; --vary, one
// joker parameter swept; --auto, the values of a parameter that balance its joker. Three
// modes, three answers, each with the one description text, JSON and CSV render from.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/games/verflixte6/analyses/balance.h"
#include "verflixt/games/verflixte6/rules/rules.h"
#include "verflixt/games/verflixte6/rules/seat.h"

namespace verflixt::verflixte6 {

// What balance is asked, as its options give it (each field the option of that name). The
// defaults are the options' defaults.
struct BalanceQuestion {
  int players = 4;                                      // table size (2..12)
  std::string policy = "strategies/heuristic.ini";      // the first family's policy
  std::string base = "none";                            // the tested seat's list without the tested joker
  std::string field = "strategies/heuristic.ini";       // every other seat: POLICY[@JOKERS]
  std::string jokers = "all";                           // all, or a list; with auto, the others
  std::uint64_t evenings = 20000;                       // per run (per block with until_verdict)
  bool final = false;                                   // final evenings (P2)
  std::optional<std::string> vary = {};                 // KEY=A..B: sweep one joker parameter
  std::optional<std::string> auto_ = {};                // --auto KEY=A..B (auto is a C++ keyword)
  std::uint64_t until_verdict = 0;                      // evenings per run at most; 0: one run
  bool no_solver_family = false;                        // skip the solver family
  std::string strong = "strategies/strong.ini";         // the strong family's file, or none
  std::string engine = "auto";                          // engine_named
  std::uint64_t seed = 1;
  int threads = 1;
};

// A question checked and its policies read: what the answers play. The table points into the
// field's seat, which owns its policy and selector on the heap, so a plan may move.
struct BalancePlan {
  Rules rules;
  SeatPlayer field_seat;
  BalanceTable table;
  std::vector<PolicyFamily> families;  // in column order
  std::vector<Joker> base;             // the tested seat's list without the tested joker
  std::vector<Joker> tested;           // the jokers to test; with auto, the others
  BalanceRun run;                      // evenings per run (a block's with until_verdict), seed, threads
  std::uint64_t until_verdict = 0;     // evenings per run the sequential joker table may spend; 0: one run
  ParamSweep sweep;                    // vary's or auto's parameter and range
  // What the answer repeats as it was asked.
  std::string policy;     // the first family's policy, by name
  std::string base_name;  // the base as given ("none" without jokers)
  std::string field;      // the field's seat as given
};

// Checks `question` in the order of balance's options and reads its policies (the strong
// family's file is the slow one to read); throws InputError naming the option.
BalancePlan prepare_balance(const Rules& rules, const BalanceQuestion& question);

// What every balance answer opens with: how the run was set up.
struct BalanceSetup {
  Rules rules;
  std::uint64_t seed = 0;
  std::uint64_t evenings = 0;  // per run (per block with --until-verdict)
  int players = 0;
  int series_length = 1;
  PassEngine engine = PassEngine::Auto;  // as requested; each run resolves auto on its own
  std::string policy, base, field;       // BalancePlan's
  std::vector<std::string> families;     // the policy families' names, in column order
};
BalanceSetup balance_setup(const BalancePlan& plan);

// The joker table: each tested joker's lift under every family and the verdict (played in
// blocks until a verdict with until_verdict); when the rules differ from their preset, the
// same table under both rulesets, the tested seat holding the jokers the change touches.
struct BalanceAnswer {
  BalanceSetup setup;
  Rules reference;       // the rules' preset
  bool compare = false;  // the rules differ from it: the comparison was asked
  JokerTable table;
  std::optional<SequentialRun> sequential;  // until_verdict: how the blocks ended
  bool has_base = false;                    // the first family's base run played evenings
  // The ruleset comparison, played by the first family: the preset's run and the rules' run,
  // compared when both finished.
  std::optional<TableRun> preset_run, rules_run;
  bool compared = false;
  std::vector<Joker> changed;                 // the jokers whose rules differ
  std::vector<std::string> compare_warnings;  // changed jokers nobody holds
  std::string compare_loadout;                // the tested seat's list in the comparison
  bool stopped = false;                       // a stop (Ctrl-C) was requested
};

// --vary: the swept joker's lift at each value under every family, and its exact solo EV lift.
struct BalanceVaryAnswer {
  BalanceSetup setup;
  ParamSweep sweep;
  std::vector<VaryPoint> points;  // the values measured, in order; a stop drops the one under way
  bool stopped = false;
};

// --auto: the values of the swept parameter that bring its joker's lift within the other
// tested jokers' spread, per family and exactly (auto_balance).
struct BalanceAutoAnswer {
  BalanceSetup setup;
  ParamSweep sweep;
  std::vector<Joker> others;  // the jokers balanced against
  AutoBalance result;
  bool stopped = false;
};

// Each answer computed under `hooks` (each run's progress and control, a stop between runs).
// balance_answer throws core::Interrupted when stopped before the first block was played.
BalanceAnswer balance_answer(const BalancePlan& plan, const RunHooks& hooks = {});
BalanceVaryAnswer balance_vary_answer(const BalancePlan& plan, const RunHooks& hooks = {});
BalanceAutoAnswer balance_auto_answer(const BalancePlan& plan, const RunHooks& hooks = {});
// How far each got: variants of the joker table (with the comparison), values, searches.
core::Completion completion(const BalanceAnswer& answer);
core::Completion completion(const BalanceVaryAnswer& answer);
core::Completion completion(const BalanceAutoAnswer& answer);
core::report::Report describe(const BalanceAnswer& answer);
core::report::Report describe(const BalanceVaryAnswer& answer);
core::report::Report describe(const BalanceAutoAnswer& answer);

}  // namespace verflixt::verflixte6
