// Every committed result (results/**/*.json, made by the scripts) records what makes it
// reproducible: the version that made it and the rules it was made under, and, where it
// sampled (a seed), how many it sampled. A file of several runs may record them per run.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace verflixt::testing {
namespace {

// Whether `doc` holds a key for which `wanted` is true, at any depth.
bool has_key(const nlohmann::json& doc, const std::function<bool(const std::string&)>& wanted) {
  if (doc.is_object())
    for (const auto& [key, value] : doc.items())
      if (wanted(key) || has_key(value, wanted)) return true;
  if (doc.is_array())
    for (const auto& value : doc)
      if (has_key(value, wanted)) return true;
  return false;
}

TEST(ResultFiles, EveryOneRecordsItsVersionRulesAndSampleSize) {
  const std::filesystem::path root = std::filesystem::path(VERFLIXT_SOURCE_DIR) / "results";
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".json") continue;
    ++files;
    std::ifstream in(entry.path());
    const nlohmann::json doc = nlohmann::json::parse(in);
    const std::string name = entry.path().lexically_relative(root).string();
    const auto is = [](const char* wanted) { return [wanted](const std::string& key) { return key == wanted; }; };
    EXPECT_TRUE(has_key(doc, is("version"))) << name;
    EXPECT_TRUE(has_key(doc, is("rules"))) << name;
    if (has_key(doc, is("seed"))) {
      EXPECT_TRUE(has_key(doc, [](const std::string& key) {
        for (const char* count : {"games", "turns", "evenings", "samples", "passes"})
          if (key.find(count) != std::string::npos) return true;
        return false;
      })) << name << " has a seed but no sample size";
    }
  }
  EXPECT_GT(files, 50);  // the scripts' results are all there
}

}  // namespace
}  // namespace verflixt::testing
