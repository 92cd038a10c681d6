// A command asked with its options as values (core::Command::answer, what the Python module
// does) answers as its command line does: the same JSON for the same options, the same
// one-line refusal for a bad value, and nothing the command line would not take.
#include <gtest/gtest.h>

#include <atomic>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/in_process.h"
#include "games/registry.h"
#include "verflixt/core/error.h"

namespace verflixt::cli {
namespace {

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// Command-line words as values, each as the text a person would type ("--no-cache" alone: on).
core::OptionValues values_of(const std::vector<std::string>& words) {
  core::OptionValues values;
  for (std::size_t k = 0; k < words.size(); ++k) {
    const std::string name = words[k].substr(2);
    if (k + 1 < words.size() && words[k + 1].rfind("--", 0) != 0) {
      values.emplace_back(name, words[++k]);
    } else {
      values.emplace_back(name, true);
    }
  }
  return values;
}

// The JSON without what a clock gives (a run's seconds and rates).
nlohmann::json untimed(nlohmann::json j) {
  if (j.is_object()) {
    nlohmann::json out = nlohmann::json::object();
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string& key = it.key();
      if (key.ends_with("seconds") || key.find("per_second") != std::string::npos) continue;
      out[key] = untimed(it.value());
    }
    return out;
  }
  if (j.is_array())
    for (auto& e : j) e = untimed(e);
  return j;
}

const core::Command& command(const std::string& game, const std::string& name) {
  for (const auto& c : games::find_game(game)->commands)
    if (name == c.name) return c;
  throw std::logic_error(game + " has no " + name);
}

// The refusal of `values`, or "" where they are taken.
std::string refusal(const core::Command& c, const core::OptionValues& values) {
  try {
    c.answer(values);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "";
}

// The command line's refusal of `words` after the command's name.
std::string command_line_refusal(const core::Command& c, std::vector<std::string> words) {
  const std::atomic<bool> no_stop{false};
  words.insert(words.begin(), c.name);
  return run_in_process(c.run, words, no_stop).input_error;
}

TEST(AnswerValues, EveryCommandAnswersItsQuickOptionsAsItsCommandLinePrintsThem) {
  const std::atomic<bool> no_stop{false};
  int asked = 0;
  for (const auto& game : games::registry())
    for (const core::Command& c : game.commands) {
      // A bench's answer is timings: no two runs give the same.
      if (!c.answer || !c.quick || std::string(c.name) == "bench") continue;
      const std::vector<std::string> words = words_of(c.quick);
      std::vector<std::string> argv = {c.name};
      argv.insert(argv.end(), words.begin(), words.end());
      argv.insert(argv.end(), {"--format", "json"});
      const InProcessRun printed = run_in_process(c.run, argv, no_stop);
      ASSERT_EQ(printed.code, 0) << game.name << " " << c.name << ": " << printed.input_error << printed.failure;
      const InProcessAnswer answered = answer_in_process(c.answer, values_of(words), no_stop);
      ASSERT_TRUE(answered.answered) << game.name << " " << c.name << ": " << answered.input_error << answered.failure;
      EXPECT_EQ(untimed(nlohmann::json::parse(answered.answered->report.render_json())),
                untimed(nlohmann::json::parse(printed.out)))
          << game.name << " " << c.name;
      ++asked;
    }
  // Every game's rules, solve, evaluate, tournament, advise and balance at least.
  EXPECT_GE(asked, 6 * static_cast<int>(games::registry().size()));
}

TEST(AnswerValues, ABadValueGetsTheCommandLinesOwnMessage) {
  const core::Command& evaluate = command("pig", "evaluate");
  EXPECT_EQ(refusal(evaluate, {{"games", std::int64_t{0}}}), command_line_refusal(evaluate, {"--games", "0"}));
  EXPECT_EQ(refusal(evaluate, {{"games", std::int64_t{-3}}}), command_line_refusal(evaluate, {"--games", "-3"}));
  EXPECT_EQ(refusal(evaluate, {{"gmaes", std::int64_t{10}}}), command_line_refusal(evaluate, {"--gmaes", "10"}));
  EXPECT_NE(refusal(evaluate, {{"gmaes", std::int64_t{10}}}).find("--games"), std::string::npos);  // did you mean
  const core::Command& solve = command("verflixte6", "solve");
  EXPECT_EQ(refusal(solve, {{"jokers", std::string("pnoy")}}), command_line_refusal(solve, {"--jokers", "pnoy"}));
  EXPECT_FALSE(refusal(solve, {{"jokers", std::string("pnoy")}}).empty());
  // Where a command line writes its answer is the command line's business, and a value that
  // looks like an option is a value.
  EXPECT_NE(refusal(evaluate, {{"output", std::string("x.json")}}).find("--output"), std::string::npos);
  EXPECT_EQ(refusal(evaluate, {{"policy", std::string("--output=x.json")}}),
            command_line_refusal(evaluate, {"--policy=--output=x.json"}));
  EXPECT_NE(refusal(evaluate, {{"policy", std::string("--output=x.json")}}).find("--output=x.json"), std::string::npos);
}

TEST(AnswerValues, TypedValuesMeanWhatTheirOptionsMean) {
  const core::Command& evaluate = command("pig", "evaluate");
  // A true/false option given false is off (a bare flag could not say it).
  const auto exact_of = [&](bool exact) {
    const core::Answered a = evaluate.answer({{"goal", std::int64_t{20}}, {"games", std::int64_t{500}}, {"exact", exact}});
    return nlohmann::json::parse(a.report.render_json());
  };
  const nlohmann::json with = exact_of(true), without = exact_of(false);
  // Pig to 20, hold at 20 against hold at 20: the exact P(first wins) is there only when asked.
  EXPECT_TRUE(with.contains("exact_first_player_win"));
  EXPECT_FALSE(without.contains("exact_first_player_win"));
  EXPECT_EQ(with["seats"], without["seats"]);  // the same games either way
  // A real number, a list and a dict's words: Pig's solve at tolerance 1e-9 from a preset's rules.
  const core::Answered solved = command("pig", "solve").answer(
      {{"set", std::vector<std::string>{"goal=20", "faces=6"}}, {"tolerance", 1e-9}});
  const nlohmann::json j = nlohmann::json::parse(solved.report.render_json());
  EXPECT_FALSE(solved.done.interrupted);
  const std::atomic<bool> no_stop{false};
  const InProcessRun printed = run_in_process(
      command("pig", "solve").run,
      {"solve", "--set", "goal=20", "--set", "faces=6", "--tolerance", "1e-09", "--format", "json"}, no_stop);
  EXPECT_EQ(untimed(j), untimed(nlohmann::json::parse(printed.out)));
}

}  // namespace
}  // namespace verflixt::cli
