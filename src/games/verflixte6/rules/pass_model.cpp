#include "games/verflixte6/rules/pass_model.h"

#include <stdexcept>

#include "games/verflixte6/rules/model.h"
#include "games/verflixte6/rules/face_step.h"
#include "verflixt/games/verflixte6/exact/solo_model.h"
#include "verflixt/games/verflixte6/rules/engine.h"
#include "verflixt/games/verflixte6/rules/joker.h"
#include "verflixt/games/verflixte6/rules/table.h"

namespace verflixt::verflixte6 {

static_assert(core::GameModel<Verflixte6PassModel>);

using detail::StepEnd;
using detail::Take;

Verflixte6PassModel::Verflixte6PassModel(const Rules& rules, int players, JokerSet loadout)
    : rules_(rules), players_(players), loadout_(loadout) {
  check_pass_size(static_cast<std::size_t>(players));
  if (players < 2) throw std::invalid_argument("verflixte6 pass model: a pass needs two players");
  const Verflixte6Model one_die(rules, loadout);  // refuses the loadouts whose steps are not one die
  (void)one_die;
}

Verflixte6PassModel::Verflixte6PassModel() : Verflixte6PassModel(Rules{}, 4, Verflixte6Model::default_loadout()) {}

Verflixte6PassModel::State Verflixte6PassModel::initial_state() const {
  State s;
  s.seats.assign(static_cast<std::size_t>(players_), SeatView{});
  s.keuler.assign(static_cast<std::size_t>(players_), 0);
  start_turn(s);
  return s;
}

void Verflixte6PassModel::start_turn(State& s) const {
  if (s.seat == players_) {
    end_pass(s.seats);  // T7
    return;
  }
  // A Jungfrau robbed before her turn starts it from her (possibly negative) eyes.
  s.turn = new_turn(loadout_);
  s.turn.eyes = s.seats[static_cast<std::size_t>(s.seat)].eyes;
  if (!rules_.free_throw) step(s, 0);  // T1 off: the free throw throws nothing
}

int Verflixte6PassModel::current_player(const State& s) const {
  if (s.seat == players_) return core::kTerminal;
  if (s.steal >= 0) return s.seat;
  return s.pending || s.turn.phase == TurnPhase::FreeThrow ? core::kChanceNode : s.seat;
}

std::vector<Verflixte6PassModel::Action> Verflixte6PassModel::legal_actions(const State& s) const {
  std::vector<Action> out;
  if (current_player(s) < 0) return out;
  if (s.steal >= 0) {
    for (const int v : rob_candidates(rules_, s.seats, s.seat).span()) out.push_back({verflixte6::Action::stop(), v});
    return out;
  }
  for (const auto a : solo_actions(rules_, s.turn)) out.push_back({a, -1});
  return out;
}

int Verflixte6PassModel::action_id(const State&, const Action& a) const {
  if (a.victim >= 0) return 100 + a.victim;
  return a.turn.kind == verflixte6::Action::UseJoker ? 2 + static_cast<int>(a.turn.joker) : static_cast<int>(a.turn.kind);
}

std::string Verflixte6PassModel::action_name(const State&, const Action& a) const {
  if (a.victim >= 0) return "rob player " + std::to_string(a.victim + 1);
  if (a.turn.kind == verflixte6::Action::Stop) return "stop";
  if (a.turn.kind == verflixte6::Action::Roll) return "roll";
  return std::string(joker_id(a.turn.joker));
}

Verflixte6PassModel::State Verflixte6PassModel::apply_action(const State& s, const Action& a) const {
  State n = s;
  if (a.victim >= 0) {
    const Candidates cand = rob_candidates(rules_, n.seats, n.seat);
    bool listed = false;
    for (const int v : cand.span()) listed = listed || v == a.victim;
    if (n.steal < 0 || !listed) throw std::out_of_range("verflixte6 pass model: no such victim");
    rob(n, a.victim, n.steal);
    return n;
  }
  if (a.turn.kind == verflixte6::Action::Stop) {
    n.pending = a.turn;
    step(n, 0);  // a stop throws nothing
    return n;
  }
  n.pending = a.turn;
  return n;
}

std::vector<core::ChanceOutcome<int>> Verflixte6PassModel::chance_outcomes(const State&) const {
  std::vector<core::ChanceOutcome<int>> out;
  for (int face = 1; face <= 6; ++face) out.push_back({face, 1.0 / 6});
  return out;
}

Verflixte6PassModel::State Verflixte6PassModel::apply_outcome(const State& s, int face) const {
  State n = s;
  step(n, face);
  return n;
}

void Verflixte6PassModel::step(State& s, int face) const {
  const detail::StepLeaf leaf = detail::face_step(rules_, s.turn, s.pending ? &*s.pending : nullptr, face);
  s.pending.reset();
  s.turn = leaf.state;
  s.end = static_cast<int>(leaf.end);
  s.seats[static_cast<std::size_t>(s.seat)].eyes = s.turn.eyes;
  if (leaf.end == StepEnd::Continue && leaf.take.kind == Take::Rob) {
    // T4: the thief chooses among those he may rob; with one there is nothing to choose, with
    // none the steal lapses.
    const Candidates cand = rob_candidates(rules_, s.seats, s.seat);
    if (cand.size > 1) {
      s.steal = leaf.take.amount;
      return;
    }
    if (cand.size == 1) return rob(s, cand.at[0], leaf.take.amount);
  } else if (leaf.take.kind != Take::None) {
    throw std::logic_error("verflixte6 pass model: a take that is no robbing 1");
  }
  end_step(s);
}

void Verflixte6PassModel::rob(State& s, int victim, int amount) const {
  const int keuler = take_from(rules_, s.seats, victim, nullptr, amount);  // T4, T6
  s.turn.eyes += amount + keuler;
  s.keuler[static_cast<std::size_t>(s.seat)] += keuler;
  s.steal = -1;
  end_step(s);
}

void Verflixte6PassModel::end_step(State& s) const {
  s.turn = detail::solo_leaf(rules_, s.turn, static_cast<StepEnd>(s.end), {});  // E1, E5: the steal is taken
  SeatView& me = s.seats[static_cast<std::size_t>(s.seat)];
  me.eyes = s.turn.eyes;
  if (!s.turn.over()) return;
  record_turn(me, s.turn);  // T5
  ++s.seat;
  start_turn(s);
}

std::vector<double> Verflixte6PassModel::returns(const State& s) const {
  std::vector<double> r;
  for (const auto& seat : s.seats) r.push_back(s.seat == players_ ? static_cast<double>(pass_score(seat.eyes)) : 0.0);
  return r;
}

std::string Verflixte6PassModel::state_text(const State& s) const {
  std::string t = "eyes";
  for (const auto& seat : s.seats) t += " " + std::to_string(seat.eyes);
  if (s.seat == players_) return t + "; the pass is over";
  t += "; player " + std::to_string(s.seat + 1) + " on turn, " + describe(s.turn);
  if (s.steal >= 0) t += ", stealing " + std::to_string(s.steal);
  if (s.pending) t += ", throwing for " + action_name(s, {*s.pending, -1});
  return t;
}

}  // namespace verflixt::verflixte6
