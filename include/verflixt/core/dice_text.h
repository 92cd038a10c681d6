#pragma once
// Dice as a person types them, one syntax for every game and every command: the faces
// separated by spaces, commas or hyphens ("6 6 3", "6,6,3", "6-6-3"), or written together
// ("663") when every face of the game's die is one digit.
#include <string_view>
#include <vector>

namespace verflixt::core {

// The faces of `text` in the order given, each in 1..max_face. Throws InputError naming
// `what` ("--throw") and the valid forms for anything else (an empty list is allowed: the
// caller says how many dice it needs).
std::vector<int> parse_dice_text(std::string_view text, std::string_view what, int max_face = 6);

}  // namespace verflixt::core
