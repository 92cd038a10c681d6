// docs/rule-map.md: every rule id of docs/rules/verflixte6.md (T, J, P) and every engine
// decision of include/verflixt/games/verflixte6/rules/engine.h (E) is mapped exactly once, and every function the
// map names — the home and the other copies — is still defined in the file named with it.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSource = VERFLIXT_SOURCE_DIR;

std::optional<std::string> read_text(const fs::path& p) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return std::nullopt;
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// One `path` `function` pair of the map.
struct Ref {
  std::string path, function;
};

struct Row {
  std::string id;
  std::string home_cell, copies_cell;
  std::vector<std::string> home, copies;  // backticked tokens, in order
  int line = 0;
};

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> backticked(const std::string& cell) {
  std::vector<std::string> out;
  static const std::regex tick("`([^`]+)`");
  for (auto it = std::sregex_iterator(cell.begin(), cell.end(), tick); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1].str());
  return out;
}

// The rows of the map's table whose first cell is a rule id: before the first "## " heading
// (docs/rule-map.md has none), or under a "## Rule map" heading.
std::vector<Row> parse_rule_map(const std::string& readme) {
  std::vector<Row> rows;
  std::istringstream in(readme);
  std::string line;
  bool inside = true;
  int number = 0;
  static const std::regex id_cell("^[TJPE][0-9]+$");
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("## ", 0) == 0) {
      inside = trim(line) == "## Rule map";
      continue;
    }
    if (!inside || line.rfind("|", 0) != 0) continue;
    std::vector<std::string> cells;
    std::string cell;
    for (size_t k = 1; k < line.size(); ++k) {
      if (line[k] == '|') {
        cells.push_back(trim(cell));
        cell.clear();
      } else {
        cell += line[k];
      }
    }
    if (cells.empty() || !std::regex_match(cells[0], id_cell)) continue;
    Row r;
    r.id = cells[0];
    r.line = number;
    if (cells.size() >= 4) {
      r.home_cell = cells[2];
      r.copies_cell = cells[3];
      r.home = backticked(cells[2]);
      r.copies = backticked(cells[3]);
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Whether `text` holds a definition-looking occurrence of `name`: the name (a whole word, not
// reached through . or ->) followed by a balanced parameter list and then, after optional
// const / override / noexcept / final, an opening brace. For Class::method the class must
// occur in the file too and the method is looked up by its own name (a member defined in
// its class body, or out of line as Class::method).
bool defines(const std::string& text, const std::string& name) {
  std::string fn = name;
  if (const auto colons = name.rfind("::"); colons != std::string::npos) {
    const std::string cls = name.substr(0, colons);
    fn = name.substr(colons + 2);
    const std::regex cls_word("\\b" + cls + "\\b");
    if (!std::regex_search(text, cls_word)) return false;
  }
  if (fn.empty()) return false;
  for (size_t at = text.find(fn); at != std::string::npos; at = text.find(fn, at + 1)) {
    if (at > 0 && word_char(text[at - 1])) continue;
    size_t k = at + fn.size();
    if (k < text.size() && word_char(text[k])) continue;
    if (at > 0 && (text[at - 1] == '.' || (at > 1 && text[at - 1] == '>' && text[at - 2] == '-'))) continue;
    while (k < text.size() && std::isspace(static_cast<unsigned char>(text[k]))) ++k;
    if (k >= text.size() || text[k] != '(') continue;
    int depth = 0;
    for (; k < text.size(); ++k) {
      if (text[k] == '(') ++depth;
      if (text[k] == ')' && --depth == 0) break;
    }
    if (k >= text.size()) continue;
    ++k;
    for (bool more = true; more;) {
      while (k < text.size() && std::isspace(static_cast<unsigned char>(text[k]))) ++k;
      more = false;
      for (const char* q : {"const", "override", "noexcept", "final"}) {
        const std::string w = q;
        if (text.compare(k, w.size(), w) == 0 && (k + w.size() >= text.size() || !word_char(text[k + w.size()]))) {
          k += w.size();
          more = true;
        }
      }
    }
    if (k < text.size() && text[k] == '{') return true;
  }
  return false;
}

// The ids the rules page defines: **T1 Free throw.** ...
std::set<std::string> rules_md_ids(const std::string& text) {
  std::set<std::string> ids;
  static const std::regex id("\\*\\*([TJP][0-9]+)\\b");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), id); it != std::sregex_iterator(); ++it)
    ids.insert((*it)[1].str());
  return ids;
}

// The engine's decisions, listed in engine.h's opening comment: "//  E1  Jule ...".
std::set<std::string> engine_decision_ids(const std::string& text) {
  std::set<std::string> ids;
  static const std::regex id("^//\\s+(E[0-9]+)\\s");
  std::istringstream in(text);
  std::string line;
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_search(line, m, id)) ids.insert(m[1].str());
  return ids;
}

// Problems with the map's coverage of `ids` (all ids of one prefix set): an id missing or
// mapped twice, or a mapped id of these prefixes that `ids` does not define.
std::vector<std::string> coverage_problems(const std::vector<Row>& rows, const std::set<std::string>& ids,
                                           const std::string& prefixes, const std::string& source) {
  std::vector<std::string> problems;
  std::map<std::string, int> count;
  for (const Row& r : rows) ++count[r.id];
  for (const auto& id : ids) {
    if (count[id] == 0) problems.push_back(id + " (" + source + ") is missing from docs/rule-map.md");
    if (count[id] > 1) problems.push_back(id + " appears " + std::to_string(count[id]) + " times in the rule map");
  }
  for (const auto& [id, n] : count)
    if (n > 0 && prefixes.find(id[0]) != std::string::npos && !ids.count(id))
      problems.push_back(id + " is in the rule map but not in " + source);
  return problems;
}

