#pragma once
// One description of a result, rendered as text, JSON, CSV or Markdown by one renderer (the
// model is Google Benchmark's reporters: the run is described once, each format is a
// reporter). A result has a head (version, game, rules summary, preset), named fields and
// tables of columns — a table may also be a value, where a result nests — and for the text
// and Markdown forms the prose lines between them. A column is one line in its table's
// description — name (the JSON key and CSV header), text label, number formats, and whether the
// value is an estimate with a standard error — so a new column appears in every format at
// once; where a format shows a result in another shape (a row per family in CSV, a list per
// row in JSON), the same columns serve both, each shown where its flags say. The core names
// no game; every layer that produces results can use it without Boost.
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "verflixt/core/stats.h"

namespace verflixt::core::report {

// printf-style formatting of one number, "-0.0000" printed as "0.0000" (a sign without a
// difference only confuses a reader and a diff).
std::string number(const char* format, double value);
// An estimate with its standard error, "0.5306 ± 0.0012": the convention everywhere is ±1 SE.
std::string plus_minus(const Estimate& e, const char* format = "%.4f");
std::string plus_minus(const Estimate& e, const char* mean_format, const char* se_format);

// Which renderings show a field, table, column or line. kCsvHead: a field named in the CSV's
// first line, the comment that says what the result was made from (its seed, policy and sample
// size beside the head's version and rules), so that a CSV file records them as JSON does.
enum In : unsigned { kText = 1, kJson = 2, kCsv = 4, kMarkdown = 8, kAll = 15, kJsonCsv = kJson | kCsv, kCsvHead = 16,
                     kJsonHead = kJson | kCsvHead };

struct Table;
// A value JSON leaves out (its key is absent), an empty cell in text and CSV: what a result has
// only sometimes (an exact value where one exists, the counts of an interrupted run).
struct Absent {};
// A table as a value: JSON only, where a result nests (a row of loadouts, each with its rows).
using Nested = std::shared_ptr<const Table>;

// A list is a JSON array, and in text and CSV its entries separated by spaces (numbers in the
// column's format).
using Value = std::variant<std::nullptr_t, bool, std::int64_t, std::uint64_t, double, std::string,
                           std::vector<std::string>, std::vector<std::int64_t>, std::vector<double>, Estimate,
                           Absent, Nested>;

struct Head {
  // preset may be empty. Without a game (the default game's results), JSON names none and the
  // text has no head line; without a version either, the head is left to the result's fields.
  std::string version, game, rules, preset;
};

// Integers are printed in full, or in text through `text_format` when it is an integer format
// ("%3lld", "%llu").
struct Column {
  std::string name = "";              // JSON key, CSV header
  std::string text = "";              // printed before the value in a text row
  const char* text_format = "%.4f";   // a number (or an estimate's mean and SE) in text
  const char* text_se_format = nullptr;  // an estimate's SE in text, when not text_format
  const char* csv_format = "%.6f";    // a number (or an estimate's mean and SE) in CSV
  std::string se_name = "";           // an estimate: its SE's JSON key and CSV header
  std::size_t width = 0, min_gap = 0; // text: pad the value to `width`, with at least `min_gap` spaces
  unsigned in = kAll;
  std::string missing = "";           // text: what a null or absent value shows
  std::string csv_name = "", csv_se_name = "";  // CSV headers, when not the JSON keys
  bool csv_quoted = false;            // CSV: the cell in double quotes (a name that holds commas)
  bool csv_escaped = false;           // CSV: quoted only when it holds a comma, a quote or a line end
  bool estimate_object = false;       // JSON: an estimate as {"mean": m, "stderr": se} under `name`
  // Markdown: the header (default: the name), right-aligned, and the number format (default:
  // the text's).
  std::string label = "";
  bool right = false;
  const char* markdown_format = nullptr;
};

struct Table {
  std::string name = "";  // JSON key of the rows
  std::vector<Column> columns = {};
  std::vector<std::vector<Value>> rows = {};  // one value per column
  unsigned in = kAll;
  // JSON: an object whose keys are the first column, not an array; without a name, its rows
  // are members of the document itself.
  bool keyed = false;
  // JSON: what a row is — an object of its columns; the value of its one JSON column
  // ({"12": 4} keyed, [4, 5] not); an array of its columns' values ([[0, 0.55], [17, 0.14]]);
  // or, for a table of one row, that row's object itself (without a name: its members are
  // members of the document).
  enum Json { Objects, Values, Arrays, Object } json = Objects;
  Table& row(std::vector<Value> values);
  // This table as a value of another's cell or a field.
  Nested nested() const { return std::make_shared<const Table>(*this); }
};

// A result: the head, then fields, tables and text lines in the order they are given (the
// order of the JSON document and of the text).
class Report {
 public:
  explicit Report(Head head) : head_(std::move(head)) {}
  // A named value (JSON only unless told). Fields shown in CSV are the columns of one CSV row
  // (before any table), numbers in `csv_format`; an estimate's SE is named `se_name` (JSON and
  // CSV; default NAME_stderr).
  Report& field(std::string name, Value value, unsigned in = kJson, const char* csv_format = "%.6f",
                std::string se_name = "");
  // A line of prose, "\n" appended: in the text unless told (a CSV comment, say).
  Report& line(std::string text, unsigned in = kText);
  // Appended to the text head line ("  seed 7").
  Report& head_line(std::string suffix);
  // What to do, in a player's words (an advice's answer): the first line of the text and of
  // Markdown, before the head, and JSON's first member "verdict".
  Report& headline(std::string text);
  // A table; its rows are added through the returned reference (valid as long as the report).
  Table& table(std::string name, std::vector<Column> columns, unsigned in = kAll);
  // The interruption mark of a sampled result: "interrupted", and when set the completed and
  // total counts and their unit.
  Report& completion(bool interrupted, std::uint64_t completed, std::uint64_t total, std::string unit);

  // Text: "verflixt VERSION  game GAME  rules RULES" (and the head line's suffix; none
  // without a game), then lines and tables' rows. JSON: the head, then fields and tables,
  // two-space indent. CSV: a comment line "# verflixt VERSION  game GAME  preset P  rules
  // RULES  seed 7  games 1000" (the head, then the kCsvHead fields, "NAME VALUE" each, two
  // spaces apart; a field named "version" reads "verflixt VERSION"), the row of the fields shown
  // in CSV, then the CSV lines and tables in their order.
  std::string render_text() const;
  std::string render_json() const;
  std::string render_csv() const;
  // Markdown: the lines shown in it, and tables as pipe tables under their columns' labels.
  std::string render_markdown() const;
  // "table", "text", "json", "csv" or "markdown".
  std::string render(const std::string& format) const;

 private:
  struct Item {
    enum Kind { Field, Line, Rows } kind;
    std::string name;
    Value value;
    unsigned in;
    std::size_t table = 0;
    const char* csv_format = "%.6f";
    std::string se_name = "";
  };
  Head head_;
  std::string head_suffix_;
  std::string headline_;
  std::vector<Item> items_;
  std::deque<Table> tables_;  // a deque: the references table() returned stay valid
};

}  // namespace verflixt::core::report
