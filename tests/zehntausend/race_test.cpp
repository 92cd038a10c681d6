// The Zehntausend race (race.h) on the core's race solver: tiny variants against a brute
// force written here over every state of the game (turn total and dice left included) with
// every legal set-aside of scoring.h (not turn.h's best per dice count) and the 6^d ordered
// throws (not the multisets); the cap; Bankrott off; and the optimal race policy played die by
// die by the reference engine's game loop against the exact value.
#include "verflixt/games/zehntausend/race.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <tuple>
#include <vector>

#include "../binary.h"
#include "verflixt/core/error.h"
#include "verflixt/core/rng.h"
#include "verflixt/games/zehntausend/engine.h"
#include "verflixt/games/zehntausend/race_store.h"
#include "verflixt/games/zehntausend/scoring.h"

namespace verflixt::zehntausend {
namespace {

// Every state (seat, a, b, t, d) in steps of 50, Gauss–Seidel until nothing moves by 1e-15.
struct Brute {
  ZehntausendRules r;
  int goal, cap0, top;
  std::vector<std::vector<Counts>> throws;  // ordered throws of d dice, as counts
  std::vector<std::vector<std::vector<SetAside>>> options;  // [d][throw]: every legal set-aside
  std::vector<double> v;
  std::map<std::tuple<int, int, int>, double> last_memo;

  double& at(int seat, int a, int b, int t, int d) {
    return v[(((static_cast<std::size_t>(seat) * goal + a) * goal + b) * top + t) * 7 + d];
  }
  void enumerate(int d, std::vector<int>& faces) {
    if (static_cast<int>(faces.size()) == d) {
      throws[static_cast<std::size_t>(d)].push_back(counts_of(faces));
      return;
    }
    for (int f = 1; f <= 6; ++f) {
      faces.push_back(f);
      enumerate(d, faces);
      faces.pop_back();
    }
  }
  int next_dice(int d, int kept) const { return d - kept == 0 ? (r.hot_dice ? r.dice : 0) : d - kept; }
  bool may(int t) const { return t * kPointStep >= r.bank_min; }
  // The second player's last turn needing n (steps) to tie, at turn total t with d dice.
  double last(int n, int t, int d) {
    const auto key = std::tuple{n, t, d};
    if (auto it = last_memo.find(key); it != last_memo.end()) return it->second;
    double sum = 0;
    for (const auto& list : options[static_cast<std::size_t>(d)]) {
      double best = 0;  // a Niete loses
      for (const SetAside& s : list) {
        const int t2 = t + s.points / kPointStep, d2 = next_dice(d, s.dice);
        const double bank = t2 > n ? 1.0 : t2 == n ? 0.5 : 0.0;
        double x;
        if (d2 == 0)
          x = may(t2) ? bank : 0.0;
        else if (may(t2) && t2 > n)
          x = 1.0;
        else
          x = may(t2) ? std::max(bank, last(n, t2, d2)) : last(n, t2, d2);
        best = std::max(best, x);
      }
      sum += best;
    }
    const double value = sum / static_cast<double>(throws[static_cast<std::size_t>(d)].size());
    last_memo[key] = value;
    return value;
  }
  double bank(int seat, int a, int b, int t) {
    const int total = a + t;
    if (total < goal) return 1 - at(1 - seat, b, total, 0, r.dice);
    return seat == 1 ? 1.0 : 1 - last(total - b, 0, r.dice);
  }

