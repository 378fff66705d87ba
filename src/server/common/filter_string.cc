// Copyright (c) obkvlite authors.
#include "server/common/filter_string.h"

#include "obkvlite/filter.h"

namespace obkvlite {
namespace server {

Result<std::string> SentFilterString(std::string text) {
  if (text.empty()) return ParseFilter(text).status();
  return text;
}

}  // namespace server
}  // namespace obkvlite
