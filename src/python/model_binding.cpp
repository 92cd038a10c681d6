// The model in Python: a State of any game (core::AnyGame through the registry, the same model
// the C++ algorithms and tests run on), its legal actions and its chance outcomes with exact
// probabilities. States are immutable values: apply() returns the next state.
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <vector>

#include "python/bridge.h"
#include "verflixt/core/error.h"

namespace verflixt::python {

namespace {

// A legal action of the state it was listed for: its stable id, its name and its index in
// that state's list (what AnyGame::apply_action takes).
struct Action {
  int id = 0;
  std::string name;
  std::size_t index = 0;
};

// A chance outcome: its exact probability, its name and its index in the list.
struct Outcome {
  double probability = 0;
  std::string name;
  std::size_t index = 0;
};

struct State {
  core::AnyGame model;  // shares the game's model: a state outlives the Game it came from
  core::AnyState state;

  int current_player() const { return model.current_player(state); }
  std::vector<Action> legal_actions() const {
    if (current_player() < 0) return {};
    std::vector<Action> out;
    for (auto& a : model.legal_actions(state)) out.push_back({a.id, std::move(a.name), out.size()});
    return out;
  }
  std::vector<Outcome> chance_outcomes() const {
    if (!model.is_chance(state)) return {};
    std::vector<Outcome> out;
    for (auto& o : model.chance_outcomes(state)) out.push_back({o.probability, std::move(o.name), out.size()});
    return out;
  }
  std::string text() const { return model.state_text(state); }

  // The next state after `what`: an Action (matched by id, so an action listed for another
  // state with the same id is the same move), an Outcome (matched by index and name), an
  // action's or outcome's name, or an index into the current list.
  State apply(const py::object& what) const {
    const int p = current_player();
    if (p == core::kTerminal) raise_input_error("the game is over: no action or outcome applies");
    if (p == core::kChanceNode) {
      const auto outcomes = model.chance_outcomes(state);
      std::size_t k = outcomes.size();
      if (py::isinstance<Outcome>(what)) {
        const auto& o = what.cast<const Outcome&>();
        if (o.index < outcomes.size() && outcomes[o.index].name == o.name) k = o.index;
      } else if (py::isinstance<py::str>(what)) {
        const auto name = what.cast<std::string>();
        for (std::size_t i = 0; i < outcomes.size(); ++i)
          if (outcomes[i].name == name) k = i;
      } else if (py::isinstance<py::int_>(what)) {
        const auto i = what.cast<long long>();
        if (i >= 0 && static_cast<std::size_t>(i) < outcomes.size()) k = static_cast<std::size_t>(i);
      } else {
        raise_input_error("at a chance node apply() takes an Outcome, its name or its index");
      }
      if (k == outcomes.size())
        raise_input_error("not an outcome of this chance node: " + py::repr(what).cast<std::string>());
      return {model, model.apply_outcome(state, k)};
    }
    const auto actions = model.legal_actions(state);
    std::size_t k = actions.size();
    if (py::isinstance<Action>(what)) {
      const int id = what.cast<const Action&>().id;
      for (std::size_t i = 0; i < actions.size(); ++i)
        if (actions[i].id == id) k = i;
    } else if (py::isinstance<py::str>(what)) {
      const auto name = what.cast<std::string>();
      for (std::size_t i = 0; i < actions.size(); ++i)
        if (actions[i].name == name) k = i;
    } else if (py::isinstance<py::int_>(what)) {
      const auto i = what.cast<long long>();
      if (i >= 0 && static_cast<std::size_t>(i) < actions.size()) k = static_cast<std::size_t>(i);
    } else {
      raise_input_error("at a decision apply() takes an Action, its name or its index");
    }
    if (k == actions.size()) raise_input_error("not a legal action here: " + py::repr(what).cast<std::string>());
    return {model, model.apply_action(state, k)};
  }
};

}  // namespace

void bind_model(py::module_& m, GameClass& game) {
  py::class_<Action>(m, "Action", "A legal action: its stable id (the same move has the same id in every state), "
                                   "its name and its index in the state's legal_actions().")
      .def_readonly("id", &Action::id)
      .def_readonly("name", &Action::name)
      .def_readonly("index", &Action::index)
      .def("__repr__", [](const Action& a) { return "<Action " + std::to_string(a.id) + " " + a.name + ">"; });
  py::class_<Outcome>(m, "Outcome", "A chance outcome: its exact probability, its name and its index in the "
                                     "state's chance_outcomes().")
      .def_readonly("probability", &Outcome::probability)
      .def_readonly("name", &Outcome::name)
      .def_readonly("index", &Outcome::index)
      .def("__repr__", [](const Outcome& o) {
        return "<Outcome " + o.name + " p=" + py::repr(py::float_(o.probability)).cast<std::string>() + ">";
      });
  py::class_<State>(m, "State",
                    "A state of a game's model, immutable: exactly one of a decision of current_player() >= 0, "
                    "a chance node (CHANCE) or terminal (TERMINAL). str() names everything its future depends on.")
      .def("current_player", &State::current_player, "The player to decide (0-based), CHANCE (-1) or TERMINAL (-2).")
      .def("is_chance", [](const State& s) { return s.model.is_chance(s.state); })
      .def("is_terminal", [](const State& s) { return s.model.is_terminal(s.state); })
      .def("legal_actions", &State::legal_actions, "The legal actions at a decision, in a fixed order; [] elsewhere.")
      .def("chance_outcomes", &State::chance_outcomes,
           "The outcomes of a chance node with exact probabilities summing to 1; [] elsewhere.")
      .def("chance_throw", [](const State& s) {
        if (!s.model.is_chance(s.state)) raise_input_error("not a chance node: no dice are thrown here");
        const auto t = s.model.chance_throw(s.state);
        return std::pair<int, int>(t.dice, t.faces);
      }, "(dice, faces) of the throw at a chance node.")
      .def("apply", &State::apply, py::arg("what"),
           "The next state after an Action or Outcome (or its name, or its index in the current list).")
      .def("returns", [](const State& s) {
        if (!s.model.is_terminal(s.state)) raise_input_error("returns() is for terminal states");
        return s.model.returns(s.state);
      }, "One return per player, at a terminal state.")
      .def("__str__", &State::text)
      .def("__repr__", [](const State& s) { return "<verflixt.State " + s.text() + ">"; })
      .def("__eq__", [](const State& a, const State& b) { return a.text() == b.text(); })
      .def("__hash__", [](const State& s) { return py::hash(py::str(s.text())); });
  game.def("initial_state", [](const Game& g) { return State{g.model, g.model.initial_state()}; },
           "The state a game starts in, under this game's rules.");
}

}  // namespace verflixt::python
