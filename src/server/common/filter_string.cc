// Copyright (c) obkvlite authors.
#include "server/common/filter_string.h"

#include <utility>

#include "obkvlite/filter.h"

namespace obkvlite {
namespace server {

Result<std::string> SentFilterString(std::string text) {
  if (text.empty()) return ParseFilter(text).status();
  return std::move(text);
}

}  // namespace server
}  // namespace obkvlite
