#include "verflixt/core/report.h"
#include "verflixt/core/json_text.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string_view>
#include <type_traits>
#include <utility>

namespace verflixt::core::report {
namespace {

// Whether printf wrote a negative zero: a '-' followed only by zeros (and the decimal point)
// up to the exponent or the end. "-0.000", "-0e+00" are; "-0.001", "-nan", "-inf" are not.
// (The same rule as the command line's fmt, which the results were always printed with.)
bool prints_negative_zero(const char* s) {
  while (*s == ' ') ++s;
  if (*s++ != '-') return false;
  bool digit = false;
  for (; (*s >= '0' && *s <= '9') || *s == '.'; ++s) {
    if (*s >= '1' && *s <= '9') return false;
    digit = digit || *s == '0';
  }
  return digit;
}

void positive_zeros(nlohmann::ordered_json& j) {
  if (j.is_number_float()) {
    if (j.get<double>() == 0.0) j = 0.0;  // also true for -0.0
  } else if (j.is_structured()) {
    for (auto& v : j) positive_zeros(v);
  }
}

nlohmann::ordered_json rows_json(const Table& t);

bool missing(const Value& v) { return std::holds_alternative<std::nullptr_t>(v) || std::holds_alternative<Absent>(v); }

// A value under `name` in a JSON object; an estimate writes its mean there and its SE under `se_name`.
void put(nlohmann::ordered_json& o, const std::string& name, const std::string& se_name, const Value& v,
         bool estimate_object = false) {
  std::visit(
      [&](const auto& x) {
        using X = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<X, Absent>) {
          return;
        } else if constexpr (std::is_same_v<X, Nested>) {
          o[name] = rows_json(*x);
        } else if constexpr (std::is_same_v<X, std::nullptr_t>) {
          o[name] = nullptr;
          if (!se_name.empty()) o[se_name] = nullptr;  // an estimate's column: neither its mean nor its SE
        } else if constexpr (std::is_same_v<X, Estimate>) {
          if (estimate_object) {
            o[name] = {{"mean", x.mean}, {"stderr", x.se}};
            return;
          }
          o[name] = x.mean;
          o[se_name.empty() ? name + "_stderr" : se_name] = x.se;
        } else {
          o[name] = x;
        }
      },
      v);
}

// A value as a text or CSV cell; numbers through `format` (an estimate: mean and SE, as
// "m ± se" in text and two cells in CSV).
std::string cell(const Value& v, const char* format, bool csv, const char* se_format = nullptr) {
  return std::visit(
      [&](const auto& x) -> std::string {
        using X = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<X, std::nullptr_t> || std::is_same_v<X, Absent> || std::is_same_v<X, Nested>) {
          return "";  // a nested table is JSON only
        } else if constexpr (std::is_same_v<X, bool>) {
          return x ? "true" : "false";
        } else if constexpr (std::is_same_v<X, std::int64_t> || std::is_same_v<X, std::uint64_t>) {
          const std::string_view f = format ? format : "";
          if (f.size() < 4 || (!f.ends_with("lld") && !f.ends_with("llu"))) return std::to_string(x);
          char buf[64];
          if constexpr (std::is_same_v<X, std::int64_t>)
            std::snprintf(buf, sizeof buf, format, static_cast<long long>(x));
          else
            std::snprintf(buf, sizeof buf, format, static_cast<unsigned long long>(x));
          return buf;
        } else if constexpr (std::is_same_v<X, double>) {
          return number(format, x);
        } else if constexpr (std::is_same_v<X, std::string>) {
          return x;
        } else if constexpr (std::is_same_v<X, std::vector<std::string>>) {
          std::string s;
          for (const auto& e : x) s += (s.empty() ? "" : " ") + e;
          return s;
        } else if constexpr (std::is_same_v<X, std::vector<std::int64_t>>) {
          std::string s;
          for (const auto& e : x) s += (s.empty() ? "" : " ") + std::to_string(e);
          return s;
        } else if constexpr (std::is_same_v<X, std::vector<double>>) {
          std::string s;
          for (const double e : x) s += (s.empty() ? "" : " ") + number(format, e);
          return s;
        } else {
          return csv ? number(format, x.mean) + "," + number(format, x.se) : plus_minus(x, format, se_format ? se_format : format);
        }
      },
      v);
}

