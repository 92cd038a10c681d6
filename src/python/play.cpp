// Games played in Python with policies written in Python: Game.play seats one callable per
// player and plays whole games through the game's model (core::play_tournament over the
// registry's erased game: real dice at every chance node, the seeded chunks of every sampler),
// each seat's mean return with its standard error. The policies are Python, so the games run
// on the calling thread with the GIL held, one at a time: slow, but any policy a notebook can
// write is playable; exact values of the same policies come from State.exact.
#include <pybind11/stl.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "python/bridge.h"
#include "python/state.h"
#include "verflixt/core/game_algorithms.h"
#include "verflixt/core/model_play.h"

namespace verflixt::python {

namespace {

constexpr std::uint64_t kMaxGames = std::uint64_t{1} << 40;

struct Played {
  std::uint64_t games = 0, seed = 0;
  std::vector<double> mean, stderr_;  // per seat: the mean return and its standard error

  py::dict to_dict() const {
    py::dict d;
    d["games"] = games, d["seed"] = seed, d["mean"] = mean, d["stderr"] = stderr_;
    d["method"] = method();
    return d;
  }
  static std::string method() { return "Monte Carlo through the model (real dice), mean return per seat ± 1 SE"; }
};

// A seat's Python policy as the model's chooser; asks Python for a signal (Ctrl-C) every 1,024
// decisions of the whole table.
struct PythonSeat {
  const core::AnyGame* model;
  py::object policy;
  std::size_t* asked;
  std::size_t operator()(const core::AnyState& s, const std::vector<std::size_t>&, core::Rng&) const {
    if ((++*asked & 1023) == 0 && PyErr_CheckSignals() != 0) throw py::error_already_set();
    const State at{*model, s};
    return at.action_index(policy(at), "a seat's policy");
  }
};

Played play(const Game& g, const py::object& seats, const py::object& games_arg, const py::object& seed_arg) {
  const std::uint64_t games = whole_number(games_arg, "games", 1, kMaxGames);
  const std::uint64_t seed = whole_number(seed_arg, "seed", 0, ~std::uint64_t{0});
  const int players = g.model.players();
  std::vector<py::object> policies;
  if (PyCallable_Check(seats.ptr())) {
    policies.assign(static_cast<std::size_t>(players), seats);
  } else if (py::isinstance<py::sequence>(seats) && !py::isinstance<py::str>(seats)) {
    for (const auto& s : seats.cast<py::sequence>()) policies.push_back(py::reinterpret_borrow<py::object>(s));
  }
  if (policies.size() != static_cast<std::size_t>(players))
    raise_input_error("seats= takes one policy for every seat or a list of " + std::to_string(players) +
                      " (one per player of " + g.entry->name + ")");
  for (const auto& p : policies)
    if (!PyCallable_Check(p.ptr()))
      raise_input_error("seats= takes callables: policy(state) -> an Action, its name or its index");
  const core::ErasedGame game(g.model);
  std::size_t asked = 0;
  std::vector<PythonSeat> table;
  for (const auto& p : policies) table.push_back({&g.model, p, &asked});
  // One thread: the policies need the GIL this thread holds.
  const auto run = core::play_tournament(game, table, games, seed, 1);
  Played out;
  out.games = run.tally.games, out.seed = seed;
  for (std::size_t s = 0; s < table.size(); ++s) {
    const core::Estimate e = run.tally.mean(s);
    out.mean.push_back(e.mean), out.stderr_.push_back(e.se);
  }
  return out;
}

}  // namespace

void bind_play(py::module_& m, GameClass& game) {
  py::class_<Played>(m, "Played",
                     "Games played through the model: each seat's mean return (mean) with its standard error "
                     "(stderr, one SE), the games played and the seed.")
      .def_readonly("games", &Played::games)
      .def_readonly("seed", &Played::seed)
      .def_readonly("mean", &Played::mean)
      .def_readonly("stderr", &Played::stderr_)
      .def_property_readonly("method", [](const Played&) { return Played::method(); })
      .def("to_dict", &Played::to_dict)
      .def("__repr__", [](const Played& p) {
        return "<verflixt.Played " + std::to_string(p.games) + " games, mean " +
               py::repr(py::cast(p.mean)).cast<std::string>() + " ± " + py::repr(py::cast(p.stderr_)).cast<std::string>() +
               ">";
      });
  game.def("play", &play, py::arg("seats"), py::arg("games") = py::int_(10000), py::arg("seed") = py::int_(1),
           "Plays whole games through the model from its initial state, each seat deciding by its Python "
           "policy (policy(state) -> an Action, its name or its index; one callable for every seat or a list, "
           "seat 1 first), with real dice: each seat's mean return ± 1 SE. The same seed gives the same games. "
           "Ctrl-C raises KeyboardInterrupt.");
}

}  // namespace verflixt::python
