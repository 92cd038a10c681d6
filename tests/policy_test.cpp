#include "verflixt/policy.h"

#include <gtest/gtest.h>

#include <sstream>

#include "verflixt/error.h"
#include "verflixt/heuristic.h"

namespace verflixt {
namespace {

const Rules kT = preset("tournament-2019");

TEST(Policy, ThresholdStopsAtN) {
  const auto p = make_policy("threshold:17", kT);
  TurnState t;
  t.eyes = 16;
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::roll());
  t.eyes = 17;
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::stop());
  EXPECT_EQ(p->name(), "threshold:17");
  EXPECT_THROW(make_policy("threshold:x", kT), InputError);
  EXPECT_THROW(make_policy("greedy", kT), InputError);
}

TEST(Policy, DefaultInnerChoicesMaximizeTheStepsExpectedEyes) {
  const ThresholdPolicy p(20);
  TurnState t;
  const TurnView v{kT, t, -1, {}, 0};
  // J3 tournament, attack 6: fight = (18 - 50)/6 < -2 = decline; attack 5: (17+18-40)/6 > -2.
  EXPECT_FALSE(p.anaconda_fight(v, 6));
  EXPECT_TRUE(p.anaconda_fight(v, 5));
  // J5: one throw left is worth 18/3 - 20/3 = -2/3 > -2: go on.
  EXPECT_FALSE(p.rattenlord_retreat(v, 1));
  EXPECT_TRUE(p.monokel_rethrow(v, 0, 3, 0));
  EXPECT_FALSE(p.monokel_rethrow(v, 0, 4, 0));
  EXPECT_TRUE(p.senigma_counter(v, 0, 5, 0, 0));
  EXPECT_FALSE(p.senigma_counter(v, 0, 4, 0, 0));
}

TEST(Policy, ShippedHeuristicFileLoadsAndUsesJokersInItsWindows) {
  const auto p = make_policy(VERFLIXT_SOURCE_DIR "/strategies/heuristic.ini", kT);
  TurnState t;
  t.held = JokerSet{}.with(HIRTENSCHUTZ).with(FUMO);
  t.eyes = 5;
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::use(FUMO));
  t.held = JokerSet{}.with(HIRTENSCHUTZ);
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::roll());
  t.eyes = 21;
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::use(HIRTENSCHUTZ));
  t.held = {};
  EXPECT_EQ(p->decide(TurnView{kT, t, -1, {}, 0}), Action::stop());
}

TEST(Policy, HeuristicFileIsValidatedLikeARulesFile) {
  auto read = [](const std::string& text) {
    std::istringstream in(text);
    return read_heuristic(in, "h.ini");
  };
  EXPECT_EQ(read("[policy]\nstop_at = 25\n").stop_at, 25);
  EXPECT_THROW(read("[policy]\nstop = 25\n"), InputError);
  EXPECT_THROW(read("[pony]\nuse_from = many\n"), InputError);
  EXPECT_THROW(read("[ponny]\nuse_from = 3\n"), InputError);
  EXPECT_THROW(read("[policy]\npriority = pony,pony\n"), InputError);
  EXPECT_THROW(read("[anaconda]\nfight_max_attack = 9\n"), InputError);
}

}  // namespace
}  // namespace verflixt
