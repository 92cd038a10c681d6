// A command stopped before it finished anything (cli.h finish_unstarted): its result is the
// mark alone, and it names its game as every answer does — the default game in JSON only, as
// its answers' text names no game.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <unistd.h>

#include "cli/cli.h"

namespace verflixt::cli {
namespace {

std::string stopped(const std::string& format, const std::string& game, bool default_game) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("verflixt-unstarted-" + std::to_string(::getpid()) + "." + format);
  const int code = finish_unstarted({"solve", "--format", format, "--output", file.string()}, "solving", game, default_game);
  EXPECT_EQ(code, kExitInterrupted);
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  std::filesystem::remove(file);
  return text.str();
}

TEST(FinishUnstarted, NamesItsGameAsEveryAnswerDoes) {
  const auto pig = nlohmann::json::parse(stopped("json", "pig", false));
  EXPECT_EQ(pig.at("game"), "pig");
  EXPECT_EQ(pig.at("interrupted"), true);
  EXPECT_EQ(pig.at("completed"), 0);
  EXPECT_EQ(pig.at("stopped_while"), "solving");
  const auto v6 = nlohmann::json::parse(stopped("json", "verflixte6", true));
  EXPECT_EQ(v6.at("game"), "verflixte6");
  EXPECT_EQ(v6.at("command"), "solve");
  // The text: another game's head line names it; the default game's has none.
  EXPECT_NE(stopped("table", "pig", false).find("game pig"), std::string::npos);
  const std::string text = stopped("table", "verflixte6", true);
  EXPECT_EQ(text.find("game"), std::string::npos) << text;
  EXPECT_NE(text.find("stopped while solving: nothing was finished"), std::string::npos) << text;
}

}  // namespace
}  // namespace verflixt::cli
