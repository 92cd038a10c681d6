// The Python module `verflixt`: the registry of every game (games, game), a game under one
// ruleset (Game) and its rules (Rules). The model lives in model_binding.cpp, the answers in
// answers.cpp and result.cpp, Kniffel's values per sheet in sheets.cpp; docs/python.md walks
// through them.
#include <pybind11/stl.h>

#include <string>
#include <variant>
#include <vector>

#include "cli/cli.h"
#include "python/bridge.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::python {

namespace {

// A rule's value as Python holds it: the INI's true/false a bool, a number a number, else text.
py::object rule_value(const std::string& text) {
  if (text == "true") return py::bool_(true);
  if (text == "false") return py::bool_(false);
  try {
    std::size_t used = 0;
    const long long n = std::stoll(text, &used);
    if (used == text.size()) return py::int_(n);
    const double x = std::stod(text, &used);
    if (used == text.size()) return py::float_(x);
  } catch (const std::exception&) {
  }
  return py::str(text);
}

// A game's rules (the registry's RulesView): the rows `verflixt GAME rules --format json` lists.
struct Rules {
  std::string game;
  games::RulesView view;

  py::list parameters() const {
    py::list out;
    for (const auto& r : view.rows) {
      py::dict d;
      d["key"] = r.key, d["value"] = r.value, d["default"] = r.default_value, d["valid"] = r.valid;
      d["rule"] = r.rule, d["help"] = r.help;
      out.append(d);
    }
    return out;
  }
  py::dict to_dict() const {
    py::dict d;
    for (const auto& r : view.rows) d[py::str(r.key)] = rule_value(r.value);
    return d;
  }
  py::dict rule_ids() const {
    py::dict d;
    for (const auto& r : view.rows) d[py::str(r.key)] = r.rule;
    return d;
  }
};

std::shared_ptr<Game> make_game(const std::string& name, const py::object& preset, const py::object& set,
                                const py::object& rules) {
  const games::GameEntry* entry = games::find_game(name);
  if (!entry) {
    std::vector<std::string> names;
    for (const auto& g : games::registry()) names.push_back(g.name);
    raise_input_error("unknown game " + core::quoted(name) + core::suggest(name, names, core::join(names, ", ")));
  }
  auto g = std::make_shared<Game>(entry);
  if (!preset.is_none()) g->preset = py::str(preset).cast<std::string>();
  if (py::isinstance<Rules>(rules)) {
    g->ini = rules.cast<const Rules&>().view.ini;
  } else if (py::isinstance<py::str>(rules)) {
    g->ini = rules.cast<std::string>();
  } else if (!rules.is_none()) {
    throw py::type_error("rules= takes a Rules object or an INI text");
  }
  if (py::isinstance<py::dict>(set)) {
    py::kwargs wrapped;
    wrapped["set"] = set;
    for (const auto& given : option_values(wrapped)) g->sets = std::get<std::vector<std::string>>(given.second);
  } else if (!set.is_none()) {
    for (const auto& s : set) g->sets.push_back(py::str(s).cast<std::string>());
  }
  if (!g->preset.empty() || g->ini || !g->sets.empty()) {
    // The game's `rules` command reads and validates the options as the command line does; the
    // model and the rules are then made from the INI text it prints, so the model, the rules
    // and the answers share one ruleset.
    const std::string ini = answer_json(*g, "rules", py::kwargs())["ini"].cast<std::string>();
    g->model = entry->model_from_ini(ini, "the rules");
    g->rules = entry->rules_from_ini(ini, "the rules");
  }
  return g;
}

Rules rules_of(const Game& g) { return Rules{g.entry->name, g.rules}; }

}  // namespace

}  // namespace verflixt::python

using namespace verflixt::python;

