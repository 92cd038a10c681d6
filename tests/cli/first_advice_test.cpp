// A player's first question to each game, on a fresh install (an empty value cache), is
// answered within two seconds. Measured as the CPU time the command spent (user + system, of
// every thread): on a shared machine the wall clock says more about the other jobs than about
// verflixt, while the CPU time bounds the wall time on an idle machine whatever the threads.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "../binary.h"

namespace verflixt {
namespace {

double children_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); };
  return seconds(u.ru_utime) + seconds(u.ru_stime);
}

struct FirstQuestion {
  const char* game;
  const char* args;  // the situation, as a player types it
};

// One situation per game and preset whose answer needs the game's exact solution; for
// Zehntausend the two-player race, forced and open (the race ships with verflixt).
const std::vector<FirstQuestion> kQuestions = {
    {"verflixte6", "advise --turn-total 12 --other 20:p"},
    {"verflixte6", "advise --turn-total 9 --jokers runkelrueb,fumo --other 14:p --other 0:j"},
    {"pig", "pig advise --score 40 --other 60 --turn-total 15"},
    {"schocken", "schocken advise --dice 663 --throw 1"},
    {"en-gingg", "en-gingg advise --dice 6,6,5,3,2,1"},
    {"kniffel", "kniffel advise --dice 66321"},
    {"kniffel", "kniffel advise --preset yahtzee --dice 66321"},
    {"zehntausend", "zehntausend advise --turn-total 350 --dice-left 3 --score 4200 --other 6100"},
    {"zehntausend", "zehntausend advise --dice 155234 --turn-total 300 --score 2500 --other 3000"},
};

TEST(FirstAdvice, EveryGameAnswersAFreshInstallWithinTwoSeconds) {
  for (const auto& q : kQuestions) {
    const auto cache = testing::scratch() / (std::string("first-advice-") + q.game);
    std::filesystem::remove_all(cache);
    std::filesystem::create_directories(cache);
    ::setenv("VERFLIXT_CACHE_DIR", cache.c_str(), 1);
    const double before = children_cpu_seconds();
    const auto r = testing::run(std::string(q.args) + " --format json");
    const double spent = children_cpu_seconds() - before;
    ASSERT_EQ(r.code, 0) << q.args << ": " << r.err;
    EXPECT_NE(r.out.find("\"verdict\""), std::string::npos) << q.args << ": the answer starts with what to do";
    EXPECT_LT(spent, 2.0) << q.args << ": " << spent << " s of CPU time";
  }
  ::unsetenv("VERFLIXT_CACHE_DIR");
}

}  // namespace
}  // namespace verflixt
