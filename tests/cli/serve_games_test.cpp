// `verflixt serve` for every game: a request's "game" picks the game, and its advise answers
// on the API exactly as the command line does (the same JSON for the same options); GET
// /api/games lists each game's advise keys in the words every game shares; what only the
// command line may ask (another game's solve, a cache folder) is refused with one line.
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "binary.h"
#include "cli/server_process.h"

namespace verflixt {
namespace {

class ServeGames : public SharedServer {
 protected:
  static void SetUpTestSuite() { start("--threads 1"); }
};

TEST_F(ServeGames, EveryGamesAdviseIsTheCommandLinesJson) {
  ASSERT_GT(port(), 0);
  // A request and the command line it stands for.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"game": "pig", "score": 40, "other": 60, "turn-total": 15})", "pig advise --score 40 --other 60 --turn-total 15"},
      {R"({"game": "schocken", "dice": "6 6 1", "other": "4 2 1"})", "schocken advise --dice '6 6 1' --other '4 2 1'"},
      {R"({"game": "schocken", "dice": "663", "players": 3, "seat": 2})", "schocken advise --dice 663 --players 3 --seat 2"},
      {R"({"game": "en-gingg", "dice": "5,4,4,2", "aside": "6,6", "throw": "2"})",
       "en-gingg advise --dice 5,4,4,2 --aside 6,6 --throw 2"},
      {R"({"game": "zehntausend", "dice": "155243", "turn-total": 0, "score": 500, "other": ["1000", "2000"], "games": 500, "seed": 3})",
       "zehntausend advise --dice 155243 --score 500 --other 1000 --other 2000 --games 500 --seed 3"},
      {R"({"game": "kniffel", "dice": "66321", "throw": 2})", "kniffel advise --dice 66321 --throw 2"},
  };
  for (const auto& [body, args] : cases) {
    const Reply api = post(port(), "/api/advise", body);
    const testing::Result cli = testing::run(args + " --format json");
    ASSERT_EQ(cli.code, 0) << args << "\n" << cli.err;
    nlohmann::json expected = nlohmann::json::parse(cli.out);
    ASSERT_EQ(api.status, 200) << args << "\n" << api.body.dump();
    nlohmann::json got = api.body;
    // Wall time, where an answer says it, and whether a solve was read from the cache: on a
    // machine with no cache yet the first of the two solves it and the second reads it.
    for (nlohmann::json* j : {&got, &expected}) j->erase("seconds"), j->erase("from_cache");
    EXPECT_EQ(got, expected) << args;
    EXPECT_EQ(cli.out.rfind("{\n  \"verdict\": ", 0), 0u) << args;  // every answer opens with what to do
  }
}

// Every game's rules, the default game's without "game": the command line's JSON, the rules
// keys (a preset, --set, a shorthand such as Pig's goal) read as the command line reads them.
TEST_F(ServeGames, EveryGamesRulesAreTheCommandLinesJson) {
  ASSERT_GT(port(), 0);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"preset": "classic"})", "rules --preset classic"},
      {R"({"game": "pig", "goal": 50})", "pig rules --goal 50"},
      {R"({"game": "schocken", "set": ["chips=7"]})", "schocken rules --set chips=7"},
      {R"({"game": "en-gingg", "set": "start=20"})", "en-gingg rules --set start=20"},
      {R"({"game": "zehntausend", "set": ["limit=5000", "bank_min=350"]})", "zehntausend rules --set limit=5000 --set bank_min=350"},
      {R"({"game": "kniffel", "preset": "yahtzee"})", "kniffel rules --preset yahtzee"},
  };
  for (const auto& [body, args] : cases) {
    const Reply api = post(port(), "/api/rules", body);
    const testing::Result cli = testing::run(args + " --format json");
    ASSERT_EQ(cli.code, 0) << args << "\n" << cli.err;
    ASSERT_EQ(api.status, 200) << args << "\n" << api.body.dump();
    EXPECT_EQ(api.body, nlohmann::json::parse(cli.out)) << args;
  }
  const Reply bad = post(port(), "/api/rules", R"({"game": "pig", "set": ["gaol=50"]})");
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.value("error", "").find("did you mean goal"), std::string::npos) << bad.body.dump();
}

// A page asked by a method it does not answer is a 405 naming the methods it answers.
TEST_F(ServeGames, AWrongMethodIsRefusedWithTheRightOne) {
  ASSERT_GT(port(), 0);
  httplib::Client client("127.0.0.1", port());
  const auto get = client.Get("/api/advise");
  ASSERT_TRUE(get);
  EXPECT_EQ(get->status, 405);
  EXPECT_EQ(get->get_header_value("Allow"), "POST");
  EXPECT_EQ(nlohmann::json::parse(get->body).value("error", ""), "/api/advise answers POST, not GET");
  const auto post_games = without_sigpipe([&] { return client.Post("/api/games", "{}", "application/json"); });
  ASSERT_TRUE(post_games);
  EXPECT_EQ(post_games->status, 405);
  EXPECT_EQ(post_games->get_header_value("Allow"), "GET");
  const auto none = client.Get("/api/nothing");
  ASSERT_TRUE(none);
  EXPECT_EQ(none->status, 404);
}