// Problems with the `path` `function` pairs of a row.
std::vector<std::string> reference_problems(const Row& r, const fs::path& root) {
  std::vector<std::string> problems;
  const std::string where = "docs/rule-map.md:" + std::to_string(r.line) + " " + r.id + ": ";
  if (r.home.size() != 2) problems.push_back(where + "the home must be exactly one `path` `function`, got '" + r.home_cell + "'");
  if (r.copies.empty() && r.copies_cell != "—")
    problems.push_back(where + "other copies must be `path` `function` pairs or —, got '" + r.copies_cell + "'");
  if (r.copies.size() % 2 != 0) problems.push_back(where + "other copies must come in `path` `function` pairs");
  std::vector<Ref> refs;
  for (size_t k = 0; k + 1 < r.home.size(); k += 2) refs.push_back({r.home[k], r.home[k + 1]});
  for (size_t k = 0; k + 1 < r.copies.size(); k += 2) refs.push_back({r.copies[k], r.copies[k + 1]});
  for (const Ref& ref : refs) {
    if (ref.path.find('/') == std::string::npos || ref.path.find('.') == std::string::npos) {
      problems.push_back(where + "'" + ref.path + "' is not a file path (pairs are `path` `function`)");
      continue;
    }
    const auto text = read_text(root / ref.path);
    if (!text) {
      problems.push_back(where + ref.path + " does not exist");
      continue;
    }
    if (!defines(*text, ref.function))
      problems.push_back(where + ref.path + " defines no function " + ref.function);
  }
  return problems;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += "\n  " + x;
  return s;
}

std::vector<Row> map_rows() {
  const auto map = read_text(kSource / "docs" / "rule-map.md");
  if (!map) return {};
  return parse_rule_map(*map);
}

TEST(RuleMap, DocsHaveTheTable) {
  const auto rows = map_rows();
  ASSERT_FALSE(rows.empty()) << "docs/rule-map.md has no table with rule ids";
}

TEST(RuleMap, EveryRuleIdOnce) {
  const fs::path rules = kSource / "docs" / "rules" / "verflixte6.md";
  const auto text = read_text(rules);
  ASSERT_TRUE(text.has_value()) << rules.string() << " is not readable";
  const auto ids = rules_md_ids(*text);
  ASSERT_GE(ids.size(), 26u) << "the rules page should define T1-T7, J1-J15, P1-P4";
  const auto problems = coverage_problems(map_rows(), ids, "TJP", "docs/rules/verflixte6.md");
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(RuleMap, EveryEngineDecisionOnce) {
  const auto text = read_text(kSource / "include" / "verflixt" / "games" / "verflixte6" / "rules" / "engine.h");
  ASSERT_TRUE(text.has_value());
  const auto ids = engine_decision_ids(*text);
  ASSERT_GE(ids.size(), 11u) << "engine.h should list E1-E11";
  const auto problems = coverage_problems(map_rows(), ids, "E", "include/verflixt/games/verflixte6/rules/engine.h");
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST(RuleMap, EveryNamedFunctionIsDefinedInItsFile) {
  const auto rows = map_rows();
  ASSERT_FALSE(rows.empty());
  std::vector<std::string> problems;
  for (const Row& r : rows) {
    const auto p = reference_problems(r, kSource);
    problems.insert(problems.end(), p.begin(), p.end());
  }
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

// The checks themselves: a missing id, a renamed function, a call that is no definition.
TEST(RuleMap, CheckerCatchesMissingIdsAndRenamedFunctions) {
  const std::string readme =
      "# x\n\n## Rule map\n\n| id | rule | home | other copies |\n|---|---|---|---|\n"
      "| T1 | a | `src/games/verflixte6/rules/table.cpp` `rob_candidates` | — |\n"
      "| T2 | b | `src/games/verflixte6/rules/table.cpp` `no_such_function` | `src/games/verflixte6/rules/table.cpp` `senigma_candidates` |\n"
      "| T2 | c | `src/nowhere.cpp` `f` | `src/games/verflixte6/rules/table.cpp` |\n"
      "\n## Next\n\n| T3 | outside | `a/b.c` `d` | — |\n";
  const auto rows = parse_rule_map(readme);
  ASSERT_EQ(rows.size(), 3u);
  const auto coverage = coverage_problems(rows, {"T1", "T2", "T4"}, "TJP", "the rules page");
  EXPECT_EQ(coverage.size(), 2u) << joined(coverage);  // T2 twice, T4 missing
  EXPECT_TRUE(reference_problems(rows[0], kSource).empty()) << joined(reference_problems(rows[0], kSource));
  EXPECT_EQ(reference_problems(rows[1], kSource).size(), 1u);  // renamed
  EXPECT_GE(reference_problems(rows[2], kSource).size(), 2u);  // no file, an unpaired copy

  const std::string code =
      "class TurnPlay {\n void step(Action a) {\n  play.step(a);\n }\n};\n"
      "int Policy::choose_victim(const TurnView& v,\n    int amount) const {\n  return pick(v);\n}\n"
      "void g() { if (keuler_due(r, s, 1)) { take(1); } }\n";
  EXPECT_TRUE(defines(code, "TurnPlay::step"));
  EXPECT_TRUE(defines(code, "Policy::choose_victim"));
  EXPECT_FALSE(defines(code, "Other::step"));     // the class is not in the file
  EXPECT_FALSE(defines(code, "keuler_due"));      // only called
  EXPECT_FALSE(defines(code, "take"));            // only called
  EXPECT_FALSE(defines(code, "ste"));             // not a whole word
}

}  // namespace
