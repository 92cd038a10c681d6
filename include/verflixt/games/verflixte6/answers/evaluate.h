#pragma once
// evaluate's answer: a policy's solo turns or passes, sampled (mean with its standard error
// and 95% CI, bust rate, score percentiles) or computed exactly from the turn's Markov chain.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "verflixt/core/markov.h"
#include "verflixt/core/report.h"
#include "verflixt/core/run_control.h"
#include "verflixt/games/verflixte6/analyses/evaluate.h"
#include "verflixt/core/answer.h"
#include "verflixt/games/verflixte6/rules/policy.h"
#include "verflixt/games/verflixte6/rules/rules.h"

namespace verflixt::verflixte6 {

// What to evaluate and how, as evaluate's options give it (each field the option of that
// name). The defaults are the options' defaults.
struct EvaluateQuestion {
  std::string policy = "threshold:17";  // threshold:N, a heuristic or position file, or a *.policy table
  // The loadout; none given: the one the policy file names (as a table seats it), else none.
  std::optional<std::string> jokers = {};
  std::uint64_t turns = 1000000;        // solo turns, or passes with `players`
  int players = 0;                      // 0: solo turns; 2..12: passes of this many players
  // auto, kernel, reference or exact; none given: auto (and --exact may choose exact).
  std::optional<std::string> engine = {};
  bool exact = false;                   // the same as engine exact
  std::uint64_t seed = 1;
  int threads = 1;
};

// A question checked, its policy read and its engine resolved: what evaluate_answer runs.
struct EvaluateSetup {
  Rules rules;
  std::unique_ptr<Policy> policy;
  JokerSet jokers;
  std::string jokers_from;  // where the loadout came from: "default", "--jokers" or "policy file"
  std::string engine;       // "kernel", "reference" or "exact" ("auto" already resolved)
  std::uint64_t turns = 0;  // solo turns, or passes with `players`
  std::uint64_t seed = 1;
  int players = 0;          // 0: solo turns; 2..12: passes of this many players
  int threads = 1;
};

struct EvaluateAnswer {
  Rules rules;
  std::string policy;  // the policy's name
  JokerSet jokers;
  std::string jokers_from;
  std::string engine;
  std::uint64_t seed = 0;
  int players = 0;
  int threads = 1;
  // The exact engine's values, the sampled solo turns, or the sampled passes (players > 0).
  std::variant<core::MarkovResult, SoloRun, PassRun> result;
  bool stopped = false;  // a stop (Ctrl-C) was requested during the run, or before the exact evaluation began
};

// Plays (or, with the exact engine, computes) what `question` asks, stopping at control's
// request with the chunks finished.
// Checks `question` in the order of evaluate's options and reads its policy; throws InputError
// naming the option.
EvaluateSetup prepare_evaluate(const Rules& rules, const EvaluateQuestion& question);
EvaluateAnswer evaluate_answer(const EvaluateSetup& setup, const core::RunControl& control);
// The exact chain is one unit of work; sampling counts turns or passes.
core::Completion completion(const EvaluateAnswer& answer);
core::report::Report describe(const EvaluateAnswer& answer);

}  // namespace verflixt::verflixte6
