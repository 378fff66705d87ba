// Copyright (c) obkvlite authors.
//
// The names of obkvlite/hot_keys.h's types.

#include "obkvlite/hot_keys.h"
#include "util/ascii_case.h"

namespace obkvlite {
namespace {

constexpr const char* kHotKeyTypeNames[kHotKeyTypes] = {"query", "insert",
                                                        "delete", "update"};
constexpr const char* kHotKeyTypeObkvNames[kHotKeyTypes] = {
    "TABLE_HOTKEY_QUERY", "TABLE_HOTKEY_INSERT", "TABLE_HOTKEY_DELETE",
    "TABLE_HOTKEY_UPDATE"};

}  // namespace

const char* HotKeyTypeName(HotKeyType type) {
  return kHotKeyTypeNames[static_cast<int>(type)];
}

const char* HotKeyTypeObkvName(HotKeyType type) {
  return kHotKeyTypeObkvNames[static_cast<int>(type)];
}

std::optional<HotKeyType> ParseHotKeyType(std::string_view name) {
  for (int i = 0; i < kHotKeyTypes; ++i) {
    if (EqualsIgnoreAsciiCase(name, kHotKeyTypeNames[i]) ||
        EqualsIgnoreAsciiCase(name, kHotKeyTypeObkvNames[i])) {
      return static_cast<HotKeyType>(i);
    }
  }
  return std::nullopt;
}

}  // namespace obkvlite
