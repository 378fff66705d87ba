// Copyright (c) obkvlite authors.
//
// Fixed-width padding: seed 000's [rpad(column1, 'x', 20)][column2], which
// makes field boundaries unambiguous without a delimiter.

#include "obkvlite/rowkey.h"

namespace obkvlite {

Result<std::string> RightPad(std::string_view value, int width, char pad,
                             std::string_view field) {
  const size_t target = static_cast<size_t>(width < 0 ? 0 : width);
  if (value.size() > target) {
    return Status::InvalidArgument(
        std::string(field) + ": " + std::to_string(value.size()) +
        " bytes, wider than the field width " + std::to_string(target));
  }
  std::string out(value);
  out.append(target - value.size(), pad);
  return out;
}

}  // namespace obkvlite
