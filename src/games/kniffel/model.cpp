#include "games/kniffel/model.h"

#include <stdexcept>

#include "verflixt/games/kniffel/solver.h"

namespace verflixt::kniffel {

static_assert(core::GameModel<KniffelModel>);

KniffelModel::KniffelModel(const KniffelRules& rules) : rules_(rules) { validate(rules_); }

int KniffelModel::current_player(const State& s) const {
  if (s.sheet.done()) return core::kTerminal;
  return s.shown ? 0 : core::kChanceNode;
}

std::vector<KniffelModel::Action> KniffelModel::legal_actions(const State& s) const {
  std::vector<Action> out;
  if (current_player(s) != 0) return out;
  for (Category c : allowed_categories(s.sheet, s.dice, rules_)) out.push_back({true, c, {}});
  if (s.throws < rules_.throws) {
    const DiceTable& t = DiceTable::get();
    for (int k : t.keeps(t.id(s.dice)))
      if (t.size(k) < kDice) out.push_back({false, Chance, t.hand(k)});  // keeping all five is scoring
  }
  return out;
}

int KniffelModel::action_id(const State&, const Action& a) const {
  return a.score ? static_cast<int>(a.category) : 100 + DiceTable::get().id(a.keep);
}

std::string KniffelModel::action_name(const State&, const Action& a) const {
  if (a.score) return "score " + std::string(category_names()[a.category]);
  return dice_in(a.keep) ? "keep " + hand_text(a.keep) : "throw all";
}

KniffelModel::State KniffelModel::apply_action(const State& s, const Action& a) const {
  const auto actions = legal_actions(s);
  if (std::find(actions.begin(), actions.end(), a) == actions.end())
    throw std::out_of_range("kniffel: " + action_name(s, a) + " is not legal at " + state_text(s));
  State n = s;
  if (a.score) {
    const Scored sc = score_in(s.sheet, s.dice, a.category, rules_);
    n.points += sc.points;
    n.sheet = sc.after;
    n.throws = 0;
    n.dice = {};
  } else {
    n.dice = a.keep;
  }
  n.shown = false;
  return n;
}

std::vector<core::ChanceOutcome<Hand>> KniffelModel::chance_outcomes(const State& s) const {
  std::vector<core::ChanceOutcome<Hand>> out;
  for (const auto& m : core::dice_multisets(kDice - dice_in(s.dice), kFaces)) {
    Hand h{};
    std::copy(m.outcome.counts.begin(), m.outcome.counts.end(), h.begin());
    out.push_back({h, m.probability});
  }
  return out;
}

Hand KniffelModel::outcome_of_faces(const State&, std::span<const int> faces) const {
  Hand h{};
  for (int f : faces) ++h.at(static_cast<std::size_t>(f - 1));
  return h;
}

std::string KniffelModel::outcome_name(const State&, const Hand& o) const { return hand_text(o); }

KniffelModel::State KniffelModel::apply_outcome(const State& s, const Hand& o) const {
  State n = s;
  for (int f = 0; f < kFaces; ++f) n.dice[static_cast<std::size_t>(f)] += o[static_cast<std::size_t>(f)];
  ++n.throws;
  n.shown = true;
  return n;
}

std::string KniffelModel::state_text(const State& s) const {
  return "filled " + std::to_string(s.sheet.filled) + ", upper " + std::to_string(s.sheet.upper) +
         (s.sheet.kniffel_scored ? ", kniffel scored" : "") + ", points " + std::to_string(s.points) + ", throw " +
         std::to_string(s.throws) + (s.shown ? ", shown " : ", kept ") + hand_text(s.dice);
}

std::optional<std::uint64_t> KniffelModel::state_key(const State& s) const {
  core::StateKey k;
  k.put(s.sheet.filled, 13).put(s.sheet.upper, 8).put(s.sheet.kniffel_scored ? 1 : 0, 1).put(s.points, 14);
  k.put(s.throws, 4).put(s.shown ? 1 : 0, 1);
  for (const int count : s.dice) k.put(count, 3);
  return k.key();
}

}  // namespace verflixt::kniffel
