// The model in Python: a State of any game (core::AnyGame through the registry, the same model
// the C++ algorithms and tests run on), its legal actions and its chance outcomes with exact
// probabilities. States are immutable values: apply() returns the next state.
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <vector>

#include "python/bridge.h"
#include "python/state.h"
#include "verflixt/core/error.h"

namespace verflixt::python {

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
  py::class_<State> state(m, "State",
                    "A state of a game's model, immutable: exactly one of a decision of current_player() >= 0, "
                    "a chance node (CHANCE) or terminal (TERMINAL). str() names everything its future depends on.");
  state.def("current_player", &State::current_player, "The player to decide (0-based), CHANCE (-1) or TERMINAL (-2).")
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
  bind_exact(m, state);
  game.def("initial_state", [](const Game& g) { return State{g.model, g.model.initial_state()}; },
           "The state a game starts in, under this game's rules.");
}

}  // namespace verflixt::python
