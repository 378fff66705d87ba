// Copyright (c) obkvlite authors.
#include "hbase/filter/filter_text.h"

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

}  // namespace filter
}  // namespace obkvlite
