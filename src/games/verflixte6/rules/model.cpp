#include "games/verflixte6/rules/model.h"

#include <stdexcept>

#include "games/verflixte6/rules/turn_step.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {

static_assert(core::GameModel<Verflixte6Model>);

namespace {

// The step algebra (turn_step.h) of one die that already shows `face`: the step's own code
// runs once, down the branch of that face, and its leaf is the solo state it ends in.
struct FaceStep {
  using Dist = TurnState;
  const Rules& r;
  int face;

  template <class F>
  TurnState die(F&& f) const { return f(face); }
  template <class Y, class N>
  static TurnState any_reaching(int, int, Y&&, N&&) { throw std::logic_error("verflixte6 model: a step with more dice"); }
  template <class Y, class N>
  static TurnState react(const InnerChoice&, const TurnState&, Y&&, N&&) {
    throw std::logic_error("verflixte6 model: a step that asks a reaction");
  }
  TurnState leaf(const TurnState& s, detail::StepEnd end, detail::Take take) const {
    return canonical(r, detail::solo_leaf(r, s, end, take));
  }
  static TurnState delta(const TurnState&, Joker) { throw std::logic_error("verflixte6 model: a delta joker"); }
};

}  // namespace

JokerSet Verflixte6Model::default_loadout() { return JokerSet{}.with(VENTIL).with(FUMO).with(JULE); }

Verflixte6Model::Verflixte6Model(const Rules& rules, JokerSet loadout) : rules_(rules), loadout_(loadout) {
  for (int j = 0; j < JOKER_NB; ++j) {
    const auto joker = static_cast<Joker>(j);
    if (!loadout.has(joker)) continue;
    const bool one_die = joker == FROSTSCHUTZ || joker == ALL_IN || joker == VENTIL || joker == JULE ||
                         joker == TENTAKEL || (joker == FUMO && rules.fumo == FumoKind::Doubling);
    if (!one_die)
      throw std::invalid_argument("verflixte6 model: joker " + std::string(joker_id(joker)) +
                                  " has a step of more than one die");
  }
}

Verflixte6Model::State Verflixte6Model::initial_state() const { return {canonical(rules_, solo_start(rules_, loadout_)), {}}; }

int Verflixte6Model::current_player(const State& s) const {
  if (s.turn.over()) return core::kTerminal;
  return s.pending || s.turn.phase == TurnPhase::FreeThrow ? core::kChanceNode : 0;
}

std::vector<Action> Verflixte6Model::legal_actions(const State& s) const {
  if (current_player(s) != 0) return {};
  return solo_actions(rules_, s.turn);
}

int Verflixte6Model::action_id(const State&, Action a) const {
  return a.kind == Action::UseJoker ? 2 + static_cast<int>(a.joker) : static_cast<int>(a.kind);
}

std::string Verflixte6Model::action_name(const State&, Action a) const {
  if (a.kind == Action::Stop) return "stop";
  if (a.kind == Action::Roll) return "roll";
  return std::string(joker_id(a.joker));
}

TurnState Verflixte6Model::step(const State& s, std::optional<Action> a, int face) const {
  FaceStep alg{rules_, face};
  detail::TurnStep<FaceStep> turn_step(rules_, alg);
  return a ? turn_step.run(s.turn, *a) : turn_step.free_throw(s.turn, 0);
}

Verflixte6Model::State Verflixte6Model::apply_action(const State& s, Action a) const {
  if (a.kind == Action::Stop) return {step(s, a, 0), {}};  // a stop throws nothing
  return {s.turn, a};
}

std::vector<core::ChanceOutcome<int>> Verflixte6Model::chance_outcomes(const State&) const {
  std::vector<core::ChanceOutcome<int>> out;
  for (const auto& o : core::dice_multisets(1, 6)) {
    int face = 1;
    while (o.outcome.counts[static_cast<std::size_t>(face - 1)] == 0) ++face;
    out.push_back({face, o.probability});
  }
  return out;
}

Verflixte6Model::State Verflixte6Model::apply_outcome(const State& s, int face) const { return {step(s, s.pending, face), {}}; }

std::string Verflixte6Model::state_text(const State& s) const {
  std::string t = describe(s.turn);
  if (s.pending) t += ", throwing for " + action_name(s, *s.pending);
  return t;
}

}  // namespace verflixt::verflixte6
