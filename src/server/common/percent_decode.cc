// Copyright (c) obkvlite authors.
#include "server/common/percent_decode.h"

#include "util/hex_digit.h"

namespace obkvlite {
namespace server {

Result<std::string> PercentDecode(std::string_view text, std::string_view field,
                                  bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%') {
      const int hi = i + 1 < text.size() ? HexDigitValue(text[i + 1]) : -1;
      const int lo = i + 2 < text.size() ? HexDigitValue(text[i + 2]) : -1;
      if (hi < 0 || lo < 0) {
        return Status::InvalidArgument(std::string(field) +
                                       ": bad percent-encoding at offset " +
                                       std::to_string(i));
      }
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else if (c == '+' && plus_is_space) {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace server
}  // namespace obkvlite
