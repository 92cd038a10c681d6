// The race solver's lane kernel (race_lanes.h): a turn's induction for a block of starts.
#include "race_lanes.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace verflixt::core {

LaneTurn::LaneTurn(const RaceTurn& turn) {
  const std::size_t n = turn.state_count();
  banks_ = turn.bank_slots();
  slots_ = n + banks_ + 2;
  if (slots_ >= kSingle || turn.outcome_count() >= kSingle)
    throw std::invalid_argument("LaneTurn: a turn too large for 31-bit slot numbers");
  start_ = turn.start();
  max_gain_ = turn.max_gain();
  bankable_from_ = turn.bankable_from();
  points_.resize(n);
  bankable_.resize(n);
  for (std::size_t s = 0; s < n; ++s) {
    points_[s] = turn.points(s);
    bankable_[s] = turn.bankable(s) ? 1 : 0;
    state_outcomes_.push_back(static_cast<std::uint32_t>(turn.outcome_begin(s)));
  }
  state_outcomes_.push_back(static_cast<std::uint32_t>(turn.outcome_count()));
  for (std::size_t o = 0; o < turn.outcome_count(); ++o) {
    outcome_probability_.push_back(turn.outcome_probability(o));
    outcome_actions_.push_back(static_cast<std::uint32_t>(action_.size()));
    for (std::size_t a = turn.action_begin(o); a < turn.action_begin(o + 1); ++a) {
      const auto moves = turn.slot_moves(a);
      if (moves.size() == 1 && moves[0].probability == 1.0) {
        action_.push_back(kSingle | moves[0].slot);
        continue;
      }
      action_.push_back(static_cast<std::uint32_t>(general_begin_.size()));
      general_begin_.push_back(static_cast<std::uint32_t>(general_moves_.size()));
      general_moves_.insert(general_moves_.end(), moves.begin(), moves.end());
    }
  }
  outcome_actions_.push_back(static_cast<std::uint32_t>(action_.size()));
  general_begin_.push_back(static_cast<std::uint32_t>(general_moves_.size()));
  // Each state's outcomes by group: single-move outcomes by their number of actions, then the
  // general ones (key 0 sorts them first; their order among themselves is kept).
  for (std::size_t s = 0; s < n; ++s) {
    state_groups_.push_back(static_cast<std::uint32_t>(groups_.size()));
    state_words_.push_back(static_cast<std::uint32_t>(grouped_words_.size()));
    const std::uint32_t first = state_outcomes_[s], last = state_outcomes_[s + 1];
    if (last - first > 0xffffu) throw std::invalid_argument("LaneTurn: a state with more than 65535 outcomes");
    widest_ = std::max<std::size_t>(widest_, last - first);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> keyed;  // (actions or 0, outcome)
    for (std::uint32_t o = first; o < last; ++o) {
      const std::uint32_t actions = outcome_actions_[o + 1] - outcome_actions_[o];
      bool single = actions <= 0xffffu;
      for (std::uint32_t a = outcome_actions_[o]; a < outcome_actions_[o + 1]; ++a) single = single && (action_[a] & kSingle) != 0;
      keyed.emplace_back(single ? actions : 0, o);
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (std::size_t k = 0; k < keyed.size(); ++k) {
      const auto [actions, o] = keyed[k];
      if (k == 0 || keyed[k - 1].first != actions) groups_.push_back({static_cast<std::uint16_t>(actions), 0});
      ++groups_.back().count;
      order_.push_back(static_cast<std::uint16_t>(o - first));
      if (actions > 0)
        for (std::uint32_t a = outcome_actions_[o]; a < outcome_actions_[o + 1]; ++a) grouped_words_.push_back(action_[a] & ~kSingle);
    }
  }
  state_groups_.push_back(static_cast<std::uint32_t>(groups_.size()));
  state_words_.push_back(static_cast<std::uint32_t>(grouped_words_.size()));
}

namespace {

using Slot = LaneBlock::Slot;

// The best of `actions` single-move actions (slots `word[0..actions)`): the first of highest
// value — a later action replaces it only when strictly higher — and its slope. The scalar sum
// forms an action's value as 0 + 1 · x, which is x itself: no slot ever holds -0 (every value
// is a sum from +0 or one of the ends, probabilities of the form 1 - S, 0.5, 0 or 1, never -0)
// nor a NaN. `Actions` > 0 fixes the count at compile time.
template <int Actions, bool kSlopes>
inline Slot best_single(const Slot* w, const std::uint32_t* word, int actions) {
  const int k = Actions > 0 ? Actions : actions;
  Slot best{};
  best.v = w[word[0]].v;
  if constexpr (kSlopes) best.d = w[word[0]].d;
  for (int a = 1; a < k; ++a) {
    const Slot& x = w[word[a]];
    const auto higher = x.v > best.v;
    best.v = higher ? x.v : best.v;
    if constexpr (kSlopes) best.d = higher ? x.d : best.d;
  }
  return best;
}

// A group of `count` outcomes of `Actions` single actions each: its best actions to best[j],
// j their offsets in the state.
template <int Actions, bool kSlopes>
inline void single_group(const Slot* w, Slot* best, const std::uint16_t*& pos, const std::uint32_t*& word, int count, int actions) {
  const int k = Actions > 0 ? Actions : actions;
  for (int c = 0; c < count; ++c, ++pos, word += k) {
    const Slot b = best_single<Actions, kSlopes>(w, word, actions);
    best[*pos].v = b.v;
    if constexpr (kSlopes) best[*pos].d = b.d;
  }
}

}  // namespace

std::size_t LaneBlock::bytes(const LaneTurn& turn) { return turn.slot_count() * sizeof(Slot); }

void LaneBlock::evaluate(const LaneTurn& turn, const LaneStart* starts, int count, double* value, double* slope, bool slopes) {
  if (count < 1 || count > kLanes) throw std::invalid_argument("LaneBlock: 1 to kLanes starts");
  if (slopes)
    run<true>(turn, starts, count, value, slope);
  else
    run<false>(turn, starts, count, value, slope);
}

template <bool kSlopes>
void LaneBlock::run(const LaneTurn& turn, const LaneStart* starts, int count, double* value, double* slope) {
  const std::size_t n = turn.state_count(), banks = turn.banks_;
  slots_.resize(turn.slot_count());
  Slot* const w = slots_.data();
  // Where the lanes' caps cut (unused lanes repeat the first start, so they hold real values).
  const auto lane = [&](int i) -> const LaneStart& { return starts[i < count ? i : 0]; };
  Lanes cut{};
  int low_cut = std::numeric_limits<int>::max(), high_cut = std::numeric_limits<int>::min();
  for (int i = 0; i < kLanes; ++i) {
    const int c = lane(i).ends->cut;
    cut[i] = c;
    low_cut = std::min(low_cut, c);
    high_cut = std::max(high_cut, c);
  }
  // A state some lane plays on has a total below `play` (bankable ones only below the highest
  // cut); its successors lie below `read`. A bankable state from `read` on is read by no one,
  // and neither is a bank of `read` points or more.
  const int play = std::max(high_cut, turn.bankable_from_);
  const int read = play > std::numeric_limits<int>::max() - turn.max_gain_ ? std::numeric_limits<int>::max() : play + turn.max_gain_;
  const std::size_t banks_read = std::min(banks, static_cast<std::size_t>(read));
  // The ends, lane by lane.
  for (std::size_t p = 0; p < banks_read; ++p) {
    Lanes v{};
    for (int i = 0; i < kLanes; ++i) v[i] = lane(i).ends->bank[p];
    w[n + p] = {v, Lanes{}};
  }
  for (int i = 0; i < kLanes; ++i) {
    const TurnPlay& e = *lane(i).ends;
    w[n].d[i] = -1.0;  // a bank of 0 leaves the totals as they are: the mirror
    w[n + banks].v[i] = e.bust;
    w[n + banks].d[i] = -1.0;
    w[n + banks + 1].v[i] = e.reset;
    w[n + banks + 1].d[i] = lane(i).reset_reads_mirror ? -1.0 : 0.0;
  }
  const Lanes zero{};
  best_.resize(turn.widest_);
  Slot* const best = best_.data();
  // An outcome with a general action: each action's sum over its moves, from 0, as the scalar
  // sum forms it.
  const auto general = [&](std::uint32_t o) {
    const auto q = [&](std::uint32_t a) {
      const std::uint32_t word = turn.action_[a];
      if (word & LaneTurn::kSingle) {
        const Slot& x = w[word & ~LaneTurn::kSingle];
        return Slot{zero + x.v, zero + x.d};
      }
      Slot sum{zero, zero};
      for (std::uint32_t m = turn.general_begin_[word]; m < turn.general_begin_[word + 1]; ++m) {
        const RaceTurn::SlotMove& x = turn.general_moves_[m];
        sum.v += x.probability * w[x.slot].v;
        sum.d += x.probability * w[x.slot].d;
      }
      return sum;
    };
    Slot b = q(turn.outcome_actions_[o]);
    for (std::uint32_t a = turn.outcome_actions_[o] + 1; a < turn.outcome_actions_[o + 1]; ++a) {
      const Slot x = q(a);
      const auto higher = x.v > b.v;  // strictly: the first action of highest value stays
      b.v = higher ? x.v : b.v;
      b.d = higher ? x.d : b.d;
    }
    return b;
  };
  // What a state is to this block: read by no one, banked by every lane's cap, or played.
  enum Kind { kUnread, kCapped, kPlayed };
  const auto kind = [&](std::size_t s) {
    if (!turn.bankable_[s]) return kPlayed;
    return turn.points_[s] >= read ? kUnread : turn.points_[s] >= high_cut ? kCapped : kPlayed;
  };
  // Each outcome's best action into `to` (at the outcome's offset in the state), group by group.
  const auto bests = [&](std::size_t s, Slot* to) {
    const std::uint32_t first = turn.state_outcomes_[s];
    const std::uint16_t* pos = turn.order_.data() + first;
    const std::uint32_t* word = turn.grouped_words_.data() + turn.state_words_[s];
    for (std::uint32_t g = turn.state_groups_[s]; g < turn.state_groups_[s + 1]; ++g) {
      const int outcomes = turn.groups_[g].count, actions = turn.groups_[g].actions;
      switch (actions) {
        case 0:
          for (int c = 0; c < outcomes; ++c, ++pos) to[*pos] = general(first + *pos);
          break;
        case 1: single_group<1, kSlopes>(w, to, pos, word, outcomes, actions); break;
        case 2: single_group<2, kSlopes>(w, to, pos, word, outcomes, actions); break;
        case 3: single_group<3, kSlopes>(w, to, pos, word, outcomes, actions); break;
        case 4: single_group<4, kSlopes>(w, to, pos, word, outcomes, actions); break;
        case 5: single_group<5, kSlopes>(w, to, pos, word, outcomes, actions); break;
        case 6: single_group<6, kSlopes>(w, to, pos, word, outcomes, actions); break;
        case 7: single_group<7, kSlopes>(w, to, pos, word, outcomes, actions); break;
        case 8: single_group<8, kSlopes>(w, to, pos, word, outcomes, actions); break;
        default: single_group<0, kSlopes>(w, to, pos, word, outcomes, actions); break;
      }
    }
  };
  // The state's value and slope from its sums; the lanes whose cap banks it take the bank.
  const auto store = [&](std::size_t s, Lanes v, Lanes d) {
    const int points = turn.points_[s];
    if (turn.bankable_[s] && points >= low_cut) {
      const Slot& bank = w[n + static_cast<std::size_t>(points)];
      const auto capped = cut <= static_cast<double>(points);
      v = capped ? bank.v : v;
      d = capped ? bank.d : d;
    }
    w[s] = {v, d};
  };
  const double* const probability = turn.outcome_probability_.data();
  for (std::size_t s = 0; s < n; ++s) {
    const Kind k = kind(s);
    if (k == kUnread) continue;
    if (k == kCapped) {
      w[s] = w[n + static_cast<std::size_t>(turn.points_[s])];
      continue;
    }
    const std::uint32_t first = turn.state_outcomes_[s], outcomes = turn.state_outcomes_[s + 1] - first;
    bests(s, best);
    Lanes v = zero, d = zero;
    for (std::uint32_t j = 0; j < outcomes; ++j) {
      v += probability[first + j] * best[j].v;
      if constexpr (kSlopes) d += probability[first + j] * best[j].d;
    }
    store(s, v, d);
  }
  const Slot& start = w[static_cast<std::size_t>(turn.start_)];
  for (int i = 0; i < count; ++i) {
    value[i] = start.v[i];
    if constexpr (kSlopes) slope[i] = start.d[i];
  }
}

}  // namespace verflixt::core
