#pragma once
// Kniffel's answers as values, each with its one description (core/answer.h): what the solve,
// evaluate, tournament, advise and bench commands compute, whoever asks for them. The commands
// read the question from their options, compute the answer and print describe(answer) in the
// format asked for; every format renders from that one report.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "verflixt/core/answer.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/kniffel/play.h"
#include "verflixt/games/kniffel/rules.h"
#include "verflixt/games/kniffel/solver.h"

namespace verflixt::kniffel {

// What a computation asks of whoever runs it: the solution of a ruleset (from a cache, or
// solved under a progress line; core::Interrupted when stopped), games played under a control
// of the asker's (its progress line named `label`, its stop), and a word about the question
// that is no error (on the command line, a warning on stderr).
struct Asker {
  std::function<std::shared_ptr<const KniffelSolution>(const KniffelRules&)> solution;
  std::function<ScoreRun(const std::string& label, const std::function<ScoreRun(const core::RunControl&)>& play)>
      games;
  std::function<void(const std::string&)> warn;
};

// The head of every Kniffel result: the version, the game, its rules and the preset they were
// read over.
core::report::Report report_head(const KniffelRules& rules, const std::string& preset);

// The exact solitaire optimum.
struct SolveAnswer {
  std::shared_ptr<const KniffelSolution> solution;
  std::string preset;       // the preset the rules were read over, echoed in the head
  bool from_cache = false;  // read from the solution cache: nothing was solved or timed
};
core::report::Report describe(const SolveAnswer& answer);

// Games played with real dice: one seat alone (an evaluation, next to the exact optimum) or a
// tournament of 2..8 seats, each on its own sheet.
struct MatchAnswer {
  KniffelRules rules;
  std::string preset;
  std::vector<std::string> seats;  // each seat's policy name, seat 1 (who plays first) first
  std::uint64_t seed = 0;
  int threads = 1;
  ScoreRun run;
  bool tournament = false;              // a table: each seat's P(win) is shown
  std::optional<double> exact_optimum;  // evaluation only: the exact optimum the mean is set against
};
core::report::Report describe(const MatchAnswer& answer);
core::Completion completion(const MatchAnswer& answer);

// The policies of a table's seats as their specs name them ("optimal", "greedy", "chase"), on
// one solution: the asker's, got once and only if a seat needs it. A mistyped name throws
// before any solve.
struct SeatPolicies {
  std::vector<std::unique_ptr<KniffelPolicy>> owned;
  std::vector<const KniffelPolicy*> seats;
  std::vector<bool> chase;  // the seats that play their last turn for the win
  std::shared_ptr<const KniffelSolution> solution;
};
SeatPolicies seats_of(const KniffelRules& rules, const std::vector<std::string>& specs, const Asker& asker);
// The games a table plays and what the answer echoes of them.
struct MatchQuestion {
  std::string preset;
  std::uint64_t seed = 1;
  int threads = 1;
  std::uint64_t games = 100000;
  bool tournament = false;
};
// The games of `seats` under the asker's games (its progress line named `label`).
MatchAnswer play_match(const KniffelRules& rules, const SeatPolicies& seats, const MatchQuestion& question,
                       const std::string& label, const Asker& asker);

// Where the player to move stands within a turn.
struct Situation {
  Hand hand{};       // the five dice shown
  int throw_no = 1;  // the throws this turn has had
  Sheet sheet;       // the sheet, its upper total capped at the bonus threshold
  int upper = 0;     // the upper total as given, uncapped
};
// One choice of an advice: scoring the dice in a category, or keeping some and throwing again.
struct AdviceChoice {
  std::string kind;  // "score" or "keep"
  std::string what;  // the category, the dice kept, or "none" (throw all five again)
  double value = 0;  // the exact expected points still to come, this turn's included
};
// Every choice of a situation, ranked by its value under optimal play afterwards.
struct Advice {
  KniffelRules rules;
  std::string preset;
  Situation at;
  std::vector<AdviceChoice> choices;  // best first; equal values in category order, then the keeps
  bool from_cache = false;            // the solution was read from the solution cache
};
// The situation of advise as its options give it, each field named as its option.
struct AdviceQuestion {
  std::optional<std::string> dice;  // the five dice shown, as typed ("6 6 3 2 1", 66321); required
  int throw_ = 1;                   // --throw: the throws this turn has had
  std::string open = "all";         // "all", or a comma-separated list of categories
  int upper = 0;                    // the upper total so far
  bool kniffel_scored = false;      // the kniffel box holds its full score
};
// The situation `question` describes under `rules`, checked to be one a game can reach: an
// InputError naming the option otherwise.
Situation situation(const KniffelRules& rules, const AdviceQuestion& question);
// The choices of `at` valued by `solution` (the preset and from_cache are left for the caller).
Advice advise(const KniffelSolution& solution, const Situation& at);
core::report::Report describe(const Advice& advice);

// The speed of this machine on Kniffel: the full solve and whole games, both on one thread.
struct BenchWorkload {
  std::string policy;
  std::uint64_t games = 0;
  double seconds = 0;
  double score_sum = 0;  // the final scores' sum: a deterministic signature of the games
};
struct BenchAnswer {
  std::shared_ptr<const KniffelSolution> solution;  // solved and timed on one thread
  std::string preset;
  std::uint64_t seed = 0;                // of the games: the signature depends on it
  std::vector<BenchWorkload> workloads;  // those timed to the end, greedy (the baseline) first
  bool stopped = false;                  // a workload was cut short: it and those after are left out
};
// The full solve of `rules` on one thread (never cached), then `games` games (`seed`) of the
// greedy and the optimal policy, each on one thread under the asker's games.
BenchAnswer bench(const KniffelRules& rules, std::uint64_t games, std::uint64_t seed, const Asker& asker);
core::report::Report describe(const BenchAnswer& answer);

}  // namespace verflixt::kniffel
