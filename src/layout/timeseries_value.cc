// Copyright (c) obkvlite authors.
#include "layout/timeseries_value.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "util/hex_digit.h"
#include "util/utf8.h"
#include "util/word_scan.h"

namespace obkvlite {
namespace layout {
namespace {

using util::AnyWord;
using util::BytesBelow;
using util::kOnes;

// The escape of `c` written to `out` (at most 6 bytes) and its length; 0
// when `c` is kept as it is. The one escaping rule of V.
int Escape(unsigned char c, char* out) {
  static const char kHex[] = "0123456789abcdef";
  char short_form = 0;
  switch (c) {
    case '"':
      short_form = '"';
      break;
    case '\\':
      short_form = '\\';
      break;
    case '\b':
      short_form = 'b';
      break;
    case '\f':
      short_form = 'f';
      break;
    case '\n':
      short_form = 'n';
      break;
    case '\r':
      short_form = 'r';
      break;
    case '\t':
      short_form = 't';
      break;
    default:
      if (c >= 0x20) return 0;
      std::memcpy(out, "\\u00", 4);
      out[4] = kHex[c >> 4];
      out[5] = kHex[c & 15];
      return 6;
  }
  out[0] = '\\';
  out[1] = short_form;
  return 2;
}

// Whether some byte of `s` has an Escape, eight bytes at a time: '"',
// '\\' and everything below 0x20.
inline bool HasEscapes(std::string_view s) {
  return AnyWord(s, ' ', [](uint64_t w) {
    return (BytesBelow(w, 0x20) | BytesBelow(w ^ (kOnes * '"'), 1) |
            BytesBelow(w ^ (kOnes * '\\'), 1)) != 0;
  });
}

// The bytes `s` takes as a JSON string, quotes included.
size_t JsonStringSize(std::string_view s, bool escapes) {
  size_t size = s.size() + 2;
  if (!escapes) return size;
  char escape[6];
  for (const char c : s) {
    const int n = Escape(static_cast<unsigned char>(c), escape);
    if (n > 0) size += static_cast<size_t>(n - 1);
  }
  return size;
}

// Writes `s` as a JSON string at `p` (JsonStringSize bytes); returns the
// end. Without `escapes` the bytes are copied as they are.
char* WriteJsonString(std::string_view s, bool escapes, char* p) {
  *p++ = '"';
  if (!escapes) {
    p = std::copy(s.begin(), s.end(), p);
  } else {
    for (const char c : s) {
      const int n = Escape(static_cast<unsigned char>(c), p);
      if (n == 0) *p = c;
      p += n == 0 ? 1 : n;
    }
  }
  *p++ = '"';
  return p;
}

// A small parser for the objects EncodeTimeseriesValue writes (and any
// JSON object of strings).
class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  // Parses into (*out)[0, *n), reusing the strings already there.
  bool Object(std::vector<std::pair<std::string, std::string>>* out,
              size_t* n) {
    *n = 0;
    Space();
    if (!Eat('{')) return false;
    Space();
    if (Eat('}')) return End();
    while (true) {
      if (*n == out->size()) out->emplace_back();
      std::pair<std::string, std::string>& m = (*out)[(*n)++];
      Space();
      if (!String(&m.first)) return false;
      Space();
      if (!Eat(':')) return false;
      Space();
      if (!String(&m.second)) return false;
      Space();
      if (Eat('}')) return End();
      if (!Eat(',')) return false;
    }
  }

 private:
  bool End() {
    Space();
    return i_ == s_.size();
  }
  void Space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' ||
                              s_[i_] == '\t' || s_[i_] == '\r')) {
      ++i_;
    }
  }
  bool Eat(char c) {
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool Hex4(uint32_t* v) {
    if (i_ + 4 > s_.size()) return false;
    *v = 0;
    for (int k = 0; k < 4; ++k) {
      const int digit = HexDigitValue(s_[i_++]);
      if (digit < 0) return false;
      *v = (*v << 4) | static_cast<uint32_t>(digit);
    }
    return true;
  }
  bool String(std::string* out) {
    out->clear();
    if (!Eat('"')) return false;
    while (i_ < s_.size()) {
      // Copy the run up to the next quote or escape in one step.
      size_t end = i_;
      while (end < s_.size() && s_[end] != '"' && s_[end] != '\\') ++end;
      out->append(s_.data() + i_, end - i_);
      i_ = end;
      if (i_ >= s_.size()) return false;
      const char c = s_[i_++];
      if (c == '"') return true;
      if (i_ >= s_.size()) return false;
      const char e = s_[i_++];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out->push_back(e);
          break;
        case 'b':
          out->push_back('\b');
          break;
        case 'f':
          out->push_back('\f');
          break;
        case 'n':
          out->push_back('\n');
          break;
        case 'r':
          out->push_back('\r');
          break;
        case 't':
          out->push_back('\t');
          break;
        case 'u': {
          uint32_t cp;
          if (!Hex4(&cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00) {
            uint32_t lo;
            if (!Eat('\\') || !Eat('u') || !Hex4(&lo) || lo < 0xDC00 ||
                lo >= 0xE000) {
              return false;
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          util::AppendUtf8(cp, out);
          break;
        }
        default:
          return false;
      }
    }
    return false;
  }

  std::string_view s_;
  size_t i_ = 0;
};

}  // namespace

void AppendTimeseriesValue(const std::vector<TimeseriesMember>& members,
                           std::string* out) {
  // Escapes are rare: without any, each string is copied as it is.
  bool escapes = false;
  for (const auto& [q, v] : members) {
    if (HasEscapes(q) || HasEscapes(v)) escapes = true;
  }
  // Braces, commas, and per member two strings and a colon.
  size_t bytes = members.empty() ? 2 : members.size() + 1;
  for (const auto& [q, v] : members) {
    bytes += JsonStringSize(q, escapes) + 1 + JsonStringSize(v, escapes);
  }
  const size_t start = out->size();
  out->resize(start + bytes);
  char* p = &(*out)[start];
  *p++ = '{';
  for (size_t i = 0; i < members.size(); ++i) {
    if (i > 0) *p++ = ',';
    p = WriteJsonString(members[i].first, escapes, p);
    *p++ = ':';
    p = WriteJsonString(members[i].second, escapes, p);
  }
  *p = '}';
}

std::string EncodeTimeseriesValue(
    const std::vector<std::pair<std::string, std::string>>& members) {
  std::vector<TimeseriesMember> sorted;
  for (auto it = members.rbegin(); it != members.rend(); ++it) {
    sorted.emplace_back(it->first, it->second);
  }
  // Stable: of equal qualifiers the last member (now first) is kept.
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const TimeseriesMember& a, const TimeseriesMember& b) {
                     return a.first < b.first;
                   });
  sorted.erase(
      std::unique(sorted.begin(), sorted.end(),
                  [](const TimeseriesMember& a, const TimeseriesMember& b) {
                    return a.first == b.first;
                  }),
      sorted.end());
  std::string out;
  AppendTimeseriesValue(sorted, &out);
  return out;
}

Status DecodeTimeseriesValue(
    std::string_view json,
    std::vector<std::pair<std::string, std::string>>* members) {
  Parser parser(json);
  size_t n = 0;
  const bool ok = parser.Object(members, &n);
  members->resize(ok ? n : 0);
  if (!ok) {
    return Status::Corruption("timeseries V is not a JSON object of strings");
  }
  return Status::OK();
}

}  // namespace layout
}  // namespace obkvlite
