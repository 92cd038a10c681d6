#include "cli/option_parser.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/cli.h"
#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"
#include "verflixt/core/names.h"

namespace verflixt::cli {

namespace {

// The semantics of ranged options: a uint64 (count_value), an int (int_value) or a double
// (real_value) with its valid range.
template <class T>
class RangedValue : public po::typed_value<T> {
 public:
  RangedValue(T lo, T hi, std::string valid = {}) : po::typed_value<T>(nullptr), lo_(lo), hi_(hi), valid_(std::move(valid)) {}
  T lo() const { return lo_; }
  T hi() const { return hi_; }
  const std::string& valid() const { return valid_; }

 private:
  T lo_, hi_;
  std::string valid_;  // the valid values in words, when lo..hi holds invalid ones
};
using CountValue = RangedValue<std::uint64_t>;
using IntValue = RangedValue<int>;
using RealValue = RangedValue<double>;

// 1048576 -> "2^20"; the maximum -> "2^64-1"; small numbers as they are.
std::string bound_text(std::uint64_t v) {
  if (v == std::numeric_limits<std::uint64_t>::max()) return "2^64-1";
  if (v >= (std::uint64_t{1} << 20) && (v & (v - 1)) == 0) return "2^" + std::to_string(std::countr_zero(v));
  return std::to_string(v);
}

std::string range_text(const po::value_semantic* semantic) {
  if (const auto* c = dynamic_cast<const CountValue*>(semantic)) return bound_text(c->lo()) + ".." + bound_text(c->hi());
  if (const auto* i = dynamic_cast<const IntValue*>(semantic))
    return i->valid().empty() ? std::to_string(i->lo()) + ".." + std::to_string(i->hi()) : i->valid();
  if (const auto* r = dynamic_cast<const RealValue*>(semantic)) return fmt("%g", r->lo()) + ".." + fmt("%g", r->hi());
  if (dynamic_cast<const po::typed_value<double>*>(semantic)) return "a finite number";
  return "0.." + bound_text(std::numeric_limits<std::uint64_t>::max());
}

// Why [first, last) is no whole number of type T in the option's range, or nullptr.
template <class T>
const char* whole_number_problem(const po::value_semantic* semantic, const char* first, const char* last) {
  T v{};
  const auto [end, ec] = std::from_chars(first, last, v);
  if (ec == std::errc::result_out_of_range) return " is out of range";
  if (ec != std::errc() || end != last) return " is not a whole number";
  const auto* r = dynamic_cast<const RangedValue<T>*>(semantic);
  return r && (v < r->lo() || v > r->hi()) ? " is out of range" : nullptr;
}

// Why `raw` is no valid value of the option `semantic` describes, or nullptr when it is (or
// when it is no number option: Boost checks the rest). Boost alone would wrap a negative
// uint64 to 2^64 - k, take nan and infinities, and know no ranges.
const char* value_problem(const po::value_semantic* semantic, const std::string& raw) {
  const size_t b = raw.find_first_not_of(" \t");
  const char* first = raw.data() + (b == std::string::npos ? raw.size() : b);
  const char* last = raw.data() + raw.size();
  if (dynamic_cast<const po::typed_value<std::uint64_t>*>(semantic)) {
    if (first != last && *first == '-') return " is negative";
    return whole_number_problem<std::uint64_t>(semantic, first, last);
  }
  if (dynamic_cast<const po::typed_value<int>*>(semantic)) {
    if (first != last && *first == '+') ++first;  // as Boost reads "+3"
    return whole_number_problem<int>(semantic, first, last);
  }
  if (dynamic_cast<const po::typed_value<double>*>(semantic)) {
    const std::string text(first, last);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size()) return " is not a number";
    if (!std::isfinite(v)) return " is not a finite number";
    const auto* r = dynamic_cast<const RealValue*>(semantic);
    return r && !(v >= r->lo() && v <= r->hi()) ? " is out of range" : nullptr;
  }
  return nullptr;
}

// A whole number written as people write counts, "1e6", "2.5e3" or "1000.0" (a float from
// Python), in digits for Boost and the range check; any other text as it is. Plain decimal
// text only (no hex, inf or nan), whole in value; one too large for a double's exact integers
// keeps its digits, so that the range check calls it out of range.
std::string whole_in_digits(const po::value_semantic* semantic, const std::string& raw) {
  const bool whole = dynamic_cast<const po::typed_value<std::uint64_t>*>(semantic) ||
                     dynamic_cast<const po::typed_value<int>*>(semantic);
  if (!whole || raw.find_first_of(".eE") == std::string::npos ||
      raw.find_first_not_of("0123456789.eE+- ") != std::string::npos)
    return raw;
  char* end = nullptr;
  const double v = std::strtod(raw.c_str(), &end);
  if (end == raw.c_str() || std::string_view(end).find_first_not_of(' ') != std::string_view::npos ||
      !std::isfinite(v) || v != std::floor(v))
    return raw;
  return fmt("%.0f", v + 0.0);  // + 0.0: -0 is 0
}

// A number option declared without a range is a programming error: every int and uint64
// option must say what a player may give.
void check_ranged(const po::options_description& all) {
  for (const auto& d : all.options()) {
    const po::value_semantic* s = d->semantic().get();
    const bool bare_int = dynamic_cast<const po::typed_value<int>*>(s) && !dynamic_cast<const IntValue*>(s);
    const bool bare_count =
        dynamic_cast<const po::typed_value<std::uint64_t>*>(s) && !dynamic_cast<const CountValue*>(s);
    if (bare_int || bare_count)
      throw std::logic_error("option --" + d->long_name() + " has no range; declare it with int_value or count_value");
  }
}

// Where a refused command line sends its reader: "(see `verflixt [GAME ]COMMAND --help`)", the
// game named where the command is another game's (its --game option defaults to that game), so
// that the help shown is that game's command's, not the default game's.
std::string help_hint(const po::options_description& all, const std::string& command) {
  std::string game;
  if (const po::option_description* d = all.find_nothrow("game", false)) {
    boost::any fallback;
    if (d->semantic()->apply_default(fallback))
      if (const std::string* name = boost::any_cast<std::string>(&fallback)) game = *name + " ";
  }
  return " (see `verflixt " + game + command + " --help`)";
}

// Rejects what Boost would accept silently: a number option's value outside its range (see
// value_problem), and a stray positional argument.
void check_parsed(po::parsed_options& parsed, const po::options_description& all, const char* command,
                  bool positionals) {
  for (auto& opt : parsed.options) {
    if (opt.string_key.empty() || opt.position_key >= 0) {
      if (positionals) continue;
      const std::string arg = opt.original_tokens.empty() ? std::string() : opt.original_tokens.front();
      throw core::InputError("unexpected argument '" + arg + "'; `verflixt " + command + "` takes options only" +
                             help_hint(all, command));
    }
    const po::option_description* d = all.find_nothrow(opt.string_key, false);
    if (!d) continue;
    // Boost gives an option the next word as its value even when that word is another option:
    // `--policy --games 10` read the policy "--games" and left 10 a stray argument. No value
    // of any option starts with "--" and a letter.
    if (opt.original_tokens.size() == 2 && opt.value.size() == 1 && opt.value[0].size() > 2 &&
        opt.value[0].starts_with("--") && std::isalpha(static_cast<unsigned char>(opt.value[0][2])))
      throw core::InputError("--" + opt.string_key + " needs a value before " + core::printable(opt.value[0], 40) +
                             help_hint(all, command));
    for (std::string& raw : opt.value) {
      std::string digits = whole_in_digits(d->semantic().get(), raw);
      if (const char* problem = value_problem(d->semantic().get(), digits))
        throw core::InputError("--" + opt.string_key + " " + core::printable(raw, 40) + problem +
                         "; valid: " + range_text(d->semantic().get()));
      raw = std::move(digits);
    }
  }
}

}  // namespace

