#pragma once
// The command line's option parser over Boost.Program_options: number options with their
// valid ranges, an option table (core/option.h) turned into Boost's description, and the parse
// that refuses what Boost alone would take (a negative count, a value out of range, a stray
// argument, a mistyped name) with one line naming the input and the valid choices.
#include <boost/program_options.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "verflixt/core/option.h"

namespace verflixt::cli {

namespace po = boost::program_options;

// An unsigned option (a count, a seed) valid in lo..hi. parse() rejects a negative value,
// which Boost would wrap to 2^64 - k, and a value outside lo..hi, naming the option and range.
po::typed_value<std::uint64_t>* count_value(std::uint64_t fallback, std::uint64_t lo, std::uint64_t hi);
// The same without a default: the option stays optional (vm.count(name) is 0 when not given).
po::typed_value<std::uint64_t>* count_value(std::uint64_t lo, std::uint64_t hi);

// A signed option (eyes, a table size, a throw count) valid in lo..hi; parse() rejects a
// value outside it, or one past int's range, naming the option and range. Every int and
// uint64 option is declared with int_value or count_value: parse() throws std::logic_error
// for a bare po::value<int> or po::value<std::uint64_t>, so an unbounded option cannot ship.
// `valid` words the valid values when lo..hi holds invalid ones ("0 (solo) or 2..12"); the
// command still rejects those.
po::typed_value<int>* int_value(int fallback, int lo, int hi, const char* valid = nullptr);
// The same without a default: the option stays optional.
po::typed_value<int>* int_value(int lo, int hi);

// A real option (a probability, seconds, a tolerance) valid in lo..hi. parse() rejects nan
// and infinities for every double option, ranged or not.
po::typed_value<double>* real_value(double fallback, double lo, double hi);

// Whether a command plays no one game and so reads no --game: the page's server, which serves
// them all. Every other command reads --game before its options (game_dispatch.h).
bool is_game_free(const char* command);

// Parses argv (argv[0] is the subcommand) into vm. Prints usage and options and returns
// false on --help. Unknown options (with the closest names, --game among them where the
// command reads it), bad values, negative values of unsigned options, int_value, count_value
// and real_value options out of range, nan or infinite reals and, unless `positional`
// declares them, positional arguments throw InputError; an int or uint64 option declared
// without a range throws std::logic_error.
bool parse(int argc, const char* const* argv, const po::options_description& desc,
           const std::string& usage, po::variables_map& vm,
           const po::positional_options_description* positional = nullptr);

// The Boost description of an option table (core/option.h): each kind with its semantics —
// ranged numbers as count_value, int_value or real_value, a switch as bool_switch, a boolean
// as a bool value, an option given again and again as a composing list. Earlier spellings (Option::old_names) are left
// out: parse() reads them.
po::options_description options_of(const std::string& caption, const core::OptionTable& table);
// The same, added to `desc`.
void add_options(po::options_description& desc, const core::OptionTable& table);
// parse() over an option table: as above, and further a Choice's value must be one of its
// choices (as people type them, with "did you mean"), and an option given by an earlier
// spelling is read as the current one, with a note on stderr.
bool parse(int argc, const char* const* argv, const std::string& caption, const core::OptionTable& table,
           const std::string& usage, po::variables_map& vm,
           const po::positional_options_description* positional = nullptr);
// A request's options (args[0] is the command's name; core::ServedRequest) parsed as the
// command line parses them, "NAME options" the caption.
void parse_request(const std::vector<std::string>& args, const core::OptionTable& table, po::variables_map& vm);

}  // namespace verflixt::cli
