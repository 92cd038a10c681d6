#include "verflixt/core/names.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "verflixt/core/error.h"
#include "verflixt/core/ini.h"

namespace verflixt::core {

std::string normalize_name(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t k = 0; k < s.size(); ++k) {
    const auto c = static_cast<unsigned char>(s[k]);
    if (c == ' ' || c == '\t' || c == '-' || c == '_' || c == '\'' || c == '\r' || c == '\n') continue;
    if (c == 0xC3 && k + 1 < s.size()) {  // UTF-8 Latin-1 supplement: the umlauts and ß
      const auto d = static_cast<unsigned char>(s[k + 1]);
      const char* fold = nullptr;
      switch (d) {
        case 0xA4: case 0x84: fold = "ae"; break;  // ä Ä
        case 0xB6: case 0x96: fold = "oe"; break;  // ö Ö
        case 0xBC: case 0x9C: fold = "ue"; break;  // ü Ü
        case 0x9F: fold = "ss"; break;             // ß
        default: break;
      }
      if (fold) {
        out += fold;
        ++k;
        continue;
      }
    }
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : static_cast<char>(c);
  }
  return out;
}

std::optional<size_t> match_name(std::string_view input, const std::vector<std::string>& names) {
  // An exact spelling wins over another name that normalises alike.
  if (const auto exact = std::ranges::find(names, input); exact != names.end())
    return static_cast<size_t>(exact - names.begin());
  const std::string n = normalize_name(input);
  for (size_t k = 0; k < names.size(); ++k)
    if (normalize_name(names[k]) == n) return k;
  return std::nullopt;
}

size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the matrix (the transposition looks two rows back): memory grows with the
  // shorter input only, whatever a user pastes.
  if (a.size() < b.size()) std::swap(a, b);
  const size_t n = a.size(), m = b.size();
  std::vector<size_t> before(m + 1), prev(m + 1), cur(m + 1);
  for (size_t j = 0; j <= m; ++j) prev[j] = j;
  for (size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= m; ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) cur[j] = std::min(cur[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[m];
}

std::vector<size_t> closest_names(std::string_view input, const std::vector<std::string>& names, size_t max) {
  // No name is that long, and no typo of one: a pasted megabyte gets no suggestion, at once.
  if (input.size() > kMaxSuggestedInput) return {};
  const std::string n = normalize_name(input);
  struct Candidate {
    size_t distance, index;
  };
  std::vector<Candidate> found;
  std::vector<std::string> seen;
  for (size_t k = 0; k < names.size(); ++k) {
    if (std::find(seen.begin(), seen.end(), names[k]) != seen.end()) continue;
    seen.push_back(names[k]);
    const std::string c = normalize_name(names[k]);
    const size_t d = edit_distance(n, c);
    const size_t limit = std::max<size_t>(1, std::max(n.size(), c.size()) / 3);
    const bool prefix = n.size() >= 3 && c.compare(0, n.size(), n) == 0;
    if (d <= limit || prefix) found.push_back({prefix ? std::min(d, limit) : d, k});
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const Candidate& x, const Candidate& y) { return x.distance < y.distance; });
  std::vector<size_t> out;
  for (const auto& c : found) {
    if (out.size() == max) break;
    out.push_back(c.index);
  }
  return out;
}

std::string did_you_mean(std::string_view input, const std::vector<std::string>& names) {
  std::vector<size_t> best = closest_names(input, names);
  // The name the input already is is no suggestion ("hold", given where "hold:N" is meant).
  if (const auto same = match_name(input, names)) std::erase(best, *same);
  if (best.empty()) return {};
  std::string out = "; did you mean ";
  for (size_t k = 0; k < best.size(); ++k)
    out += (k == 0 ? "" : k + 1 == best.size() ? " or " : ", ") + names[best[k]];
  return out + "?";
}

std::string suggest(std::string_view input, const std::vector<std::string>& names, std::string_view valid) {
  const std::string guess = did_you_mean(input, names);
  return (guess.empty() ? std::string(";") : guess) + " valid: " + (valid.empty() ? join(names) : std::string(valid));
}

size_t choose_name(std::string_view input, const std::vector<std::string>& names, std::string_view what,
                   std::string_view valid) {
  if (auto k = match_name(input, names)) return *k;
  throw InputError("unknown " + std::string(what) + " " + verflixt::core::quoted(input) + suggest(input, names, valid));
}

std::string policy_spelling(std::string_view spec, const std::vector<std::string>& names) {
  const size_t colon = std::min(spec.find(':'), spec.size());
  const auto k = match_name(spec.substr(0, colon), names);
  return k ? names[*k] + std::string(spec.substr(colon)) : std::string(spec);
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace verflixt::core
