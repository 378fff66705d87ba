// Copyright (c) obkvlite authors.
//
// Field reversal: seed 000's [reverse(user_id)][order_id] and seed 004's
// reversed domains randomise the leading bytes of a key whose start is
// shared or increasing.

#include "obkvlite/rowkey.h"

namespace obkvlite {

std::string ReverseBytes(std::string_view value) {
  return std::string(value.rbegin(), value.rend());
}

}  // namespace obkvlite
