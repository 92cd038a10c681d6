// Rules and policies given as text instead of a file (--rules-text, --policy-text,
// --others-policy-text): what the HTTP API sends instead of file names. The text of a file
// must mean exactly what the file means, and a file and its text together are refused.
#include <gtest/gtest.h>

#include <string>

#include "binary.h"

namespace verflixt {
namespace {

using testing::run;

// "$(cat FILE)": the whole text of a file as one argument (comments hold quotes and backquotes).
std::string text_of(const std::string& path) { return "\"$(cat " + path + ")\""; }

TEST(InlineText, RulesTextReadsAsTheRulesFile) {
  const auto file = run("rules --preset classic");
  ASSERT_EQ(file.code, 0) << file.err;
  const std::string ini = (testing::scratch() / "classic.ini").string();
  ASSERT_EQ(run("rules --preset classic --output " + ini).code, 0);
  const auto from_text = run("rules --rules-text " + text_of(ini) + " --set pony.target=12");
  ASSERT_EQ(from_text.code, 0) << from_text.err;
  const auto with_set = run("rules --preset classic --set pony.target=12");
  EXPECT_EQ(from_text.out, with_set.out);
  EXPECT_NE(from_text.out, file.out);  // the --set after the text took effect
}

TEST(InlineText, PolicyTextPlaysAsThePolicyFile) {
  const std::string situation =
      "advise --turn-total 9 --other 0:j --other 12:p --objective win --samples 2000 --seed 5 --format json";
  const auto file = run(situation + " --others-policy strategies/heuristic.ini");
  ASSERT_EQ(file.code, 0) << file.err;
  const auto text =
      run(situation + " --others-policy-text " + text_of(std::string(VERFLIXT_SOURCE_DIR) + "/strategies/heuristic.ini"));
  ASSERT_EQ(text.code, 0) << text.err;
  const auto actions = [](const std::string& json) { return json.substr(json.find("\"actions\"")); };
  EXPECT_EQ(actions(text.out), actions(file.out));
  const auto threshold = run(situation + " --others-policy threshold:12");
  EXPECT_NE(actions(threshold.out), actions(file.out));  // the policy matters in this situation
}

TEST(InlineText, AFileAndItsTextTogetherAreRefused) {
  const auto rules = run("rules --rules " + std::string(VERFLIXT_SOURCE_DIR) + "/tests/golden/solve-none.md" +
                         " --rules-text \"preset = classic\"");
  EXPECT_EQ(rules.code, 2);
  EXPECT_NE(rules.err.find("give one of --rules FILE and --rules-text TEXT"), std::string::npos) << rules.err;
  const auto policy = run("advise --turn-total 9 --other 0:j --others-policy threshold:17 --others-policy-text x");
  EXPECT_EQ(policy.code, 2);
  EXPECT_NE(policy.err.find("give one of --others-policy and --others-policy-text"), std::string::npos) << policy.err;
  const auto bad = run("advise --turn-total 9 --other 0:j --others-policy-text \"kind = nonsense\"");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--others-policy-text"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace verflixt
