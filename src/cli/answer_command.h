#pragma once
// A command that gives one answer, written once for both ways it is asked: from a command line
// (parse argv, answer, print in the chosen format and exit) and from values (the Python
// module, through core::Command::answer: the same checks and the same answer, printed
// nowhere). A command supplies its options, its help and its answer as a function of the
// parsed options; the game kits (game_answer.h, game_tournament.h, game_balance.h) and Die
// verflixte 6's commands are written over it. Private to the executable and the module.
#include <functional>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "verflixt/core/answer.h"
#include "verflixt/core/command.h"
#include "verflixt/core/option.h"

namespace verflixt::cli {

// What a command answered: its one description and how far its run got.
using AnswerResult = core::Answered;

// An answer whose type has both beside it (its game's `describe` and `completion`, found by
// argument-dependent lookup) as what the command answered.
template <class A>
AnswerResult answered(const A& answer) {
  return {describe(answer), completion(answer)};
}

struct AnswerSpec {
  std::string name;             // the command's word (argv[0]; messages name it)
  std::string caption;          // the options' heading in --help ("solve --game pig options")
  core::OptionTable options;    // everything it reads but the output's options
  std::vector<std::string> formats = {"table", "json", "csv"};
  std::string usage;            // the help's text: its usage lines and what the command does
  // The answer to the parsed options. It reads --format (format_from) where a bad one is
  // to be reported, before anything long runs.
  std::function<AnswerResult(const po::variables_map&)> answer;
};

// The command line: parses argv against the options and the output's, answers, prints the
// answer in the chosen format (with the Ctrl-C convention) and returns the exit code.
int run_answer(int argc, const char* const* argv, const AnswerSpec& spec);

// Values as the command line's words: always --name=value, so that a value that looks like an
// option stays the value. A bool is a switch's bare flag when on and nothing when off; for an
// option of free text (a word, a file, INI text) an InputError; for any other option of
// `table`, or a name it lacks, =true or =false, which the parser reads (a Kind::Boolean) or
// refuses with the option's own message. With no table every bool is a switch.
std::vector<std::string> option_words(const core::OptionTable& table, const core::OptionValues& values);

// The same answer to options given as values (core::Command::answer): the values are written
// as the command line would write them and checked by the same parser, so a bad value gets
// the command line's message; the output's options are not taken.
AnswerResult answer_values(const core::OptionValues& values, const AnswerSpec& spec);

// The two as entries of a game's command list: `spec` is the function that gives the AnswerSpec.
template <auto spec>
int answer_spec_command(int argc, const char* const* argv) {
  return run_answer(argc, argv, spec());
}
template <auto spec>
AnswerResult answer_spec_values(const core::OptionValues& values) {
  return answer_values(values, spec());
}
// The entry itself (core::Command, whose fields these are).
template <auto spec>
core::Command answer_spec_entry(const char* name, const char* summary, const char* quick, const char* bench = nullptr,
                                core::OptionTable (*request_options)() = nullptr, core::ServedFn serve = nullptr) {
  return {name, answer_spec_command<spec>, summary, quick, bench, request_options, serve, answer_spec_values<spec>};
}

}  // namespace verflixt::cli
