#include "games/zehntausend/model.h"

#include "verflixt/games/zehntausend/engine.h"

namespace verflixt::zehntausend {

static_assert(core::GameModel<ZehntausendModel>);

namespace {

// "5 5 1": the faces of counts, highest first.
std::string faces_text(const Counts& c) {
  std::string t;
  for (int f = kFaces; f >= 1; --f)
    for (int k = 0; k < c[static_cast<std::size_t>(f - 1)]; ++k) t += (t.empty() ? "" : " ") + std::to_string(f);
  return t.empty() ? "-" : t;
}

}  // namespace

ZehntausendModel::ZehntausendModel(const ZehntausendRules& rules) : turn_(std::make_shared<const TurnModel>(rules)) {}

int ZehntausendModel::current_player(const State& s) const {
  if (s.over) return core::kTerminal;
  return s.outcome >= 0 ? 0 : core::kChanceNode;
}

int ZehntausendModel::dice_after(const State& s, const Action& a) const {
  const ThrowOutcome& o = turn_->outcome(s.outcome);
  return turn_->dice_after(o.dice, o.options[static_cast<std::size_t>(a.option)].dice);
}

std::vector<ZehntausendModel::Action> ZehntausendModel::legal_actions(const State& s) const {
  if (current_player(s) != 0) return {};
  std::vector<Action> out;
  const auto& options = turn_->outcome(s.outcome).options;
  for (int i = 0; i < static_cast<int>(options.size()); ++i) {
    const Action go{i, false};
    if (dice_after(s, go) == 0) {  // nothing left to throw: the turn ends either way
      out.push_back({i, true});
      continue;
    }
    out.push_back(go);
    if (may_bank(s.points + options[static_cast<std::size_t>(i)].points, rules())) out.push_back({i, true});
  }
  return out;
}

int ZehntausendModel::action_id(const State& s, const Action& a) const {
  // Options are one per number of dice set aside, so (dice, bank) names an action anywhere.
  return turn_->outcome(s.outcome).options[static_cast<std::size_t>(a.option)].dice * 2 + (a.bank ? 1 : 0);
}

std::string ZehntausendModel::action_name(const State& s, const Action& a) const {
  const ThrowOption& x = turn_->outcome(s.outcome).options[static_cast<std::size_t>(a.option)];
  return "keep " + faces_text(x.kept) + (a.bank ? ", bank" : ", throw on");
}

ZehntausendModel::State ZehntausendModel::apply_action(const State& s, const Action& a) const {
  const ThrowOption& x = turn_->outcome(s.outcome).options[static_cast<std::size_t>(a.option)];
  const int after = dice_after(s, a);
  State n = s;
  n.points += x.points;
  n.outcome = -1;
  if (after == 0) {
    n.over = true;
    n.banked = banked_without_dice(n.points, rules());
  } else if (a.bank) {
    n.over = true;
    n.banked = n.points;
  } else {
    n.dice = after;
  }
  return n;
}

std::vector<core::ChanceOutcome<int>> ZehntausendModel::chance_outcomes(const State& s) const {
  std::vector<core::ChanceOutcome<int>> out;
  for (const auto& o : turn_->throws(s.dice)) out.push_back({o.id, o.probability});
  return out;
}

std::string ZehntausendModel::outcome_name(const State&, int id) const { return faces_text(turn_->outcome(id).counts); }

ZehntausendModel::State ZehntausendModel::apply_outcome(const State& s, int id) const {
  State n = s;
  if (turn_->outcome(id).niete()) {  // Z2: the turn total is lost
    n.over = true;
    n.banked = 0;
    return n;
  }
  n.outcome = id;
  return n;
}

std::string ZehntausendModel::state_text(const State& s) const {
  std::string t = "turn total " + std::to_string(s.points) + ", " + std::to_string(s.dice) + " dice";
  if (s.outcome >= 0) t += ", thrown " + faces_text(turn_->outcome(s.outcome).counts);
  if (s.over) t += ", over, banked " + std::to_string(s.banked);
  return t;
}

std::optional<std::uint64_t> ZehntausendModel::state_key(const State& s) const {
  return core::StateKey()
      .put(s.points, 20)
      .put(s.dice, 4)
      .put(s.outcome + 1, 16)
      .put(s.over ? 1 : 0, 1)
      .put(s.banked, 20)
      .key();
}

}  // namespace verflixt::zehntausend
