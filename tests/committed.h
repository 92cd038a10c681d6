#pragma once
// Reading a committed result (results/..., made by the scripts) from a test: the tests that
// hold the committed figures to what they claim, or to a fresh solve.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace verflixt::testing {

// results/`path` as JSON; null, and a failure naming `script` to run, when it is missing.
inline nlohmann::json committed_result(const std::string& path, const std::string& script) {
  std::ifstream in(std::string(VERFLIXT_SOURCE_DIR) + "/results/" + path);
  EXPECT_TRUE(in.good()) << "results/" << path << " is missing: run scripts/" << script;
  return in.good() ? nlohmann::json::parse(in) : nlohmann::json{};
}

}  // namespace verflixt::testing
