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

#include "cli/answer_command.h"
#include "cli/cli.h"
#include "cli/game_command.h"
#include "verflixt/core/answer.h"
#include "verflixt/core/option.h"
#include "verflixt/core/report.h"

namespace verflixt::cli {

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
  std::vector<std::string> exact_with{};    // the switches with which it samples nothing (--seed idle)
  std::vector<std::string> samples_with{};  // the options without which it samples nothing (--seed idle)
  std::vector<std::string> formats = {"table", "json", "csv"};
  std::string usage{};          // the help's text: its usage lines and what the command does
  // Checked before the rules are read, and where the options ask another question (solve
  // --race), that question's answer instead.
  std::function<std::optional<AnswerResult>(const po::variables_map&)> first{};
  std::function<AnswerResult(const po::variables_map&, const R&)> answer{};
};

// The options a command reads before the output's: what a request to the page's server may
// give (core::Command::request_options).
template <class R>
core::OptionTable answer_options(const AnswerGame<R>& g) {
  return g.rules.options() + g.own + (g.sampling ? sampling_options(g.exact_with, g.samples_with) : core::OptionTable{});
}

// The command as an AnswerSpec: the first check, the rules, --format, then the answer.
template <class R>
AnswerSpec answer_spec(const AnswerGame<R>& g) {
  return {g.command, g.command + " --game " + g.rules.game() + " options", answer_options(g), g.formats, g.usage,
          [g](const po::variables_map& vm) {
            if (g.first)
              if (std::optional<AnswerResult> other = g.first(vm)) return std::move(*other);
            const R read = g.rules(vm);
            format_from(vm, g.formats);
            return g.answer(vm, read);
          }};
}

// The same as an entry of a game's command list: `game` is the function that gives the
// command's AnswerGame; `quick` and `bench` as core::Command's; `page`: the page's server
// offers the command (its request options are answer_options).
template <auto game>
AnswerSpec answer_spec_of() {
  return answer_spec(game());
}
template <auto game>
core::OptionTable answer_options_of() {
  return answer_options(game());
}
template <auto game>
core::Command answer_entry(const char* name, const char* quick, const char* bench = nullptr, bool page = false) {
  return answer_spec_entry<answer_spec_of<game>>(name, "", quick, bench, page ? answer_options_of<game> : nullptr);
}

}  // namespace verflixt::cli
