#pragma once
// `verflixt advise|evaluate|solve --game NAME`, and a game's own commands of one answer (a
// bench, Kniffel's balance): the commands that print one answer, written once for every game.
// A game supplies only what is its own (AnswerGame): its rules (GameRules), the command's
// options and help, what it checks or hands to another command before its rules are read, and
// its answer. The option table's order, the order everything is read and checked in — so that
// a bad input meets the same check first in every game — and the exit are here. Private to
// the executable.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/game_command.h"
#include "verflixt/core/answer.h"
#include "verflixt/core/option.h"
#include "verflixt/core/report.h"

namespace verflixt::cli {

// What a command answered: its one description and how far its run got (complete for a
// command without a run).
struct AnswerResult {
  core::report::Report report;
  core::Completion done{};
  // An answer that has no values to show (a solve stopped before it converged): the text
  // formats print nothing but the interrupted mark, JSON the document that carries it.
  bool mark_only = false;
};

// A command stopped before its one unit of work finished, whose part would be no answer: its
// head marked "0 of 1 UNIT", the text formats showing the mark alone.
inline AnswerResult nothing_finished(core::report::Report head, std::string unit) {
  const core::Completion done{true, 0, 1, std::move(unit)};
  core::mark(head, done);
  return AnswerResult{std::move(head), done, true};
}

// R: what a command reads before --format, its rules (and where a command checks more
// before --format, such as the situation an advice is asked for, that too).
template <class R>
struct AnswerGame {
  GameRules<R> rules{};         // the game, its rules options (first in the help) and how they are read
  std::string command{};        // advise, evaluate, solve
  core::OptionTable own{};      // the command's own options (a solution cache's included)
  bool sampling = false;        // --seed and --threads after them
  std::vector<std::string> formats = {"table", "json", "csv"};
  bool table_for_csv = false;   // a bench has no rows to compare: --format csv prints its table
  std::string usage{};          // the help's text: its usage lines and what the command does
  // Checked, or handed to another command, before the rules are read: an exit code ends the
  // command there (solve --compensate, solve --race).
  std::function<std::optional<int>(const po::variables_map&)> first{};
  std::function<AnswerResult(const po::variables_map&, const R&)> answer{};
};

// The options a command reads before the output's: what a request to the page's server may
// give (core::Command::request_options).
template <class R>
core::OptionTable answer_options(const AnswerGame<R>& g) {
  return g.rules.options() + g.own + (g.sampling ? sampling_options() : core::OptionTable{});
}

template <class R>
int answer_command(int argc, const char* const* argv, const AnswerGame<R>& g) {
  po::variables_map vm;
  const std::string caption = g.command + " --game " + g.rules.game() + " options";
  if (!parse(argc, argv, caption, answer_options(g) + output_options(g.formats), g.usage, vm))
    return 0;
  if (g.first)
    if (const std::optional<int> code = g.first(vm)) return *code;
  const R read = g.rules(vm);
  std::string format = format_from(vm, g.formats);
  if (g.table_for_csv && format == "csv") format = "table";
  const AnswerResult result = g.answer(vm, read);
  return finish(vm, format, result.done, result.mark_only && format != "json" ? "" : result.report.render(format));
}

// The same as entries of a game's command list: `game` is the function that gives the
// command's AnswerGame.
template <auto game>
int answer_command_of(int argc, const char* const* argv) {
  return answer_command(argc, argv, game());
}
template <auto game>
core::OptionTable answer_options_of() {
  return answer_options(game());
}

}  // namespace verflixt::cli
