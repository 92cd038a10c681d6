// verflixt.Result, what every answer returns, and Game's answer methods. A Result is the JSON
// form of the answer's one description, as the command prints it with --format json: each top-level member an attribute (result.first_player_win), the
// whole as a dict (to_dict), and each table (a list of row objects) as a NumPy record array
// (table(name)) where NumPy is installed. Estimates carry their standard errors as the JSON
// does, next to them (p_win and p_win_stderr; a row's one mean and its stderr).
#include <pybind11/stl.h>

#include <map>
#include <string>

#include "python/bridge.h"

namespace verflixt::python {

namespace {

// Names the Python API promises over the JSON's own: Pig's solve reports first_player_win,
// the literature (and the README) call it the first player's winning probability.
const std::map<std::string, std::string>& aliases() {
  static const std::map<std::string, std::string> kAliases = {
      {"p_first_wins", "first_player_win"},
      {"exact_p_first_wins", "exact_first_player_win"},
  };
  return kAliases;
}

struct Result {
  std::string game, command;
  py::dict data;

  py::object get(const std::string& name) const {
    if (data.contains(name)) return data[name.c_str()];
    if (const auto a = aliases().find(name); a != aliases().end() && data.contains(a->second))
      return data[a->second.c_str()];
    throw py::attribute_error(game + " " + command + " has no " + name + "; it has: " +
                              py::str(py::str(", ").attr("join")(data.attr("keys")())).cast<std::string>());
  }

  // A list of row dicts as a NumPy record array (one field per column), or the list itself
  // where NumPy is missing or a column is not scalar (nested rows).
  py::object table(const std::string& name) const {
    const py::object rows = get(name);
    if (!py::isinstance<py::list>(rows) || py::len(rows) == 0 || !py::isinstance<py::dict>(rows[py::int_(0)]))
      throw py::value_error(name + " is not a table (a list of rows)");
    py::module_ np;
    try {
      np = py::module_::import("numpy");
    } catch (const py::error_already_set&) {
      return rows;
    }
    py::list names, columns;
    for (const auto& key : rows[py::int_(0)].cast<py::dict>()) {
      py::list column;
      for (const auto& row : rows) {
        const py::dict r = row.cast<py::dict>();
        if (!r.contains(key.first)) return rows;
        const py::handle v = r[key.first];
        if (!(py::isinstance<py::int_>(v) || py::isinstance<py::float_>(v) || py::isinstance<py::str>(v))) return rows;
        column.append(v);
      }
      names.append(key.first);
      columns.append(np.attr("asarray")(column));
    }
    return np.attr("rec").attr("fromarrays")(columns, py::arg("names") = names);
  }
};

}  // namespace

void bind_answers(py::module_& m, GameClass& game) {
  py::class_<Result>(m, "Result",
                     "An answer: the command's JSON document. Each top-level member is an attribute; "
                     "to_dict() gives it all, table(name) a table as a NumPy record array.")
      .def_readonly("game", &Result::game, "The game that answered.")
      .def_readonly("command", &Result::command, "The command that answered (solve, evaluate, ...).")
      .def("__getattr__", &Result::get)
      .def("__getitem__", &Result::get)
      .def("__contains__", [](const Result& r, const std::string& k) { return r.data.contains(k); })
      .def("keys", [](const Result& r) { return py::list(r.data.attr("keys")()); }, "The JSON's top-level members.")
      .def("__dir__", [](const Result& r) {
        py::list names(r.data.attr("keys")());
        for (const char* n : {"game", "command", "keys", "to_dict", "table"}) names.append(n);
        return names;
      })
      .def("to_dict", [](const Result& r) { return py::module_::import("copy").attr("deepcopy")(r.data); },
           "The whole answer as a dict (a copy), as `verflixt GAME COMMAND --format json` prints it.")
      .def("table", &Result::table, py::arg("name"),
           "The table `name` (a list of rows) as a NumPy record array, one field per column; "
           "the list of row dicts where NumPy is missing or the rows nest.")
      .def("__repr__", [](const Result& r) {
        std::string keys;
        for (const auto& k : r.data) keys += (keys.empty() ? "" : ", ") + py::str(k.first).cast<std::string>();
        return "<verflixt.Result " + r.game + " " + r.command + ": " + keys + ">";
      });

  // One method per answer every game offers; run() for any command by name.
  const auto answer = [](const std::string& command) {
    return [command](const Game& g, const py::kwargs& options) {
      Result r{g.entry->name, command, answer_json(g, command, options).cast<py::dict>()};
      return r;
    };
  };
  const char* const doc_tail =
      " Keyword options are the command's options as values: threads=2 is --threads 2, "
      "set={'goal': 50} is --set goal=50, a list repeats its option, True turns a switch on, "
      "no_cache=True is --no-cache. Returns a Result (the answer the command prints, as JSON); "
      "raises InputError for bad options, KeyboardInterrupt on Ctrl-C.";
  for (const auto& [name, what] : std::map<std::string, std::string>{
           {"solve", "The exact solution (`verflixt GAME solve`)."},
           {"evaluate", "A Monte Carlo evaluation of a policy (`verflixt GAME evaluate`)."},
           {"tournament", "Policies against each other (`verflixt GAME tournament`)."},
           {"advise", "The best move in a position (`verflixt GAME advise`)."},
           {"balance", "How fair the rules are to each seat (`verflixt GAME balance`)."}})
    game.def(name.c_str(), answer(name), (what + doc_tail).c_str());
  game.def(
      "run",
      [](const Game& g, const std::string& command, const py::args& args, const py::kwargs& options) {
        // Positional arguments are command-line words as they are ("--goal", "30"), before the
        // keyword options; without them, the command is asked with values as every answer is.
        if (args.empty()) return Result{g.entry->name, command, answer_json(g, command, options).cast<py::dict>()};
        std::vector<std::string> argv;
        for (const auto& a : args) argv.push_back(py::str(a).cast<std::string>());
        const auto more = options_argv(options);
        argv.insert(argv.end(), more.begin(), more.end());
        return Result{g.entry->name, command, run_json(g, command, argv).cast<py::dict>()};
      },
      py::arg("command"),
      (std::string("Any command of the game by name, asked with its options as values; positional "
                   "arguments are command-line words instead, passed as they are.") + doc_tail).c_str());
}

}  // namespace verflixt::python