// A table's rows as JSON (Table::json): an array, or an object keyed by the first column, of
// the rows in their shape; or the one row's object.
nlohmann::ordered_json rows_json(const Table& t) {
  nlohmann::ordered_json rows = t.keyed ? nlohmann::ordered_json::object() : nlohmann::ordered_json::array();
  for (const auto& row : t.rows) {
    nlohmann::ordered_json r = nlohmann::ordered_json::object();
    for (size_t c = t.keyed ? 1 : 0; c < t.columns.size(); ++c)
      if (t.columns[c].in & kJson) put(r, t.columns[c].name, t.columns[c].se_name, row[c], t.columns[c].estimate_object);
    if (t.json == Table::Object) return r;
    if (t.json == Table::Values) r = r.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(r.front());
    if (t.json == Table::Arrays) {
      nlohmann::ordered_json a = nlohmann::ordered_json::array();
      for (const auto& v : r) a.push_back(v);
      r = std::move(a);
    }
    if (t.keyed)
      rows[std::get<std::string>(row[0])] = r;
    else
      rows.push_back(r);
  }
  return t.json == Table::Object ? nlohmann::ordered_json::object() : rows;
}

}  // namespace

std::string json_text(nlohmann::ordered_json doc) {
  positive_zeros(doc);
  return doc.dump(2) + "\n";
}

std::string with_warnings(const std::string& json, const std::vector<std::string>& warnings) {
  if (warnings.empty()) return json;
  nlohmann::ordered_json doc = nlohmann::ordered_json::parse(json, nullptr, false);
  if (!doc.is_object()) return json;
  nlohmann::ordered_json& listed = doc["warnings"];
  if (listed.is_null()) listed = nlohmann::ordered_json::array();
  if (!listed.is_array()) return json;
  bool added = false;
  for (const std::string& w : warnings)
    if (std::find(listed.begin(), listed.end(), w) == listed.end()) listed.push_back(w), added = true;
  return added ? json_text(std::move(doc)) : json;
}

std::string number(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  if (prints_negative_zero(buf)) std::snprintf(buf, sizeof buf, format, 0.0);
  return buf;
}

std::string plus_minus(const Estimate& e, const char* format) { return plus_minus(e, format, format); }

std::string plus_minus(const Estimate& e, const char* mean_format, const char* se_format) {
  return number(mean_format, e.mean) + " ± " + number(se_format, e.se);
}

Table& Table::row(std::vector<Value> values) {
  rows.push_back(std::move(values));
  return *this;
}

Report& Report::field(std::string name, Value value, unsigned in, const char* csv_format, std::string se_name) {
  items_.push_back({Item::Field, std::move(name), std::move(value), in, 0, csv_format, std::move(se_name)});
  return *this;
}

Report& Report::line(std::string text, unsigned in) {
  items_.push_back({Item::Line, "", std::move(text), in, 0, nullptr, ""});
  return *this;
}

Report& Report::head_line(std::string suffix) {
  head_suffix_ += suffix;
  return *this;
}

Table& Report::table(std::string name, std::vector<Column> columns, unsigned in) {
  tables_.push_back({name, std::move(columns), {}, in});
  items_.push_back({Item::Rows, std::move(name), nullptr, in, tables_.size() - 1, nullptr, ""});
  return tables_.back();
}

Report& Report::completion(bool interrupted, std::uint64_t completed, std::uint64_t total, std::string unit) {
  field("interrupted", interrupted);
  if (!interrupted) return *this;
  field("completed", completed);
  field("total", total);
  return field("unit", std::move(unit));
}

Report& Report::headline(std::string text) {
  headline_ = std::move(text);
  return *this;
}

std::string Report::render_text() const {
  std::string s = headline_.empty() ? "" : headline_ + "\n";
  // A run stopped before its rules were read has none to name.
  s += head_.game.empty() ? ""
                          : "verflixt " + head_.version + "  game " + head_.game +
                                (head_.rules.empty() ? "" : "  rules " + head_.rules) + head_suffix_ + "\n";
  for (const Item& item : items_) {
    if (!(item.in & kText)) continue;
    if (item.kind == Item::Line) {
      s += std::get<std::string>(item.value) + "\n";
    } else if (item.kind == Item::Field) {
      s += item.name + " " + cell(item.value, "%g", false) + "\n";
    } else {
      const Table& t = tables_[item.table];
      for (const auto& row : t.rows) {
        for (size_t c = 0; c < t.columns.size(); ++c) {
          const Column& col = t.columns[c];
          if (!(col.in & kText)) continue;
          std::string v = missing(row[c]) ? col.missing : cell(row[c], col.text_format, false, col.text_se_format);
          // Width counts bytes: the padded cells are names and numbers, never "±".
          if (col.width || col.min_gap)
            v += std::string(v.size() < col.width ? col.width - v.size() : col.min_gap, ' ');
          s += col.text + v;
        }
        s += "\n";
      }
    }
  }
  return s;
}

