// A solution the machine could not cache is said in a note on stderr, not as a warning: it is
// about this machine, not the answer, so no JSON answer (and so no page's answer, which would
// show a client the server's cache path) lists it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "binary.h"

namespace {

using verflixt::testing::Result;
using verflixt::testing::run;

TEST(CacheNote, ACacheThatCannotBeWrittenIsANoteNeverInTheAnswer) {
  // A file where the cache folder should be: nothing can be written under it.
  const std::filesystem::path blocked =
      std::filesystem::temp_directory_path() / ("verflixt-cache-note-" + std::to_string(::getpid()));
  std::ofstream(blocked) << "a file, not a folder\n";
  const Result r = run("kniffel solve --set throws=1 --set bonus_threshold=3 --cache " + blocked.string() + " --format json");
  std::filesystem::remove(blocked);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("verflixt: note: the solution is not cached"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_FALSE(j.contains("warnings")) << r.out;
  EXPECT_EQ(r.out.find(blocked.string()), std::string::npos) << r.out;
}

}  // namespace