po::typed_value<std::uint64_t>* count_value(std::uint64_t fallback, std::uint64_t lo, std::uint64_t hi) {
  auto* v = new CountValue(lo, hi);
  v->default_value(fallback);
  return v;
}

po::typed_value<std::uint64_t>* count_value(std::uint64_t lo, std::uint64_t hi) { return new CountValue(lo, hi); }

po::typed_value<int>* int_value(int fallback, int lo, int hi, const char* valid) {
  auto* v = new IntValue(lo, hi, valid ? valid : "");
  v->default_value(fallback);
  return v;
}

po::typed_value<int>* int_value(int lo, int hi) { return new IntValue(lo, hi); }

po::typed_value<double>* real_value(double fallback, double lo, double hi) {
  auto* v = new RealValue(lo, hi);
  // The default as a person writes it ("1e-12", "10"), not in all 17 digits.
  v->default_value(fallback, fmt("%g", fallback));
  return v;
}

bool is_game_free(const char* command) { return std::strcmp(command, "serve") == 0; }

bool parse(int argc, const char* const* argv, const po::options_description& desc,
           const std::string& usage, po::variables_map& vm,
           const po::positional_options_description* positional) {
  po::options_description all;
  all.add(desc);
  all.add_options()("help,h", "show this help");
  try {
    check_ranged(all);
    po::command_line_parser parser(argc, argv);
    // Option names are whole words, as Python and the page take them: "--turn" is a mistyped
    // --turns (said with "did you mean"), not a prefix that a future --turn-order would steal.
    parser.style(po::command_line_style::default_style & ~po::command_line_style::allow_guessing);
    parser.options(all);
    if (positional) parser.positional(*positional);
    po::parsed_options parsed = parser.run();
    check_parsed(parsed, all, argv[0], positional != nullptr);
    po::store(parsed, vm);
    if (vm.count("help")) {
      standard_output() << usage << "\n\n" << all << "\n";
      return false;
    }
    po::notify(vm);
  } catch (const po::unknown_option& e) {
    std::vector<std::string> names;
    for (const auto& d : all.options()) names.push_back("--" + d->long_name());
    // The default game's commands read --game without declaring it (game_dispatch.cpp takes it out).
    if (!is_game_free(argv[0]) && std::ranges::find(names, "--game") == names.end()) names.emplace_back("--game");
    // "--nmae=5" is named as "--nmae", so that the closest names can be found.
    std::string given = e.get_option_name();
    given = given.substr(0, given.find('='));
    throw core::InputError(std::string(argv[0]) + ": unknown option " + verflixt::core::quoted(given) +
                           core::did_you_mean(given, names) + help_hint(all, argv[0]));
  } catch (const po::error& e) {
    throw core::InputError(std::string(argv[0]) + ": " + e.what() + help_hint(all, argv[0]));
  }
  return true;
}