PYBIND11_MODULE(verflixt, m) {
  namespace games = verflixt::games;
  namespace core = verflixt::core;
  m.doc() =
      "verflixt: strategy lab for push-your-luck dice games (Die verflixte 6, Pig, Schocken, En Gingg as Bei, "
      "Zehntausend, Kniffel). games() lists them, game(name, preset=, set=, rules=) gives one under a ruleset: "
      "its model (initial_state, legal_actions, chance_outcomes, apply) and its answers (solve, evaluate, "
      "tournament, advise, balance), answered in-process by the game's own commands, asked with values.";
  // Python owns SIGINT: the commands leave its handler alone, and a Ctrl-C reaches them as
  // the stop request set from KeyboardInterrupt (answers.cpp).
  verflixt::cli::host_owns_interrupts();

  input_error_type() = py::exception<core::InputError>(m, "InputError", PyExc_ValueError).ptr();
  m.attr("InputError").attr("__doc__") =
      "Bad input: an unknown game, rule, option or value. The message is the command line's one line.";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const core::InputError& e) {
      PyErr_SetString(input_error_type().ptr(), core::printable(e.what(), 4000).c_str());
    }
  });

  py::class_<Rules>(m, "Rules",
                    "A game's rules: to_dict() maps each key (as set= takes it) to its value, rule_ids() "
                    "each key to its rule id, parameters() lists key, value, default, valid values, rule id "
                    "and help; to_ini() is the INI text, from_ini(game, text) reads one.")
      .def_readonly("game", &Rules::game)
      .def("to_dict", &Rules::to_dict, "{key: value}, values as bool, int, float or str.")
      .def("rule_ids", &Rules::rule_ids, "{key: rule id of the game's rules page}.")
      .def("parameters", &Rules::parameters, "One dict per parameter: key, value, default, valid, rule, help.")
      .def("to_ini", [](const Rules& r) { return r.view.ini; }, "The INI text, as `verflixt GAME rules` prints it and rules= reads back.")
      .def("summary", [](const Rules& r) { return r.view.summary; }, "The one-line summary results head with.")
      .def("__getitem__", [](const Rules& r, const std::string& key) {
        const py::dict d = r.to_dict();
        if (!d.contains(key)) raise_input_error(r.game + " has no rule " + core::quoted(key));
        return py::object(d[key.c_str()]);
      })
      .def("__eq__", [](const Rules& a, const Rules& b) { return a.game == b.game && a.view.ini == b.view.ini; })
      .def("__repr__", [](const Rules& r) { return "<verflixt.Rules " + r.game + ": " + r.view.summary + ">"; })
      .def_static(
          "from_ini", [](const std::string& game, const std::string& text) {
            return rules_of(*make_game(game, py::none(), py::none(), py::str(text)));
          },
          py::arg("game"), py::arg("text"), "The rules of `game` an INI text gives (validated).");

  GameClass game(m, "Game",
                 "A game under one ruleset: its model (initial_state()) and its answers (solve, evaluate, "
                 "tournament, advise, balance, run). Made by verflixt.game().");
  game.def_property_readonly("name", [](const Game& g) { return g.entry->name; }, "The name game() takes.")
      .def_property_readonly("description", [](const Game& g) { return g.entry->description; })
      .def_property_readonly("commands", [](const Game& g) { return core::command_names(g.entry->commands); },
                             "The game's commands, as run() takes them.")
      .def_property_readonly("players", [](const Game& g) { return g.model.players(); }, "Seats of the model.")
      .def_property_readonly("rules", &rules_of, "The game's rules (Rules).")
      .def("__repr__", [](const Game& g) {
        return "<verflixt.Game " + g.entry->name + ": " + g.rules.summary + ">";
      });
  bind_model(m, game);
  bind_answers(m, game);
  bind_play(m, game);
  bind_sheets(game);

  m.def("games", [] {
    std::vector<std::shared_ptr<Game>> out;
    for (const auto& e : games::registry()) out.push_back(make_game(e.name, py::none(), py::none(), py::none()));
    return out;
  }, "Every game under its default rules, Die verflixte 6 first.");
  m.def("game", &make_game, py::arg("name"), py::kw_only(), py::arg("preset") = py::none(), py::arg("set") = py::none(),
        py::arg("rules") = py::none(),
        "The game `name` under a ruleset: preset= a preset's name, rules= a Rules object or INI text read over "
        "it, set= {key: value} over both (as --preset, --rules and --set). Raises InputError for bad rules.");
  m.attr("CHANCE") = core::kChanceNode;
  m.attr("TERMINAL") = core::kTerminal;
}
