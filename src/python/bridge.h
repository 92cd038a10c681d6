#pragma once
// What the files of the Python module share: a game as Python holds it (the registry's entry,
// the rules options it was made with, and its model under those rules) and the one way every
// answer is computed, asking one of the game's commands in-process with its options as values
// (answers.cpp), off the calling thread with the GIL released.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/registry.h"
#include "verflixt/core/budget.h"
#include "verflixt/core/game_model.h"
#include "verflixt/core/option.h"

namespace verflixt::python {

namespace py = pybind11;

// A game under one ruleset. The rules options are kept as the commands take them (--preset,
// --rules-text, --set), so that every answer reads the very rules a user would give.
struct Game {
  explicit Game(const games::GameEntry* e) : entry(e), model(e->model), rules(e->rules_from_ini("", "the defaults")) {}
  const games::GameEntry* entry;
  std::string preset;                 // empty: the game's default preset
  std::optional<std::string> ini;     // rules read from this INI text (as `rules` prints it)
  std::vector<std::string> sets;      // key=value, applied last
  core::AnyGame model;                // the model under these rules
  games::RulesView rules;             // the same rules as data
};

// The outcome of one command run in-process: its exit code and what it printed on stdout.
struct CommandRun {
  int code = 0;
  std::string out;
};

// Asks `command` of `game` with the game's rules and the keyword `options` as values
// (core::Command::answer), with the GIL released; raises verflixt.InputError for bad input
// (the command line's one-line message), KeyboardInterrupt on Ctrl-C (the command is stopped
// as the command line stops it), RuntimeError for anything else. Returns the answer's JSON
// form, parsed. A command that gives no answer as a value runs as run_json.
py::object answer_json(const Game& game, const std::string& command, const py::kwargs& options);
// Runs `command` of `game` with command-line words `args` (after the command's name) plus the
// game's rules options and `--format json`, its output captured, as answer_json otherwise.
py::object run_json(const Game& game, const std::string& command, const std::vector<std::string>& args);

// Runs `work` on a worker thread while the calling thread (holding the GIL) waits without it
// and asks Python every 50 ms whether a signal came; on one it calls `stop` (which must make
// the work end at its next check), waits for the work and raises the signal's error
// (KeyboardInterrupt). The work's own exception is rethrown here.
void run_released(const std::function<void()>& work, const std::function<void()>& stop);
// run_released for exact work that stops at the checkpoints of its budget (core/budget.h): the
// command line's memory limits, and a stop request Ctrl-C raises.
void run_budgeted(const std::function<void()>& work);
// A whole-number argument `name` of Python, checked to lo..hi: InputError "name=V: lo..hi"
// for anything else (a negative number, a float, a bool, a string) instead of pybind11's
// several lines of signatures.
std::uint64_t whole_number(const py::handle& value, const std::string& name, std::uint64_t lo, std::uint64_t hi);

// The budget of work the module runs: the memory the machine has, as the command line's.
core::Budget::Limits memory_limits();

// Python keyword options as values: `no_cache=True` is the option no-cache on, a list the
// option's words given again and again, a dict `k=v` per item, None nothing; --format and
// --output are refused (an answer is a Result).
core::OptionValues option_values(const py::kwargs& options);
// The same as command-line words: `threads=2` is `--threads=2`, True a bare flag, False nothing.
std::vector<std::string> options_argv(const py::kwargs& options);

// verflixt.InputError (a ValueError): raised for every bad input, with the CLI's message.
py::handle& input_error_type();
[[noreturn]] void raise_input_error(const std::string& message);

using GameClass = py::class_<Game, std::shared_ptr<Game>>;
// The model's classes and Game.initial_state; the answers' Result class and Game's commands.
void bind_model(py::module_& m, GameClass& game);
void bind_answers(py::module_& m, GameClass& game);
// Game.play: games through the model with Python policies (play.cpp).
void bind_play(py::module_& m, GameClass& game);
// Game.sheet_values and Game.sheet_categories: Kniffel's exact values per sheet (sheets.cpp).
void bind_sheets(GameClass& game);

}  // namespace verflixt::python
