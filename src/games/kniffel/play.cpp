#include "verflixt/games/kniffel/play.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "verflixt/core/error.h"
#include "verflixt/core/names.h"

namespace verflixt::kniffel {

namespace {

// The solution's play; named "chase" when a table lets it play its last turn for the win.
class OptimalPolicy final : public KniffelPolicy {
 public:
  OptimalPolicy(std::shared_ptr<const KniffelSolution> s, std::string name) : s_(std::move(s)), name_(std::move(name)) {}
  TurnPlan decide(const Sheet& sheet) const override { return s_->plan(sheet); }
  std::string name() const override { return name_; }

 private:
  std::shared_ptr<const KniffelSolution> s_;
  std::string name_;
};

class GreedyPolicy final : public KniffelPolicy {
 public:
  explicit GreedyPolicy(const KniffelRules& r) : r_(r) {}
  TurnPlan decide(const Sheet& sheet) const override { return greedy_plan(sheet, r_); }
  std::string name() const override { return "greedy"; }

 private:
  KniffelRules r_;
};

}  // namespace

TurnPlan greedy_plan(const Sheet& sheet, const KniffelRules& rules) {
  return plan_turn(sheet, rules, [](const Sheet&) { return 0.0; });
}

const std::vector<std::string>& policy_names() {
  static const std::vector<std::string> names = {"optimal", "greedy", "chase"};
  return names;
}

std::unique_ptr<KniffelPolicy> make_policy(const std::string& given, const KniffelRules& rules,
                                           std::shared_ptr<const KniffelSolution> solution) {
  const std::string spec = core::policy_spelling(given, policy_names());
  if (spec == "optimal" || spec == "chase") return std::make_unique<OptimalPolicy>(std::move(solution), spec);
  if (spec == "greedy") return std::make_unique<GreedyPolicy>(rules);
  throw core::InputError("unknown kniffel policy " + core::quoted(spec) + core::suggest(spec, policy_names()));
}

int play_game(const KniffelPolicy& policy, const KniffelRules& rules, core::Rng& rng, std::optional<int> beat,
              bool* bonus) {
  const DiceTable& t = DiceTable::get();
  Sheet sheet;
  int total = 0;
  while (!sheet.done()) {
    const bool last = std::popcount(static_cast<unsigned>(sheet.filled)) == kCategories - 1;
    const TurnPlan plan = beat && last ? plan_turn_for(sheet, rules, [&](int points, const Sheet&) {
      const int final_score = total + points;
      return final_score > *beat ? 1.0 : final_score == *beat ? 0.5 : 0.0;
    })
                                       : policy.decide(sheet);
    Hand kept{};
    Hand shown{};
    for (int throw_no = 1;; ++throw_no) {
      shown = kept;
      for (int d = dice_in(kept); d < kDice; ++d) ++shown[static_cast<std::size_t>(core::roll_die(rng) - 1)];
      const int id = t.id(shown);
      if (throw_no == rules.throws) break;
      kept = t.hand(plan.keep[static_cast<std::size_t>(throw_no - 1)][static_cast<std::size_t>(id)]);
      if (dice_in(kept) == kDice) break;  // keeping all five: the hand is final
    }
    const auto c = static_cast<Category>(plan.category[static_cast<std::size_t>(t.id(shown))]);
    const Scored s = score_in(sheet, shown, c, rules);
    total += s.points;
    sheet = s.after;
  }
  if (bonus) *bonus = sheet.upper >= rules.bonus_threshold;  // the upper total is kept up to the threshold
  return total;
}

void ScoreTally::merge(const ScoreTally& o) {
  games += o.games;
  for (std::size_t i = 0; i < sum.size(); ++i) {
    sum[i] += o.sum[i], sum_sq[i] += o.sum_sq[i], wins[i] += o.wins[i], bonus[i] += o.bonus[i];
    for (std::size_t b = 0; b < histogram[i].size(); ++b) histogram[i][b] += o.histogram[i][b];
  }
}

core::Estimate ScoreTally::mean(std::size_t seat) const {
  return core::mean_from_sums(static_cast<double>(games), sum[seat], sum_sq[seat]);
}

core::Estimate ScoreTally::p_bonus(std::size_t seat) const {
  const double n = static_cast<double>(games);
  const double p = n > 0 ? bonus[seat] / n : 0;
  return {p, n > 1 ? std::sqrt(p * (1 - p) / n) : 0.0};  // binomial: each game reached it or not
}

core::Estimate ScoreTally::p_win(std::size_t seat) const {
  // A shared win counts 1/k to each of k seats. A share in [0, 1] with mean p has a variance
  // of at most p (1 - p): the binomial SE, used here, is exact without ties and else an upper
  // bound.
  const double n = static_cast<double>(games);
  const double p = n > 0 ? wins[seat] / n : 0;
  return {p, n > 1 ? std::sqrt(p * (1 - p) / n) : 0.0};
}

ScoreRun play_games(const std::vector<const KniffelPolicy*>& seats, const KniffelRules& rules, std::uint64_t games,
                    std::uint64_t seed, int threads, const core::RunControl& control, const std::vector<bool>& chase) {
  validate(rules);
  ScoreTally zero;
  zero.sum.assign(seats.size(), 0.0);
  zero.sum_sq.assign(seats.size(), 0.0);
  zero.wins.assign(seats.size(), 0.0);
  zero.bonus.assign(seats.size(), 0.0);
  zero.histogram.assign(seats.size(), std::vector<std::uint64_t>(kScoreBins, 0));
  return core::sample_chunks(games, 256, seed, threads, control, zero, [&](core::SampleChunk& chunk, ScoreTally& part) {
    std::vector<int> scores(seats.size());
    std::vector<char> reached(seats.size());
    for (std::uint64_t g = 0; g < chunk.count; ++g) {
      // Each seat's dice from its own stream of the game, so that two tables that differ in
      // one seat's play throw the same dice for every other seat (paired comparisons).
      std::vector<core::Rng> dice;
      for (std::size_t s = 0; s < seats.size(); ++s) dice.emplace_back(chunk.rng());
      for (std::size_t s = 0; s < seats.size(); ++s) {
        std::optional<int> beat;
        if (s > 0 && s < chase.size() && chase[s]) beat = *std::max_element(scores.begin(), scores.begin() + static_cast<std::ptrdiff_t>(s));
        bool b = false;
        scores[s] = play_game(*seats[s], rules, dice[s], beat, &b);
        reached[s] = b;
      }
      const int best = *std::max_element(scores.begin(), scores.end());
      const auto winners = static_cast<double>(std::count(scores.begin(), scores.end(), best));
      ++part.games;
      for (std::size_t s = 0; s < seats.size(); ++s) {
        const double x = scores[s];
        part.sum[s] += x, part.sum_sq[s] += x * x;
        if (scores[s] == best) part.wins[s] += 1.0 / winners;
        if (reached[s]) part.bonus[s] += 1.0;
        ++part.histogram[s][static_cast<std::size_t>(std::min(scores[s], kScoreBins - 1))];
      }
    }
  });
}

}  // namespace verflixt::kniffel