std::string Report::render_json() const {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  if (!headline_.empty()) j["verdict"] = headline_;
  if (!head_.version.empty()) {
    j["version"] = head_.version;
    if (!head_.game.empty()) j["game"] = head_.game;
    if (!head_.preset.empty()) j["preset"] = head_.preset;
    j["rules"] = head_.rules;
  }
  for (const Item& item : items_) {
    if (!(item.in & kJson)) continue;
    if (item.kind == Item::Field) {
      put(j, item.name, item.se_name, item.value);
    } else if (item.kind == Item::Rows) {
      const Table& t = tables_[item.table];
      nlohmann::ordered_json rows = rows_json(t);
      if ((t.keyed || t.json == Table::Object) && t.name.empty())
        for (auto& [key, r] : rows.items()) j[key] = r;
      else
        j[item.name] = std::move(rows);
    }
  }
  return json_text(std::move(j));
}

std::string Report::render_csv() const {
  // What the result was made from, as a comment line: a CSV file records it as JSON does.
  std::string made;
  if (!head_.version.empty())
    made = "verflixt " + head_.version + (head_.game.empty() ? "" : "  game " + head_.game) +
           (head_.preset.empty() ? "" : "  preset " + head_.preset) + (head_.rules.empty() ? "" : "  rules " + head_.rules);
  for (const Item& item : items_)
    if (item.kind == Item::Field && (item.in & kCsvHead) && !missing(item.value))
      made += (made.empty() ? "" : "  ") + (item.name == "version" ? std::string("verflixt") : item.name) + " " +
              cell(item.value, "%g", false);
  for (char& c : made)
    if (c == '\n' || c == '\r') c = ' ';  // one line, whatever a name holds
  std::string s = made.empty() ? "" : "# " + made + "\n", names, values;  // the fields shown in CSV: one row
  for (const Item& item : items_)
    if (item.kind == Item::Field && (item.in & kCsv)) {
      const bool estimate = std::holds_alternative<Estimate>(item.value);
      names += (names.empty() ? "" : ",") + item.name +
               (estimate ? "," + (item.se_name.empty() ? item.name + "_stderr" : item.se_name) : "");
      values += (values.empty() ? "" : ",") + cell(item.value, item.csv_format, true);
    }
  if (!names.empty()) s += names + "\n" + values + "\n";
  for (const Item& item : items_) {
    if (!(item.in & kCsv)) continue;
    if (item.kind == Item::Line) s += std::get<std::string>(item.value) + "\n";
    if (item.kind != Item::Rows) continue;
    const Table& t = tables_[item.table];
    std::string head;
    for (const Column& col : t.columns)
      if (col.in & kCsv)
        head += (head.empty() ? "" : ",") + (col.csv_name.empty() ? col.name : col.csv_name) +
                (col.se_name.empty() ? "" : "," + (col.csv_se_name.empty() ? col.se_name : col.csv_se_name));
    s += head + "\n";
    for (const auto& row : t.rows) {
      std::string line;
      for (size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].in & kCsv) {
          std::string v = cell(row[c], t.columns[c].csv_format, true);
          if (t.columns[c].csv_quoted || (t.columns[c].csv_escaped && v.find_first_of(",\"\n") != std::string::npos)) {
            std::string q = "\"";
            for (const char ch : v) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
            v = q + "\"";
          }
          line += (line.empty() ? "" : ",") + v;
          // A missing estimate leaves both of its cells empty.
          if (missing(row[c]) && !t.columns[c].se_name.empty()) line += ",";
        }
      s += line + "\n";
    }
  }
  return s;
}

std::string Report::render_markdown() const {
  std::string s = headline_.empty() ? "" : "**" + headline_ + "**\n\n";
  for (const Item& item : items_) {
    if (!(item.in & kMarkdown)) continue;
    if (item.kind == Item::Line) s += std::get<std::string>(item.value) + "\n";
    if (item.kind != Item::Rows) continue;
    const Table& t = tables_[item.table];
    std::string head = "|", rule = "|";
    for (const Column& col : t.columns)
      if (col.in & kMarkdown) {
        head += " " + (col.label.empty() ? col.name : col.label) + " |";
        rule += col.right ? "---:|" : "---|";
      }
    s += head + "\n" + rule + "\n";
    for (const auto& row : t.rows) {
      std::string line = "|";
      for (size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].in & kMarkdown) {
          const Column& col = t.columns[c];
          line += " " + (missing(row[c]) ? col.missing : cell(row[c], col.markdown_format ? col.markdown_format : col.text_format,
                                                               false, col.text_se_format)) + " |";
        }
      s += line + "\n";
    }
  }
  return s;
}

std::string Report::render(const std::string& format) const {
  if (format == "json") return render_json();
  if (format == "csv") return render_csv();
  if (format == "markdown") return render_markdown();
  return render_text();
}

}  // namespace verflixt::core::report
