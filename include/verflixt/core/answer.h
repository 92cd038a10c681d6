#pragma once
// The words every answer shares, whichever game gives it. A game's answers are typed results
// (include/verflixt/games/<game>/answers.h) with one describe() each, giving the
// core::report::Report that text, JSON, CSV and Markdown render from; the command line, the
// page and the Python module show that one description. No game lives here.
#include <cstdint>
#include <string>
#include <vector>

#include "verflixt/core/report.h"

namespace verflixt::core {

// How far a run got: `completed` of `total` units (`unit` in the plural: "turns",
// "thresholds", "loadouts"; total 0 = open-ended, e.g. a search). Every format marks an
// interrupted answer with it, and the command line exits accordingly.
struct Completion {
  bool interrupted = false;
  std::uint64_t completed = 0, total = 0;
  std::string unit;
};
// The answer's "interrupted" and, when interrupted, its completed, total and unit.
void mark(report::Report& r, const Completion& c);

// A command's answer as a value (core/command.h's Command::answer): its one description and
// how far its run got (complete for a command without a run). The command line prints it, the
// Python module reads it.
struct Answered {
  report::Report report;
  Completion done{};
  // An answer that has no values to show (a solve stopped before it converged): the text
  // formats print nothing but the interrupted mark, JSON the document that carries it.
  bool mark_only = false;
};

// One choice of an advice in a player's words ("roll", "keep 6 6, throw 1") and its value.
struct RankedChoice {
  std::string action;
  double value = 0;
  double se = 0;  // a Monte Carlo value's standard error (0: exact), shown as ± beside it
};
// The first line of every advice (core/report.h's headline): what to do, then by how much,
// in a player's words. `ranked` holds the choices best first, a tie with the simpler choice
// first; choices within `tie` of the best are called a tie, never a win. `measure` names the
// value ("chance to win", "expected points to come"), shown as a percentage when `percent`;
// `method` says how it was found ("exact", "exact, both playing optimally after").
std::string advice_headline(const std::vector<RankedChoice>& ranked, const std::string& measure, bool percent,
                            const std::string& method, double tie = 1e-9);

// How far a Monte Carlo estimate lies from the exact value, in standard errors, as every
// table prints it next to the two ("+0.53"); a zero SE counts as the smallest positive one.
std::string se_distance(double estimate, double se, double exact);

// "a", "a and b", "a, b and c": how an answer lists actions, jokers and options.
std::string join_words(const std::vector<std::string>& words);
// The warning for options given where the answer does not read them, in every game's words:
// "--games and --seed change nothing: WHY" (`options` as typed, "--games"). Empty without one.
std::string changes_nothing(const std::vector<std::string>& options, const std::string& why);

}  // namespace verflixt::core
