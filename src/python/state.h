#pragma once
// A state of any game's model as Python holds it (core::AnyGame through the registry), with
// its legal actions and chance outcomes as values: model_binding.cpp binds them, exact.cpp
// solves from them.
#include <pybind11/pybind11.h>

#include <string>
#include <utility>
#include <vector>

#include "python/bridge.h"
#include "verflixt/core/game_model.h"

namespace verflixt::python {

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
      const std::size_t k = index_in<Outcome>(
          what, outcomes, [&](const Outcome& o, std::size_t i) { return o.index == i && outcomes[i].name == o.name; },
          [] { return std::string("at a chance node apply() takes an Outcome, its name or its index"); });
      if (k == outcomes.size())
        raise_input_error("not an outcome of this chance node: " + py::repr(what).cast<std::string>());
      return {model, model.apply_outcome(state, k)};
    }
    return {model, model.apply_action(state, action_index(what, "apply()"))};
  }

  // The index in legal_actions() of `what` at a decision: an Action (matched by id), its name
  // or its index; `asker` names the caller in the message for anything else.
  std::size_t action_index(const py::object& what, const std::string& asker) const {
    const auto actions = model.legal_actions(state);
    const std::size_t k = index_in<Action>(
        what, actions, [&](const Action& a, std::size_t i) { return actions[i].id == a.id; },
        [&] {
          return "at a decision " + asker + " takes an Action, its name or its index, not " +
                 py::repr(what).cast<std::string>();
        });
    if (k == actions.size()) raise_input_error("not a legal action here: " + py::repr(what).cast<std::string>());
    return k;
  }

 private:
  // The index in `list` (actions or outcomes, each with a name) of `what`: an Item for which
  // same(item, i) holds at i, a name, or an index; list.size() where none is; wrong_kind()
  // is the message for anything else (formed only then).
  template <class Item, class List, class Same, class WrongKind>
  static std::size_t index_in(const py::object& what, const List& list, Same same, WrongKind wrong_kind) {
    std::size_t k = list.size();
    if (py::isinstance<Item>(what)) {
      const auto& item = what.cast<const Item&>();
      for (std::size_t i = 0; i < list.size(); ++i)
        if (same(item, i)) k = i;
    } else if (py::isinstance<py::str>(what)) {
      const auto name = what.cast<std::string>();
      for (std::size_t i = 0; i < list.size(); ++i)
        if (list[i].name == name) k = i;
    } else if (py::isinstance<py::int_>(what)) {
      const auto i = what.cast<long long>();
      if (i >= 0 && static_cast<std::size_t>(i) < list.size()) k = static_cast<std::size_t>(i);
    } else {
      raise_input_error(wrong_kind());
    }
    return k;
  }
};

// State.exact and its answer (exact.cpp).
void bind_exact(py::module_& m, py::class_<State>& state);

}  // namespace verflixt::python
