#include "verflixt/core/value_cache.h"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>

#include "verflixt/core/error.h"
#include "verflixt/core/file_io.h"

namespace verflixt::core {

namespace fs = std::filesystem;

std::string default_cache_dir() {
  if (const char* d = std::getenv("VERFLIXT_CACHE_DIR"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return std::string(d) + "/verflixt";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/verflixt";
  return "";
}

namespace {

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

ValueCache::ValueCache(std::string dir, const std::string& game, std::string head)
    : head_(std::move(head)), dir_(std::move(dir)) {
  if (!dir_.empty()) file_ = dir_ + "/" + game + "-" + std::to_string(std::hash<std::string>{}(head_)) + ".bin";
}

std::optional<std::vector<double>> ValueCache::read(std::size_t count) const {
  if (file_.empty()) return std::nullopt;
  return read_after(file_, head_, count);
}

std::string ValueCache::write(const std::vector<double>& values) const {
  if (file_.empty()) return "";
  try {
    std::error_code ec;
    fs::create_directories(dir_, ec);
    write_file_atomic(file_, file_text(head_, values), "the cache");
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

std::vector<double> read_values(const std::string& path, const std::string& head) {
  if (!fs::exists(path)) throw InputError("no such file: " + core::quoted(path));
  auto values = read_after(path, head, 0);
  if (!values)
    throw InputError(core::quoted(path) + " is not a solution of these rules and this version (" +
                     head.substr(0, head.find('\n')) + ")");
  return *values;
}

void write_values(const std::string& path, const std::string& head, const std::vector<double>& values) {
  write_file_atomic(path, file_text(head, values), "the solution");
}

}  // namespace verflixt::core