// A key the command line reads as a word takes a whole number as its digits: "throw" is a
// number in Schocken and Kniffel and a word in En Gingg, and a JSON client writes 2 for all
// three; a game total or dice come as numbers too. What is not a whole number is refused.
TEST_F(ServeGames, AWordKeyTakesAWholeNumberAsItsDigits) {
  ASSERT_GT(port(), 0);
  const std::vector<std::pair<std::string, std::string>> same = {
      {R"({"game": "en-gingg", "dice": "5,4,4,2", "aside": "6,6", "throw": 2})",
       R"({"game": "en-gingg", "dice": "5,4,4,2", "aside": "6,6", "throw": "2"})"},
      {R"({"game": "zehntausend", "dice": 155243, "score": 500, "other": [1000, 2e3], "games": 500, "seed": 3})",
       R"({"game": "zehntausend", "dice": "155243", "score": 500, "other": ["1000", "2000"], "games": 500, "seed": 3})"},
      {R"({"game": "schocken", "dice": 663, "other": 421.0})", R"({"game": "schocken", "dice": "663", "other": "421"})"},
  };
  for (const auto& [numbers, words] : same) {
    Reply a = post(port(), "/api/advise", numbers), b = post(port(), "/api/advise", words);
    ASSERT_EQ(a.status, 200) << numbers << "\n" << a.body.dump();
    ASSERT_EQ(b.status, 200) << words << "\n" << b.body.dump();
    for (nlohmann::json* j : {&a.body, &b.body}) j->erase("seconds"), j->erase("from_cache");
    EXPECT_EQ(a.body, b.body) << numbers;
  }
  for (const char* body : {R"({"game": "en-gingg", "dice": "5,4,4,2", "throw": 2.5})",
                           R"({"game": "zehntausend", "dice": "155243", "other": [true]})",
                           R"({"game": "zehntausend", "dice": "155243", "other": {"a": 1}})"}) {
    const Reply r = post(port(), "/api/advise", body);
    EXPECT_EQ(r.status, 400) << body;
    EXPECT_NE(r.body.value("error", "").find("expected a"), std::string::npos) << body << ": " << r.body.dump();
  }
}

// What the command line warns of on stderr is in its JSON answer's "warnings", and so in the
// page's (which lists them beside the advice): the same JSON.
TEST_F(ServeGames, TheCommandLinesWarningsComeWithTheAnswer) {
  ASSERT_GT(port(), 0);
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {R"({"game": "schocken", "dice": "611", "limit": 2})", "schocken advise --dice 611 --limit 2",
       "--limit changes nothing for the starter"},
      {R"({"game": "zehntausend", "dice": "155243", "seed": 5})", "zehntausend advise --dice 155243 --seed 5",
       "--seed changes nothing without --other"},
  };
  for (const auto& [body, args, said] : cases) {
    const Reply api = post(port(), "/api/advise", body);
    const testing::Result cli = testing::run(args + " --format json");
    ASSERT_EQ(cli.code, 0) << args << "\n" << cli.err;
    ASSERT_NE(cli.err.find("verflixt: warning: " + said), std::string::npos) << args << ": " << cli.err;
    ASSERT_EQ(api.status, 200) << args << "\n" << api.body.dump();
    nlohmann::json got = api.body, expected = nlohmann::json::parse(cli.out);
    ASSERT_TRUE(got.contains("warnings")) << got.dump();
    ASSERT_EQ(got["warnings"].size(), 1u) << got["warnings"].dump();
    EXPECT_EQ(got["warnings"][0].get<std::string>().rfind(said, 0), 0u) << got["warnings"].dump();
    for (nlohmann::json* j : {&got, &expected}) j->erase("seconds"), j->erase("from_cache");
    EXPECT_EQ(got, expected) << args;
  }
  // Without a warning the answer has none.
  const Reply quiet = post(port(), "/api/advise", R"({"game": "schocken", "dice": "611"})");
  ASSERT_EQ(quiet.status, 200);
  EXPECT_FALSE(quiet.body.contains("warnings")) << quiet.body.dump();
}

