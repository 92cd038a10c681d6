#pragma once
// Solved values kept between runs: an exact solve may take seconds or minutes, an answer of
// advise must take less than one. One file per solve in the cache directory (--cache DIR; else
// $VERFLIXT_CACHE_DIR, $XDG_CACHE_HOME/verflixt or ~/.cache/verflixt), named by what it was
// solved under (the head: game, version, rules, whatever else fixes the values) and written
// atomically; a file of another head, or damaged, is not read.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.h"

namespace verflixt::cli {

// --cache DIR and --no-cache.
core::OptionTable cache_options();

class ValueCache {
 public:
  // `game` names the file; `head` is everything the values depend on.
  ValueCache(const po::variables_map& vm, const std::string& game, std::string head);
  // The values stored under this head: exactly `count` of them (0: any whole number).
  std::optional<std::vector<double>> read(std::size_t count = 0) const;
  // Stores them; a cache that cannot be written is said on stderr, and nothing else changes.
  void write(const std::vector<double>& values) const;
  const std::string& file() const { return file_; }  // empty: no cache (--no-cache, no home)

 private:
  std::string head_, dir_, file_;
};

// Reads a file of values written by write_values (a saved solution the user names): the head
// must be `head`; InputError naming the file otherwise.
std::vector<double> read_values(const std::string& path, const std::string& head);
// Writes `head` and the values to `path` atomically.
void write_values(const std::string& path, const std::string& head, const std::vector<double>& values);

}  // namespace verflixt::cli
