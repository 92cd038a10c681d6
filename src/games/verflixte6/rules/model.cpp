#include "games/verflixte6/rules/model.h"

#include <stdexcept>

#include "games/verflixte6/rules/face_step.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/rules/joker.h"

namespace verflixt::verflixte6 {

static_assert(core::GameModel<Verflixte6Model>);

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
  // The solo accounting (§5): the step's steal counts as the player's own.
  const detail::StepLeaf leaf = detail::face_step(rules_, s.turn, a ? &*a : nullptr, face);
  return canonical(rules_, detail::solo_leaf(rules_, leaf.state, leaf.end, leaf.take));
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
