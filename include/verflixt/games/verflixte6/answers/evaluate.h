#pragma once
// evaluate's answer: a policy's solo turns or passes, sampled (mean with its standard error
// and 95% CI, bust rate, score percentiles) or computed exactly from the turn's Markov chain.
#include <cstdint>
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

// What to evaluate and how, as the command's options give it.
struct EvaluateQuestion {
  const Rules& rules;
  const Policy& policy;
  JokerSet jokers;
  std::string jokers_from;  // where the loadout came from: "default", "--jokers" or "policy file"
  std::string engine;       // "kernel", "reference" or "exact" ("auto" already resolved)
  std::uint64_t turns;      // solo turns, or passes with `players`
  std::uint64_t seed;
  int players;              // 0: solo turns; 2..12: passes of this many players
  int threads;
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
EvaluateAnswer evaluate_answer(const EvaluateQuestion& question, const core::RunControl& control);
// The exact chain is one unit of work; sampling counts turns or passes.
core::Completion completion(const EvaluateAnswer& answer);
core::report::Report describe(const EvaluateAnswer& answer);

}  // namespace verflixt::verflixte6
