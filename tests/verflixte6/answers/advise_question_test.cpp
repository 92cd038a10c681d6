// advise's question (answers/advise.h) asked of the library directly, as the server and Python
// ask it: a refused option names itself in the command line's words, and an accepted situation
// echoes what it understood.
#include "verflixt/games/verflixte6/answers/advise.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "verflixt/core/error.h"

namespace verflixt::verflixte6 {
namespace {

std::string refusal(const AdviceQuestion& q) {
  try {
    advise_answer(preset("tournament-2019"), q, {}, 1'000'000);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(AdviseQuestion, RefusedOptionsNameThemselves) {
  AdviceQuestion q;
  EXPECT_EQ(refusal(q), "--turn-total is required (my eyes this pass so far)");
  q.turn_total = 18;
  EXPECT_EQ(refusal(q), "give every other player with --other EYES:STATUS[:SCORE]");
  q.other = {"20"};
  EXPECT_EQ(refusal(q), "--other '20': expected EYES:STATUS[:SCORE], e.g. 14:p or 0:z:25; STATUS: j (Jungfrau), "
                        "p (Prinzessin), z (Zombie)");
  q.other = {"20:p"};
  q.policy = "threshold:3";
  q.given.policy = true;
  q.policy_text = "[policy]\nkind = threshold\nthreshold = 3\n";
  EXPECT_EQ(refusal(q), "give one of --policy and --policy-text, not both");
}

TEST(AdviseQuestion, LastSeatIsExactAndEchoesItsInputs) {
  // Two Zombies at 0 and a Prinzessin at 4 are the three lowest: standing at 5 eyes in the
  // last seat I am no loser for certain, so stopping is worth exactly 1.
  AdviceQuestion q;
  q.turn_total = 5;
  q.other = {"0:z", "0:z", "12:p", "4:p", "17:p"};
  q.samples = 500;
  q.given.samples = true;
  q.preset = "tournament-2019";
  const AdviseAnswer a = advise_answer(preset("tournament-2019"), q, {}, 1'000'000);
  ASSERT_TRUE(a.advice.exact);
  EXPECT_EQ(a.advice.ranked.front().action, Action::stop());
  EXPECT_EQ(a.advice.ranked.front().value.mean, 1.0);

  const std::vector<std::string> tail(a.lines.end() - 5, a.lines.end());
  EXPECT_EQ(tail[0], "your jokers still held: none; Frostschutz used 0 times; Fumo not active; no Ventil floor");
  EXPECT_EQ(tail[1], "robbing 1s thrown so far this turn: 0");
  EXPECT_EQ(tail[2], "jokers of each Jungfrau still to play: none");
  EXPECT_EQ(tail[4], "Monte Carlo settings: 500 samples per action, seed 1, 1 thread");
  ASSERT_EQ(a.warnings.size(), 1u);
  EXPECT_EQ(a.warnings[0],
            "--samples changes nothing: the answer is exact (the last seat, with optimal play after each action)");

  const nlohmann::json in = nlohmann::json::parse(describe(a).render_json())["situation"];
  EXPECT_EQ(in["turn_total"], 5);
  EXPECT_EQ(in["other"].size(), 5u);
  EXPECT_EQ(in["other"][3], nlohmann::json({{"player", 5}, {"eyes", 4}, {"status", "prinzessin"}, {"score", 0}}));
  EXPECT_EQ(in["order"], nlohmann::json::array());  // nobody plays after the last seat
  EXPECT_EQ(in["policy"], "objective");
  EXPECT_EQ(in["others_policy"], "threshold:20");
  EXPECT_TRUE(in["floor"].is_null());
  EXPECT_TRUE(in["policy_text"].is_null());
}

}  // namespace
}  // namespace verflixt::verflixte6
