// Copyright (c) obkvlite authors.
#include "hbase/filter/filter_text.h"

#include "obkvlite/bytes.h"

namespace obkvlite {
namespace filter {

std::string QuoteArgument(std::string_view bytes) {
  std::string out = "'";
  for (char c : bytes) {
    out += c;
    if (c == '\'') out += c;
  }
  out += '\'';
  return out;
}

std::string Printable(std::string_view bytes) {
  constexpr size_t kMax = 64;
  if (bytes.size() <= kMax) return ToStringBinary(bytes);
  return ToStringBinary(bytes.substr(0, kMax)) + "...";
}

}  // namespace filter
}  // namespace obkvlite
