#include "cli/value_cache.h"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>

#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"

namespace verflixt::cli {

namespace fs = std::filesystem;

core::OptionTable cache_options() {
  // No request chooses the cache: --no-cache is for a person who wants a fresh solve.
  core::Option no_cache = core::switch_option("no-cache", "solve afresh and keep nothing");
  no_cache.web = false;
  return {core::file_option("cache", "directory of the solved values (default: $VERFLIXT_CACHE_DIR, "
                                     "$XDG_CACHE_HOME/verflixt or ~/.cache/verflixt)"),
          no_cache};
}

namespace {

std::string cache_dir(const po::variables_map& vm) {
  if (vm["no-cache"].as<bool>()) return "";
  if (vm.count("cache")) return vm["cache"].as<std::string>();
  if (const char* d = std::getenv("VERFLIXT_CACHE_DIR"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return std::string(d) + "/verflixt";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/verflixt";
  return "";
}

// The values after `head` in the file at `path`; nothing when the head differs or the rest is
// not a whole number of doubles (of `count`, unless 0).
std::optional<std::vector<double>> read_after(const std::string& path, const std::string& head, std::size_t count) {
  std::ifstream in(path, std::ios::binary);
  std::string got(head.size(), '\0');
  if (!in || !in.read(got.data(), static_cast<std::streamsize>(got.size())) || got != head) return std::nullopt;
  const std::string rest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (rest.size() % sizeof(double) != 0 || (count != 0 && rest.size() != count * sizeof(double))) return std::nullopt;
  std::vector<double> values(rest.size() / sizeof(double));
  std::memcpy(values.data(), rest.data(), rest.size());
  return values;
}

std::string file_text(const std::string& head, const std::vector<double>& values) {
  std::string text = head;
  text.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(double));
  return text;
}

}  // namespace

ValueCache::ValueCache(const po::variables_map& vm, const std::string& game, std::string head)
    : head_(std::move(head)), dir_(cache_dir(vm)) {
  if (!dir_.empty()) file_ = dir_ + "/" + game + "-" + std::to_string(std::hash<std::string>{}(head_)) + ".bin";
}

std::optional<std::vector<double>> ValueCache::read(std::size_t count) const {
  if (file_.empty()) return std::nullopt;
  return read_after(file_, head_, count);
}

void ValueCache::write(const std::vector<double>& values) const {
  if (file_.empty()) return;
  try {
    std::error_code ec;
    fs::create_directories(dir_, ec);
    core::write_file_atomic(file_, file_text(head_, values), "the cache");
  } catch (const std::exception& e) {
    std::cerr << "verflixt: warning: the solution is not cached (" << e.what() << ")\n";
  }
}

std::vector<double> read_values(const std::string& path, const std::string& head) {
  if (!fs::exists(path)) throw core::InputError("no such file: " + core::quoted(path));
  auto values = read_after(path, head, 0);
  if (!values)
    throw core::InputError(core::quoted(path) + " is not a solution of these rules and this version (" +
                           head.substr(0, head.find('\n')) + ")");
  return *values;
}

void write_values(const std::string& path, const std::string& head, const std::vector<double>& values) {
  core::write_file_atomic(path, file_text(head, values), "the solution");
}

}  // namespace verflixt::cli
