#include "verflixt/games/verflixte6/answers/tune.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "../../input_error.h"
#include "verflixt/core/error.h"

namespace verflixt::verflixte6 {
namespace {

const std::string kSource = VERFLIXT_SOURCE_DIR;

// A question with the shipped position policy as the start (read from the source tree).
TuneQuestion question() {
  TuneQuestion q;
  q.policy = kSource + "/strategies/position-safe.ini";
  q.field_policy = "threshold:18";
  return q;
}

// The message of the InputError prepare_tune throws for `q`.
std::string error_of(const Rules& rules, const TuneQuestion& q) {
  return testing::message_of([&] { prepare_tune(rules, q); });
}

TEST(TuneQuestion, TheFieldIsPlayersMinusOneSeatsOfTheFieldPolicy) {
  TuneQuestion q = question();
  q.players = 3;
  const TuneSetup s = prepare_tune(preset("tournament-2019"), q);
  EXPECT_EQ(s.field_specs, (std::vector<std::string>{"threshold:18", "threshold:18"}));
  ASSERT_EQ(s.table.field.size(), 2u);
  EXPECT_EQ(s.table.field[0].policy, s.table.field[1].policy);  // one policy, read once
  EXPECT_EQ(s.strong, nullptr);
  EXPECT_EQ(s.table.engine, PassEngine::Reference);
}

TEST(TuneQuestion, SinglesArePickedAmongTheRulesJokersAndNone) {
  Rules rules = preset("tournament-2019");
  rules.jokers = JokerSet{}.with(PONY).with(FUMO);
  TuneQuestion q = question();
  q.loadouts = "singles";
  EXPECT_EQ(prepare_tune(rules, q).options.loadouts, (std::vector<std::vector<Joker>>{{}, {PONY}, {FUMO}}));
  q.loadouts = "pairs";
  EXPECT_EQ(prepare_tune(rules, q).options.loadouts, (std::vector<std::vector<Joker>>{{}, {PONY, FUMO}}));
  q.loadouts = "all";
  EXPECT_EQ(prepare_tune(rules, q).options.loadouts,
            (std::vector<std::vector<Joker>>{{}, {PONY}, {FUMO}, {PONY, FUMO}}));
  q.loadouts = "fumo,pony;none";
  EXPECT_EQ(prepare_tune(rules, q).options.loadouts, (std::vector<std::vector<Joker>>{{FUMO, PONY}, {}}));
}

TEST(TuneQuestion, RefusesWithTheOptionsNames) {
  const Rules rules = preset("tournament-2019");
  TuneQuestion q = question();
  q.field = {"threshold:20"};
  EXPECT_EQ(error_of(rules, q), "give either --field (repeated) or --players N --field-policy P, not both");
  q = question();
  q.loadouts = "pony;pony,pony";
  EXPECT_EQ(error_of(rules, q),
            "--loadouts (valid: all, singles, pairs or LIST;LIST with LIST = a,b,c or none) names 'pony' twice");
  q = question();
  q.policy = "threshold:20";
  EXPECT_EQ(error_of(rules, q), "--policy 'threshold:20' is not a position or strong policy; valid: a policy file "
                                "with kind = position or strong");
  q = question();
  q.series = 0;
  EXPECT_EQ(error_of(rules, q), "--series 0 is out of range; valid: 1..1000");
  q = question();
  q.field_policy.reset();
  q.field = std::vector<std::string>(12, "threshold:20");
  EXPECT_EQ(error_of(rules, q), "12 --field options; valid: 1..11 opponents");
}

}  // namespace
}  // namespace verflixt::verflixte6
