// Copyright (c) obkvlite authors.
//
// The index row key encoding (obkvlite/index.h, doc/indexes.md).

#include "obkvlite/index.h"

namespace obkvlite {

std::string EncodeIndexValuePrefix(std::string_view prefix) {
  std::string out;
  out.reserve(prefix.size() + 2);
  for (char c : prefix) {
    out.push_back(c);
    if (c == '\0') out.push_back('\xFF');
  }
  return out;
}

std::string EncodeIndexValue(std::string_view value) {
  std::string out = EncodeIndexValuePrefix(value);
  out.append(2, '\0');
  return out;
}

std::string EncodeIndexKey(std::string_view value, std::string_view row) {
  std::string out = EncodeIndexValue(value);
  out.append(row);
  return out;
}

bool DecodeIndexKey(std::string_view key, std::string* value,
                    std::string* row) {
  value->clear();
  for (size_t i = 0; i < key.size(); ++i) {
    if (key[i] != '\0') {
      value->push_back(key[i]);
      continue;
    }
    if (i + 1 >= key.size()) return false;
    if (key[i + 1] == '\xFF') {
      value->push_back('\0');
      ++i;
      continue;
    }
    if (key[i + 1] != '\0') return false;
    row->assign(key.substr(i + 2));
    return true;
  }
  return false;
}

}  // namespace obkvlite
