// with_warnings (core/json_text.h): the warnings the command line says on stderr added to a
// JSON answer, each once, after those the answer holds, every other byte left as it was.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "verflixt/core/json_text.h"

namespace verflixt {
namespace {

TEST(JsonWarnings, AreAddedOnceAfterTheAnswersOwn) {
  const std::string plain = "{\n  \"verdict\": \"stand\",\n  \"p\": 0.1234567890123,\n  \"n\": 3\n}\n";
  EXPECT_EQ(core::report::with_warnings(plain, {}), plain);  // nothing said: not a byte changed
  const std::string added = core::report::with_warnings(plain, {"--limit changes nothing", "--limit changes nothing"});
  EXPECT_EQ(added,
            "{\n  \"verdict\": \"stand\",\n  \"p\": 0.1234567890123,\n  \"n\": 3,\n  \"warnings\": [\n"
            "    \"--limit changes nothing\"\n  ]\n}\n");
  const std::string own = "{\n  \"verdict\": \"roll\",\n  \"warnings\": [\n    \"a\"\n  ],\n  \"x\": 1\n}\n";
  EXPECT_EQ(core::report::with_warnings(own, {"a"}), own);  // already said by the answer itself
  const auto both = nlohmann::ordered_json::parse(core::report::with_warnings(own, {"a", "b \"quoted\""}));
  EXPECT_EQ(both["warnings"], nlohmann::ordered_json::parse(R"(["a", "b \"quoted\""])"));
  EXPECT_EQ(both.begin().key(), "verdict");  // the answer's order kept
  EXPECT_EQ(both["x"], 1);
  EXPECT_EQ(core::report::with_warnings("not json", {"a"}), "not json");  // nothing to add them to: as it came
  EXPECT_EQ(core::report::with_warnings("{\"warnings\": \"one\"}", {"a"}), "{\"warnings\": \"one\"}");
}

}  // namespace
}  // namespace verflixt
