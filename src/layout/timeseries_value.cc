// Copyright (c) obkvlite authors.
#include "layout/timeseries_value.h"

#include <algorithm>
#include <cstdint>

namespace obkvlite {
namespace layout {
namespace {

bool NeedsEscape(unsigned char c) { return c < 0x20 || c == '"' || c == '\\'; }

void AppendJsonString(std::string_view s, std::string* out) {
  static const char kHex[] = "0123456789abcdef";
  out->push_back('"');
  size_t plain = 0;  // start of the run of characters copied as they are
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (!NeedsEscape(c)) continue;
    out->append(s.data() + plain, i - plain);
    plain = i + 1;
    switch (c) {
      case '"':
        out->append("\\\"");
        break;
      case '\\':
        out->append("\\\\");
        break;
      case '\b':
        out->append("\\b");
        break;
      case '\f':
        out->append("\\f");
        break;
      case '\n':
        out->append("\\n");
        break;
      case '\r':
        out->append("\\r");
        break;
      case '\t':
        out->append("\\t");
        break;
      default:
        out->append("\\u00");
        out->push_back(kHex[c >> 4]);
        out->push_back(kHex[c & 15]);
    }
  }
  out->append(s.data() + plain, s.size() - plain);
  out->push_back('"');
}

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
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
      const char c = s_[i_++];
      *v <<= 4;
      if (c >= '0' && c <= '9')
        *v |= static_cast<uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f')
        *v |= static_cast<uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        *v |= static_cast<uint32_t>(c - 'A' + 10);
      else
        return false;
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
          AppendUtf8(cp, out);
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

bool IsValidUtf8(std::string_view bytes) {
  size_t i = 0;
  const size_t n = bytes.size();
  while (i < n) {
    const unsigned char c = static_cast<unsigned char>(bytes[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    int len;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
      cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      cp = c & 0x07;
    } else
      return false;
    if (i + static_cast<size_t>(len) > n) return false;
    for (int k = 1; k < len; ++k) {
      const unsigned char cc = static_cast<unsigned char>(bytes[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
        cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)) {
      return false;
    }
    i += static_cast<size_t>(len);
  }
  return true;
}

std::string EncodeTimeseriesValue(
    const std::vector<TimeseriesMember>& members) {
  size_t bytes = 2;
  for (const auto& [q, v] : members) bytes += q.size() + v.size() + 6;
  std::string out;
  out.reserve(bytes);
  out.push_back('{');
  for (const auto& [q, v] : members) {
    if (out.size() > 1) out.push_back(',');
    AppendJsonString(q, &out);
    out.push_back(':');
    AppendJsonString(v, &out);
  }
  out.push_back('}');
  return out;
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
  sorted.erase(std::unique(sorted.begin(), sorted.end(),
                           [](const TimeseriesMember& a,
                              const TimeseriesMember& b) {
                             return a.first == b.first;
                           }),
               sorted.end());
  return EncodeTimeseriesValue(sorted);
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
