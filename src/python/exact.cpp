// Exact values from any state of any game, in Python: the game's model compiled from that
// state into a graph (core/model_graph.h) and solved by the core's value iteration — the
// generic algorithm every hand-written solver is tested against. So a notebook can solve a
// part of any game exactly, value a policy of its own written in Python, or find the best
// response to one, without a command of the game's own.
#include <pybind11/stl.h>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "python/bridge.h"
#include "python/state.h"
#include "verflixt/core/model_graph.h"

namespace verflixt::python {

namespace {

constexpr std::size_t kDefaultMaxStates = 5'000'000;

struct Exact {
  std::vector<double> returns;   // each player's expected return from the state
  std::optional<Action> action;  // at a decision: the action played there
  std::string method;
  std::size_t states = 0;
  int sweeps = 0;
  double residual = 0;
  bool converged = true;

  py::dict to_dict() const {
    py::dict d;
    d["returns"] = returns;
    d["action"] = action ? py::object(py::str(action->name)) : py::object(py::none());
    d["exact"] = true;
    d["method"] = method;
    d["states"] = states;
    d["sweeps"] = sweeps;
    d["residual"] = residual;
    d["converged"] = converged;
    return d;
  }
};

std::string player_range(int players) { return players == 1 ? "0" : "0.." + std::to_string(players - 1); }

Exact exact_from(const State& from, const py::object& policy, const py::object& player_arg, const py::object& max_states_arg) {
  const int players = from.model.players();
  std::optional<int> player;
  if (!player_arg.is_none()) {
    if (!py::isinstance<py::int_>(player_arg) || py::isinstance<py::bool_>(player_arg) ||
        player_arg.cast<py::int_>() < py::int_(0) || player_arg.cast<py::int_>() >= py::int_(players))
      raise_input_error("player=" + py::repr(player_arg).cast<std::string>() + ": this game's players are " +
                        player_range(players));
    player = player_arg.cast<int>();
  }
  const std::size_t max_states = whole_number(max_states_arg, "max_states", 1, core::kMaxGraphNodes);
  const bool has_policy = !policy.is_none();
  if (has_policy && !PyCallable_Check(policy.ptr()))
    raise_input_error("policy= takes a callable: policy(state) -> an Action, its name or its index");
  if (!has_policy && player && players > 1)
    raise_input_error("player= asks for a best response: give policy= for the other players' choices");
  if (from.model.is_terminal(from.state)) raise_input_error("the game is over: read returns() instead");
  if (!has_policy && players > 2)
    raise_input_error("a game of " + std::to_string(players) + " players has no one optimum: give policy= (every "
                      "player's choices) or policy= and player= (a best response)");

  const core::ErasedGame game(from.model);
  core::ModelGraph graph;
  if (has_policy) {
    // The policy is Python: the compile runs on this thread, holding the GIL, and asks
    // Python for a signal (Ctrl-C) every 1,024 decisions it puts to the policy.
    std::size_t asked = 0;
    const auto restrict = [&](const core::AnyState& s, const std::vector<std::size_t>&) -> std::optional<std::size_t> {
      if (player && from.model.current_player(s) == *player) return std::nullopt;
      if ((++asked & 1023) == 0 && PyErr_CheckSignals() != 0) throw py::error_already_set();
      const State at{from.model, s};
      return at.action_index(policy(at), "a policy's answer");
    };
    graph = core::compile_model(game, from.state, restrict, max_states);
  } else {
    run_budgeted([&] { graph = core::compile_model(game, from.state, core::EveryAction{}, max_states); });
  }

  // Who maximizes what: the best responder his own return (the others are fixed in the
  // graph), a policy's graph any one return (every decision has one action), else the one
  // player's return, or the zero-sum optimum of two.
  Exact e;
  std::optional<core::GraphValues> values;
  if (player || has_policy || players == 1) {
    values.emplace(core::GraphValues::of_player(graph, player.value_or(0)));
    e.method = player ? "player " + std::to_string(*player) + "'s best response to the policy"
               : has_policy ? "the policy at every decision"
                            : "the player maximizing his return";
  } else {  // two players (more were refused above)
    try {
      values.emplace(core::GraphValues::zero_sum(graph));
    } catch (const std::invalid_argument&) {
      raise_input_error("the two players' returns do not sum to a constant, so there is no one optimum: give "
                        "policy= (every player's choices) or policy= and player= (a best response)");
    }
    e.method = "both players maximizing their returns (zero-sum)";
  }
  run_budgeted([&] {
    const core::ValueIterationResult best = core::solve_graph(*values);
    e.sweeps = best.iterations, e.residual = best.residual, e.converged = best.converged;
    // Each player's return under those choices: the policy's value, once per player.
    for (const auto& of_player : core::returns_under(graph, best.actions)) e.returns.push_back(of_player[graph.root()]);
    const int p = graph.player(graph.root());
    if (p >= 0) e.action = Action{0, "", graph.action(graph.root(), static_cast<std::size_t>(best.actions[graph.root()]))};
  });
  if (e.action) e.action = from.legal_actions().at(e.action->index);
  e.states = graph.size();
  e.method = "exact: the model compiled from this state (" + std::to_string(graph.size()) + " states" +
             (graph.cyclic() ? ", with cycles" : "") + ") and solved by value iteration, " + e.method;
  return e;
}

}  // namespace

void bind_exact(py::module_& m, py::class_<State>& state) {
  py::class_<Exact>(m, "Exact",
                    "An exact answer from a state: each player's expected return (returns), the action played "
                    "at the state if it is a decision (action), how it was found (method) and the size of the "
                    "solve (states, sweeps, residual, converged). Nothing in it is sampled.")
      .def_readonly("returns", &Exact::returns)
      .def_readonly("action", &Exact::action)
      .def_readonly("method", &Exact::method)
      .def_readonly("states", &Exact::states)
      .def_readonly("sweeps", &Exact::sweeps)
      .def_readonly("residual", &Exact::residual)
      .def_readonly("converged", &Exact::converged)
      .def_property_readonly("exact", [](const Exact&) { return true; })
      .def("to_dict", &Exact::to_dict)
      .def("__repr__", [](const Exact& e) {
        return "<verflixt.Exact returns=" + py::repr(py::cast(e.returns)).cast<std::string>() +
               (e.action ? ", action " + e.action->name : std::string()) + ">";
      });
  state.def("exact", &exact_from, py::arg("policy") = py::none(), py::arg("player") = py::none(),
            py::arg("max_states") = py::int_(kDefaultMaxStates),
            "The exact expected returns from this state, the game's model compiled from it and solved by "
            "value iteration. Without a policy: the optimum (a one-player game, or two players whose "
            "returns sum to a constant). policy(state) -> an Action, its name or its index: that policy's "
            "value at every decision; with player=p as well, p's best response to it. More than max_states "
            "states (a game that can go on for ever, or too large) raises InputError. Ctrl-C raises "
            "KeyboardInterrupt.");
}

}  // namespace verflixt::python
