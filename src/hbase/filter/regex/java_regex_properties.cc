// Copyright (c) obkvlite authors.
#include "hbase/filter/regex/java_regex_properties.h"

#include <algorithm>
#include <cctype>

namespace obkvlite {
namespace filter {
namespace {

// Java's POSIX class names and PCRE2's (both ASCII only here).
struct PosixName {
  const char* java;
  const char* pcre2;
};
constexpr PosixName kPosix[] = {
    {"Lower", "lower"}, {"Upper", "upper"}, {"ASCII", "ascii"},
    {"Alpha", "alpha"}, {"Digit", "digit"}, {"Alnum", "alnum"},
    {"Punct", "punct"}, {"Graph", "graph"}, {"Print", "print"},
    {"Blank", "blank"}, {"Cntrl", "cntrl"}, {"XDigit", "xdigit"},
    {"Space", "space"},
};

constexpr const char* kCategories[] = {
    "L",  "Lu", "Ll", "Lt", "Lm", "Lo", "LC", "M",  "Mn", "Mc",
    "Me", "N",  "Nd", "Nl", "No", "P",  "Pc", "Pd", "Ps", "Pe",
    "Pi", "Pf", "Po", "S",  "Sm", "Sc", "Sk", "So", "Z",  "Zs",
    "Zl", "Zp", "C",  "Cc", "Cf", "Co", "Cs", "Cn",
};

// Java's binary properties (UnicodeProp), which \p{IsX} reaches first;
// compared upper-cased, aliases included.
constexpr const char* kBinaryProperties[] = {
    "ALPHABETIC",
    "LETTER",
    "IDEOGRAPHIC",
    "LOWERCASE",
    "UPPERCASE",
    "TITLECASE",
    "WHITE_SPACE",
    "WHITESPACE",
    "CONTROL",
    "PUNCTUATION",
    "HEX_DIGIT",
    "HEXDIGIT",
    "ASSIGNED",
    "NONCHARACTER_CODE_POINT",
    "NONCHARACTERCODEPOINT",
    "DIGIT",
    "ALNUM",
    "BLANK",
    "GRAPH",
    "PRINT",
    "WORD",
    "JOIN_CONTROL",
    "JOINCONTROL",
};

// Whose meaning under (?i) changed between Java versions.
constexpr const char* kCaseDependent[] = {"Lower", "Upper", "Lu", "Ll", "Lt"};

template <typename List>
bool Contains(const List& list, std::string_view name) {
  return std::any_of(std::begin(list), std::end(list),
                     [&](const char* s) { return name == s; });
}

const PosixName* FindPosix(std::string_view name) {
  for (const PosixName& p : kPosix) {
    if (name == p.java) return &p;
  }
  return nullptr;
}

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(c));
  return out;
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(c));
  return out;
}

bool IsScriptName(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

Status Refuse(std::string_view name, const std::string& why) {
  return Status::InvalidArgument("\\p{" + std::string(name) + "}: " + why);
}

std::string Posix(const PosixName& p, bool negated, bool in_class) {
  const std::string item =
      std::string("[:") + (negated ? "^" : "") + p.pcre2 + ":]";
  return in_class ? item : "[" + item + "]";
}

std::string Category(std::string_view cat, bool negated) {
  return std::string(negated ? "\\P{" : "\\p{") +
         (cat == "LC" ? "L&" : std::string(cat)) + "}";
}

std::string Script(std::string_view script, bool negated) {
  return std::string(negated ? "\\P{sc:" : "\\p{sc:") + std::string(script) +
         "}";
}

}  // namespace

Result<std::string> TranslateJavaProperty(std::string_view name, bool negated,
                                          bool in_class,
                                          bool case_insensitive) {
  const std::string_view full = name;
  std::string_view key;
  const size_t eq = name.find('=');
  if (eq != std::string_view::npos) {
    key = name.substr(0, eq);
    name = name.substr(eq + 1);
  }
  const std::string lower_key = Lower(key);
  if (eq == std::string_view::npos && name.substr(0, 2) == "Is") {
    name = name.substr(2);
    if (Contains(kBinaryProperties, Upper(name))) {
      return Refuse(full, "Unicode binary properties are not supported");
    }
    if (!Contains(kCategories, name) && FindPosix(name) == nullptr) {
      if (!IsScriptName(name)) {
        return Refuse(full, "expected a category, POSIX class or script");
      }
      return Script(name, negated);
    }
  } else if (lower_key == "sc" || lower_key == "script") {
    if (!IsScriptName(name)) return Refuse(full, "expected a script name");
    return Script(name, negated);
  } else if (lower_key == "blk" || lower_key == "block" ||
             (eq == std::string_view::npos && name.substr(0, 2) == "In")) {
    return Refuse(full, "Unicode blocks are not supported");
  } else if (eq != std::string_view::npos && lower_key != "gc" &&
             lower_key != "general_category") {
    return Refuse(full, "unknown Unicode property '" + std::string(key) + "'");
  } else if (eq == std::string_view::npos && name.substr(0, 4) == "java") {
    return Refuse(full, "java.lang.Character properties are not supported");
  }
  if (case_insensitive && Contains(kCaseDependent, name)) {
    return Refuse(full,
                  "not supported under case-insensitive matching (Java "
                  "versions differ); write the letters as a class, e.g. "
                  "[a-z]");
  }
  if (const PosixName* p = FindPosix(name)) {
    if (eq != std::string_view::npos) {
      return Refuse(full, "expected a general category after '='");
    }
    return Posix(*p, negated, in_class);
  }
  if (Contains(kCategories, name)) return Category(name, negated);
  return Refuse(full, "unknown character property");
}

}  // namespace filter
}  // namespace obkvlite
