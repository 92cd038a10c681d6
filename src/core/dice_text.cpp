#include "verflixt/core/dice_text.h"

#include <string>

#include "verflixt/core/error.h"

namespace verflixt::core {

std::vector<int> parse_dice_text(std::string_view text, std::string_view what, int max_face) {
  const auto fail = [&](const std::string& why) {
    return InputError(std::string(what) + " " + verflixt::core::quoted(text, 60) + ": " + why + "; valid: faces 1.." +
                      std::to_string(max_face) + " as '6 6 3', 6,6,3, 6-6-3" + (max_face <= 9 ? " or 663" : ""));
  };
  const auto separator = [](char c) { return c == ' ' || c == ',' || c == '-' || c == '\t'; };
  std::vector<int> faces;
  std::size_t k = 0;
  // Spaces may repeat, but a comma or hyphen stands between two faces: "6,,3" or "6-" lost a
  // face to a typing slip, and a guess at which one would answer another question.
  bool marked = false, face_before = false;
  while (k < text.size()) {
    if (separator(text[k])) {
      if (text[k] == ',' || text[k] == '-') {
        if (marked || !face_before) throw fail("a face is missing next to '" + std::string(1, text[k]) + "'");
        marked = true;
      }
      ++k;
      continue;
    }
    marked = false, face_before = true;
    std::size_t end = k;
    while (end < text.size() && !separator(text[end])) ++end;
    const std::string_view token = text.substr(k, end - k);
    for (const char c : token)
      if (c < '0' || c > '9') throw fail("'" + printable(token, 20) + "' is not a face");
    // Written together, each digit is a face (one-digit dice only); else the token is one face.
    if (token.size() > 1 && max_face <= 9) {
      for (const char c : token) faces.push_back(c - '0');
    } else {
      if (token.size() > 3) throw fail("'" + printable(token, 20) + "' is not a face");
      faces.push_back(std::stoi(std::string(token)));
    }
    k = end;
  }
  if (marked) throw fail("a face is missing at the end");
  for (const int f : faces)
    if (f < 1 || f > max_face) throw fail("a face " + std::to_string(f) + " is out of range");
  return faces;
}

}  // namespace verflixt::core