TEST_F(ServeGames, TheGamesAndTheirKeysAreListedInTheSharedWords) {
  ASSERT_GT(port(), 0);
  httplib::Client client("127.0.0.1", port());
  const auto res = client.Get("/api/games");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200);
  const auto j = nlohmann::json::parse(res->body);
  std::vector<std::string> names;
  for (const auto& g : j["games"]) names.push_back(g["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"verflixte6", "pig", "schocken", "en-gingg", "zehntausend", "kniffel"}));
  const auto keys = [&](const std::string& game) {
    std::vector<std::string> out;
    for (const auto& g : j["games"])
      if (g["name"] == game)
        for (const auto& k : g["advise"]) out.push_back(k["key"]);
    return out;
  };
  const auto has = [&](const std::string& game, const std::string& key) {
    const auto k = keys(game);
    return std::find(k.begin(), k.end(), key) != k.end();
  };
  for (const std::string game : {"pig", "zehntausend", "verflixte6"}) {
    EXPECT_TRUE(has(game, "score")) << game;
    EXPECT_TRUE(has(game, "turn-total")) << game;
    EXPECT_TRUE(has(game, "other")) << game;
  }
  for (const std::string game : {"schocken", "en-gingg", "zehntausend", "kniffel"}) EXPECT_TRUE(has(game, "dice")) << game;
  // Nothing that names a file or the server's own settings.
  for (const std::string& game : names)
    for (const std::string never : {"cache", "no-cache", "rules", "output", "threads", "format", "policy"})
      EXPECT_FALSE(has(game, never)) << game << " offers " << never;
}

// The page builds each game's form from these keys alone: the situation first, under the same
// label for the same word in every game, the rules and settings folded away.
TEST_F(ServeGames, EveryKeyCarriesItsLabelAndWhetherItTellsTheSituation) {
  ASSERT_GT(port(), 0);
  httplib::Client client("127.0.0.1", port());
  const auto res = client.Get("/api/games");
  ASSERT_TRUE(res);
  const auto j = nlohmann::json::parse(res->body);
  const std::map<std::string, std::string> shared = {{"dice", "My dice"},   {"score", "My score"},
                                                     {"turn-total", "My turn total"}, {"seat", "My seat"},
                                                     {"players", "Players"}, {"throw", "Which throw this is"}};
  for (const auto& g : j["games"]) {
    if (g["name"] == "verflixte6") continue;  // its own form on the page
    int situation = 0;
    for (const auto& k : g["advise"]) {
      const std::string key = k["key"];
      ASSERT_TRUE(k.contains("label") && k.contains("situation")) << g["name"] << " " << key;
      EXPECT_FALSE(k["label"].get<std::string>().empty()) << key;
      situation += k["situation"].get<bool>();
      if (const auto s = shared.find(key); s != shared.end()) {
        EXPECT_EQ(k["label"], s->second) << g["name"] << " " << key;
        EXPECT_TRUE(k["situation"].get<bool>()) << g["name"] << " " << key;
      }
      for (const std::string setting : {"game", "preset", "set", "seed", "games", "top", "goal"}) {
        if (key == setting) {
          EXPECT_FALSE(k["situation"].get<bool>()) << g["name"] << " " << key;
        }
      }
    }
    EXPECT_GE(situation, 3) << g["name"];
  }
  // The page names no game's keys itself.
  const auto page = client.Get("/");
  ASSERT_TRUE(page);
  for (const std::string word : {"kniffel-scored", "other-throws", "dice-left", "My dice"})
    EXPECT_EQ(page->body.find(word), std::string::npos) << word;
}

TEST_F(ServeGames, WhatOnlyTheCommandLineAsksIsRefusedInOneLine) {
  ASSERT_GT(port(), 0);
  const std::vector<std::tuple<std::string, std::string, std::string>> bad = {
      {"/api/advise", R"({"game": "pgi", "score": 4})", "did you mean pig"},
      {"/api/advise", R"({"game": 7})", "expected a string"},
      {"/api/advise", R"({"game": "zehntausend", "dice": "155243", "cache": "/etc"})", "unknown key 'cache'"},
      {"/api/advise", R"({"game": "zehntausend", "dice": "155243", "other": ["1", "2"], "games": 100000000})", "cap"},
      {"/api/advise", R"({"game": "pig", "score": 200})", "the game is over"},
      {"/api/solve", R"({"game": "pig"})", "`verflixt pig solve`"},
  };
  for (const auto& [path, body, expected] : bad) {
    const Reply r = post(port(), path, body);
    EXPECT_EQ(r.status, 400) << body;
    const std::string msg = r.body.value("error", "");
    EXPECT_NE(msg.find(expected), std::string::npos) << body << ": " << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  }
}

// A game's exact work that would outlast the request's deadline is refused, naming the command
// line that answers it, and the server answers the next request.
TEST(ServeGamesProcess, AGamesSolveBeyondTheDeadlineIsRefusedWithItsCommandLine) {
  ServerProcess server("--max-seconds 0.2 --threads 1");
  ASSERT_GT(server.port(), 0);
  const Reply r = post(server.port(), "/api/advise", R"({"game": "pig", "set": ["goal=250"], "score": 3})");
  EXPECT_EQ(r.status, 400) << r.body.dump();
  const std::string msg = r.body.value("error", "");
  EXPECT_NE(msg.find("too large to answer here"), std::string::npos) << msg;
  EXPECT_NE(msg.find("`verflixt pig advise --score=3 --set=goal=250`"), std::string::npos) << msg;
  const Reply ok = post(server.port(), "/api/advise", R"({"game": "pig", "set": ["goal=20"], "score": 3})");
  EXPECT_EQ(ok.status, 200) << ok.body.dump();
}

}  // namespace
}  // namespace verflixt
