#include "verflixt/games/zehntausend/turn.h"

#include <stdexcept>

#include "verflixt/core/chance.h"

namespace verflixt::zehntausend {

int TurnModel::key(const Counts& c) {
  int k = 0;
  for (int f = kFaces - 1; f >= 0; --f) k = k * 7 + c[f];
  return k;
}

TurnModel::TurnModel(const ZehntausendRules& rules) : rules_(rules) {
  validate(rules);
  id_of_key_.assign(7 * 7 * 7 * 7 * 7 * 7, -1);
  for (int d = 1; d <= kMaxDice; ++d) {
    begin_[d] = static_cast<int>(outcomes_.size());
    if (d > rules.dice) continue;
    for (const auto& [ms, p] : core::dice_multisets(d, kFaces)) {
      ThrowOutcome o;
      for (int f = 0; f < kFaces; ++f) o.counts[f] = ms.counts[f];
      o.dice = d;
      o.probability = p;
      o.id = static_cast<int>(outcomes_.size());
      // set_asides lists most dice first, most points first within a dice count: the first
      // of each dice count is the one worth keeping.
      for (const SetAside& s : set_asides(o.counts, rules))
        if (o.options.empty() || o.options.back().dice != s.dice) o.options.push_back({s.kept, s.dice, s.points});
      for (size_t k = 0; k < o.options.size(); ++k) {
        // Options run from most dice to fewest, so >= keeps the fewest dice among equal points.
        if (o.most_points < 0 || o.options[k].points >= o.options[static_cast<size_t>(o.most_points)].points)
          o.most_points = static_cast<int>(k);
        max_points_ = std::max(max_points_, o.options[k].points);
      }
      if (o.niete())
        p_niete_[d] += p;
      else
        e_points_[d] += p * o.options[static_cast<size_t>(o.most_points)].points;
      id_of_key_[static_cast<size_t>(key(o.counts))] = static_cast<std::int16_t>(o.id);
      outcomes_.push_back(std::move(o));
    }
  }
  begin_[kMaxDice + 1] = static_cast<int>(outcomes_.size());
}

int TurnModel::outcome_id(const Counts& c) const {
  const int n = dice_in(c);
  if (n < 1 || n > rules_.dice) throw std::out_of_range("zehntausend: a throw has 1..dice dice");
  return id_of_key_[static_cast<size_t>(key(c))];
}

}  // namespace verflixt::zehntausend