po::options_description options_of(const std::string& caption, const core::OptionTable& table) {
  po::options_description desc(caption);
  add_options(desc, table);
  return desc;
}

void add_options(po::options_description& desc, const core::OptionTable& table) {
  for (const core::Option& o : table) {
    using Kind = core::Option::Kind;
    const std::string name = o.short_name ? o.name + "," + std::string(1, o.short_name) : o.name;
    po::value_semantic* semantic = nullptr;
    switch (o.kind) {
      case Kind::Switch:
        semantic = po::bool_switch();
        break;
      case Kind::Boolean:
        semantic = o.has_fallback ? po::value<bool>()->default_value(o.fallback == "1") : po::value<bool>();
        break;
      case Kind::Integer: {
        const auto lo = static_cast<int>(o.lo), hi = static_cast<int>(o.hi);
        semantic = o.has_fallback ? int_value(std::stoi(o.fallback), lo, hi, o.valid.empty() ? nullptr : o.valid.c_str())
                                  : int_value(lo, hi);
        break;
      }
      case Kind::Count:
        semantic = o.has_fallback ? count_value(std::stoull(o.fallback), o.count_lo, o.count_hi)
                                  : count_value(o.count_lo, o.count_hi);
        break;
      case Kind::Real:
        semantic = real_value(std::stod(o.fallback), o.real_lo, o.real_hi);
        break;
      case Kind::Words:
        semantic = po::value<std::vector<std::string>>()->composing();
        break;
      default:
        semantic = o.has_fallback ? po::value<std::string>()->default_value(o.fallback) : po::value<std::string>();
        break;
    }
    desc.add_options()(name.c_str(), semantic, o.help.c_str());
  }
}