  Brute(const ZehntausendRules& rules, int overshoot) : r(rules), goal(rules.limit / kPointStep) {
    cap0 = goal + overshoot / kPointStep;
    int gain = 0;
    throws.resize(7);
    options.resize(7);
    for (int d = 1; d <= r.dice; ++d) {
      std::vector<int> faces;
      enumerate(d, faces);
      for (const Counts& c : throws[static_cast<std::size_t>(d)]) {
        options[static_cast<std::size_t>(d)].push_back(set_asides(c, r));
        for (const SetAside& s : options[static_cast<std::size_t>(d)].back()) gain = std::max(gain, s.points / kPointStep);
      }
    }
    // States below the cap, or below bank_min, throw on: every total up to there plus a throw.
    const int low = std::max(cap0, (r.bank_min + kPointStep - 1) / kPointStep);
    top = low + gain + 1;
    v.assign(static_cast<std::size_t>(2 * goal * goal * top * 7), 0.0);
    for (int sweep = 0; sweep < 100000; ++sweep) {
      double change = 0;
      for (int seat = 0; seat < 2; ++seat)
        for (int a = 0; a < goal; ++a)
          for (int b = 0; b < goal; ++b) {
            const int cap = seat == 0 ? cap0 : goal;
            for (int t = std::max(cap - a, (r.bank_min + kPointStep - 1) / kPointStep) + gain - 1; t >= 0; --t)
              for (int d = 1; d <= r.dice; ++d) {
                if (t == 0 && d != r.dice) continue;
                double sum = 0;
                for (const auto& list : options[static_cast<std::size_t>(d)]) {
                  if (list.empty()) {  // Niete; Bankrott on the first throw (Z4)
                    sum += 1 - (t == 0 && r.bankrott ? at(1 - seat, b, 0, 0, r.dice) : at(1 - seat, b, a, 0, r.dice));
                    continue;
                  }
                  double best = -1;
                  for (const SetAside& s : list) {
                    const int t2 = t + s.points / kPointStep, d2 = next_dice(d, s.dice);
                    double x;
                    if (d2 == 0)
                      x = may(t2) ? bank(seat, a, b, t2) : 1 - at(1 - seat, b, a, 0, r.dice);
                    else if (may(t2) && a + t2 >= cap)  // the cap: bank
                      x = bank(seat, a, b, t2);
                    else
                      x = may(t2) ? std::max(bank(seat, a, b, t2), at(seat, a, b, t2, d2)) : at(seat, a, b, t2, d2);
                    best = std::max(best, x);
                  }
                  sum += best;
                }
                const double x = sum / static_cast<double>(throws[static_cast<std::size_t>(d)].size());
                change = std::max(change, std::abs(x - at(seat, a, b, t, d)));
                at(seat, a, b, t, d) = x;
              }
          }
      if (change < 1e-15) break;
    }
  }
};

void expect_matches_brute_force(const ZehntausendRules& rules, int overshoot) {
  SCOPED_TRACE(rules_summary(rules));
  const Race race(rules, overshoot);
  ASSERT_TRUE(race.solution().converged);
  Brute brute(rules, overshoot);
  const int goal = rules.limit / kPointStep;
  for (int seat = 0; seat < 2; ++seat)
    for (int a = 0; a < goal; ++a)
      for (int b = 0; b < goal; ++b)
        EXPECT_NEAR(race.solution().value(seat, a, b), brute.at(seat, a, b, 0, rules.dice), 1e-12) << seat << " " << a << " " << b;
}

TEST(ZehntausendRace, TinyVariantsEqualTheBruteForce) {
  expect_matches_brute_force(ZehntausendRules{.dice = 2, .limit = 500}, 500);
  expect_matches_brute_force(ZehntausendRules{.dice = 2, .bankrott = false, .limit = 500}, 300);
  expect_matches_brute_force(ZehntausendRules{.dice = 2, .bankrott = true, .limit = 500}, 300);
  expect_matches_brute_force(ZehntausendRules{.dice = 3, .bank_min = 200, .limit = 400}, 400);
  expect_matches_brute_force(ZehntausendRules{.dice = 2, .bank_min = 150, .hot_dice = false, .limit = 400}, 200);
}

// The cap: a first player past the limit banks at limit + overshoot. Widening it must not move
// the value (by 1e-9, the precision the report claims).
TEST(ZehntausendRace, WideningTheCapChangesNothing) {
  const ZehntausendRules rules{.limit = 1000};
  const Race race(rules);
  const Race wider(rules, 2 * kDefaultOvershoot);
  EXPECT_LT(std::abs(race.first_wins() - wider.first_wins()), 1e-9) << race.first_wins() << " " << wider.first_wins();
  for (int a = 0; a < 20; ++a)
    for (int b = 0; b < 20; ++b) EXPECT_LT(std::abs(race.solution().value(0, a, b) - wider.solution().value(0, a, b)), 1e-9);
  // A cap too close does move it: the test can see a cap.
  const Race tight(rules, 200);
  EXPECT_GT(std::abs(race.first_wins() - tight.first_wins()), 1e-6);
}

// Without Bankrott nothing leads from a level a + b to a lower one: one sweep settles it, and
// plain Gauss–Seidel sweeps (one evaluation per state and sweep) reach the same values.
TEST(ZehntausendRace, BankrottOffIsSettledInOneSweep) {
  const ZehntausendRules rules{.bankrott = false, .limit = 1000};
  const Race settled(rules);
  EXPECT_LE(settled.solution().sweeps, 2);
  const Race plain(rules, kDefaultOvershoot, {.max_level_passes = 1, .newton = false});
  ASSERT_TRUE(plain.solution().converged);
  EXPECT_GT(plain.solution().sweeps, 2);
  for (int seat = 0; seat < 2; ++seat)
    for (int a = 0; a < 20; ++a)
      for (int b = 0; b < 20; ++b)
        EXPECT_NEAR(settled.solution().value(seat, a, b), plain.solution().value(seat, a, b), 1e-11);
  // Bankrott costs the player who throws it; it needs more sweeps to settle.
  const Race bankrott(ZehntausendRules{.limit = 1000});
  EXPECT_GT(bankrott.solution().sweeps, 2);
  EXPECT_NE(bankrott.first_wins(), settled.first_wins());
}

// The exact optimal race policy played by both seats through the engine's play_game, die by
// die with a fixed seed: the first seat's share of wins is the exact value within 4 SE.
TEST(ZehntausendRace, OptimalPolicyPlayedDieByDieMatchesTheExactValue) {
  const ZehntausendRules rules{.limit = 1000};
  const Race race(rules);
  core::Rng rng(20240611);
  const auto die = [&] { return core::roll_die(rng); };
  const auto decide = [&](int, const TurnView& v) { return race.decide(v); };
  const int games = 1000000;
  double sum = 0, sum_sq = 0;
  for (int g = 0; g < games; ++g) {
    const GameRecord rec = play_game(rules, decide, die);
    const double share = (rec.winners.front() == 0 ? 1.0 : 0.0) / static_cast<double>(rec.winners.size());
    sum += share;
    sum_sq += share * share;
  }
  const double mean = sum / games, se = std::sqrt((sum_sq / games - mean * mean) / games);
  EXPECT_LT(std::abs(mean - race.first_wins()), 4 * se) << mean << " ± " << se << " vs exact " << race.first_wins();
}

TEST(ZehntausendRace, TwoPlayersAndAWholeOvershoot) {
  EXPECT_THROW(Race(ZehntausendRules{.limit = 500, .players = 3}), core::InputError);
  EXPECT_THROW(Race(ZehntausendRules{.limit = 500}, 120), core::InputError);
}

// The race is refused past the largest limit and cap it solves in minutes (twice the
// preset's 10000, 20000 points past it), before any work: its turn alone is cheap to build
// at the bounds, and one step past either is an input error.
TEST(ZehntausendRace, TheExactRaceIsBoundedBeforeItIsBuilt) {
  EXPECT_EQ(kMaxRaceLimit, 20000);
  EXPECT_EQ(kMaxOvershoot, 20000);
  EXPECT_NO_THROW(Race(ZehntausendRules{.limit = 20000}, 20000, Race::TurnOnly{}));
  EXPECT_THROW(Race(ZehntausendRules{.limit = 20050}, kDefaultOvershoot, Race::TurnOnly{}), core::InputError);
  EXPECT_THROW(Race(ZehntausendRules{.limit = 1000000}), core::InputError);
  EXPECT_THROW(Race(ZehntausendRules{.limit = 1000}, 20050, Race::TurnOnly{}), core::InputError);
}

// The stored form (race_store.h) gives back the race it was taken from, and too few values
// for the rules are refused as a file of other rules.
TEST(ZehntausendRace, StoredValuesGiveTheSameRace) {
  const ZehntausendRules rules{.limit = 500};
  const Race race(rules);
  const std::vector<double> values = race_values(race.solution());
  const std::shared_ptr<const Race> back = race_from_values(rules, kDefaultOvershoot, values);
  EXPECT_EQ(back->first_wins(), race.first_wins());
  EXPECT_EQ(back->solution().sweeps, race.solution().sweeps);
  EXPECT_EQ(back->bank_at(1, 0, 250, 3), race.bank_at(1, 0, 250, 3));
  EXPECT_NE(race_head(rules, kDefaultOvershoot), race_head(ZehntausendRules{.limit = 1000}, kDefaultOvershoot));
  try {
    race_from_values(ZehntausendRules{.limit = 1000}, kDefaultOvershoot, values);
    ADD_FAILURE() << "a race of other rules was read";
  } catch (const core::InputError& e) {
    EXPECT_STREQ(e.what(), "a saved race solution of other rules");
  }
}

// `solve --game zehntausend --race`: the value the library finds, the thresholds table per
// seat, own and opponent total, and a one-line error for a step that is not a multiple of 50.
TEST(ZehntausendRace, SolveRaceCommand) {
  const auto r = testing::run("solve --game zehntausend --race --no-cache --set limit=500 --table-step 250 --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_NEAR(j["first_wins"].get<double>(), Race(ZehntausendRules{.limit = 500}).first_wins(), 1e-15);
  EXPECT_EQ(j["converged"], true);
  EXPECT_LE(j["residual"].get<double>(), 1e-13);
  ASSERT_EQ(j["bank_thresholds"].size(), 8u);  // 2 seats x 2 own x 2 opponent totals
  // The second player banks with three or more dice left only once the limit is reached.
  EXPECT_EQ(j["bank_thresholds"][4]["seat"], "second");
  EXPECT_EQ(j["bank_thresholds"][4]["dice_6"].get<int>(), 500);
  const auto text = testing::run("solve --game zehntausend --race --no-cache --set limit=500");
  EXPECT_NE(text.out.find("P(first player wins)"), std::string::npos);
  const auto bad = testing::run("solve --game zehntausend --race --no-cache --set limit=500 --table-step 120");
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
}

}  // namespace
}  // namespace verflixt::zehntausend
