#pragma once
// Names as a person types them: one normalisation (case, German umlauts, separators) and one
// "did you mean" for every set of names the program accepts — jokers, presets, commands,
// --format and other choice options, INI keys.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace verflixt::core {

// The form names are compared in: ASCII lower case; the UTF-8 umlauts and ß folded to their
// German spellings (ä/Ä -> ae, ö/Ö -> oe, ü/Ü -> ue, ß -> ss); spaces, hyphens, underscores and
// apostrophes dropped; leading and trailing whitespace ignored. "Runkelrüb", "RUNKEL_RUEB" and
// "runkelrueb" are the same name, as are "All In", "all-in" and "allin".
std::string normalize_name(std::string_view name);

// `text` in ASCII lower case, other bytes unchanged (HTTP header names and values compare so).
std::string ascii_lower(std::string_view text);

// The position in `names` of the name `input` is: the name spelled exactly so, else the first
// that is the same after normalisation, if any.
std::optional<size_t> match_name(std::string_view input, const std::vector<std::string>& names);

// Up to `max` positions in `names` closest to `input` (edit distance on the normalised forms,
// a transposition counting 1), closest first, ties in list order; only names within a
// distance that still reads as a typo (a third of the longer name, at least 1), or that start
// with the input, are offered. Duplicate names are offered once.
// An input longer than kMaxSuggestedInput bytes gets none.
inline constexpr size_t kMaxSuggestedInput = 64;
std::vector<size_t> closest_names(std::string_view input, const std::vector<std::string>& names, size_t max = 3);

// "; did you mean a?" or "; did you mean a or b?" for the closest names, or "" when none is close
// (or the only close one is the input itself).
std::string did_you_mean(std::string_view input, const std::vector<std::string>& names);

// "; did you mean x? valid: a, b, c", or "; valid: a, b, c" when no name is close: the tail of
// every "unknown ..." message. `valid` replaces the list of names when given.
std::string suggest(std::string_view input, const std::vector<std::string>& names, std::string_view valid = {});

// The position of `input` in `names` (normalised match), or InputError:
// "unknown WHAT 'input'; did you mean x? valid: a, b, c" (`what` e.g. "--format", "preset"),
// the input quoted and cut as error.h's verflixt::quoted() does; `valid`, where given, is
// what the message lists instead of the names (a policy's forms: "bank:N, reach:N").
size_t choose_name(std::string_view input, const std::vector<std::string>& names, std::string_view what,
                   std::string_view valid = {});

// A policy spec "NAME" or "NAME:ARG" with NAME read as people type names: NAME in the spelling
// of `names` where it matches one of them ("Hold:20" -> "hold:20"), else the spec as given (a
// file's path is no name, and its case is the file system's).
std::string policy_spelling(std::string_view spec, const std::vector<std::string>& names);

// The optimal-string-alignment edit distance of two strings (for tests and the above).
size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace verflixt::core