bool parse(int argc, const char* const* argv, const std::string& caption, const core::OptionTable& table,
           const std::string& usage, po::variables_map& vm, const po::positional_options_description* positional) {
  // An option that acts only with (or is idle with) another names one of its command's.
  for (const core::Option& o : table)
    for (const auto* names : {&o.only_with, &o.idle_with})
      for (const auto& name : *names)
        if (std::none_of(table.begin(), table.end(), [&](const core::Option& x) { return x.name == name; }))
          throw std::logic_error("--" + o.name + " names --" + name + ", which its command does not take");
  // Earlier spellings: parsed as options of their own (hidden from --help), then moved over.
  core::OptionTable earlier;
  for (const core::Option& o : table)
    for (const auto& old : o.old_names) {
      core::Option copy = o;
      copy.name = old;
      copy.short_name = 0;
      copy.old_names.clear();
      copy.has_fallback = false;
      copy.fallback.clear();
      if (copy.kind == core::Option::Kind::Integer || copy.kind == core::Option::Kind::Count) copy.valid.clear();
      earlier.push_back(copy);
    }
  po::options_description shown = options_of(caption, table);
  po::variables_map raw;
  if (earlier.empty()) {
    if (!parse(argc, argv, shown, usage, raw, positional)) return false;
  } else {
    // --help prints only the current names: the earlier ones join after the help is handled.
    const bool help = std::any_of(argv + 1, argv + argc, [](const char* a) {
      return std::strcmp(a, "--help") == 0 || std::strcmp(a, "-h") == 0;
    });
    if (help) return parse(argc, argv, shown, usage, raw, positional);
    po::options_description all;
    all.add(shown).add(options_of("", earlier));
    if (!parse(argc, argv, all, usage, raw, positional)) return false;
  }
  for (const core::Option& o : table)
    for (const auto& old : o.old_names) {
      if (!raw.count(old)) continue;
      if (raw.count(o.name) && !raw[o.name].defaulted())
        throw core::InputError("give one of --" + o.name + " and --" + old + " (its earlier name), not both");
      note("--" + old + " is now called --" + o.name);
      raw.erase(o.name);
      raw.insert({o.name, raw[old]});
      raw.erase(old);
    }
  for (const core::Option& o : table) {
    if (o.kind != core::Option::Kind::Choice || !raw.count(o.name)) continue;
    const std::string given = raw[o.name].as<std::string>();
    if (!core::match_name(given, o.choices))
      throw core::InputError("--" + o.name + " " + core::quoted(given) + " is not valid" +
                             core::suggest(given, o.choices, core::join(o.choices, ", ")));
  }
  // An option given in vain: a warning, not an error (the answer is still the one asked for).
  const auto given = [&raw](const std::string& name) { return raw.count(name) && !raw[name].defaulted(); };
  const auto options_text = [](const std::vector<std::string>& names) {
    std::string s;
    for (size_t k = 0; k < names.size(); ++k)
      s += (k == 0 ? "--" : k + 1 == names.size() ? " or --" : ", --") + names[k];
    return s;
  };
  for (const core::Option& o : table) {
    if (!given(o.name)) continue;
    if (!o.only_with.empty() && std::none_of(o.only_with.begin(), o.only_with.end(), given))
      warning("--" + o.name + " changes nothing without " + options_text(o.only_with));
    for (const auto& other : o.idle_with)
      if (given(other))
        warning("--" + o.name + " changes nothing with --" + other);
  }
  vm = std::move(raw);
  return true;
}

void parse_request(const std::vector<std::string>& args, const core::OptionTable& table, po::variables_map& vm) {
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  parse(static_cast<int>(argv.size()), argv.data(), args.front() + " options", table, "", vm);
}

}  // namespace verflixt::cli
