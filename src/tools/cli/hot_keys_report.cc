// Copyright (c) obkvlite authors.
#include "tools/cli/hot_keys_report.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "obkvlite/bytes.h"
#include "tools/cli/text_table.h"

namespace obkvlite {
namespace cli {

std::string RenderHotKeysText(const std::vector<HotKeyStats>& stats) {
  if (stats.empty()) return "no hot keys counted\n";
  std::vector<std::vector<std::string>> rows;
  std::string totals;
  for (const HotKeyStats& s : stats) {
    int rank = 0;
    for (const HotKey& key : s.keys) {
      rows.push_back({HotKeyTypeName(s.type), std::to_string(++rank),
                      ToStringBinary(key.row), std::to_string(key.count),
                      std::to_string(key.error)});
    }
    totals += std::string(HotKeyTypeName(s.type)) + ": " +
              std::to_string(s.requests) +
              " requests; a key not listed had at most " +
              std::to_string(s.floor) + "\n";
  }
  std::ostringstream out;
  PrintTextTable({"type", "rank", "row", "count", "error"}, rows, out);
  out << totals << "count - error <= true requests <= count; error <= "
      << "requests / " << kHotKeyCapacity << "\n";
  return out.str();
}

std::string RenderHotKeysJson(const std::string& table,
                              const std::vector<HotKeyStats>& stats) {
  nlohmann::ordered_json types = nlohmann::ordered_json::array();
  for (const HotKeyStats& s : stats) {
    nlohmann::ordered_json keys = nlohmann::ordered_json::array();
    for (const HotKey& key : s.keys) {
      keys.push_back({{"row", ToStringBinary(key.row)},
                      {"count", key.count},
                      {"error", key.error}});
    }
    types.push_back({{"type", HotKeyTypeName(s.type)},
                     {"obkv_type", HotKeyTypeObkvName(s.type)},
                     {"requests", s.requests},
                     {"floor", s.floor},
                     {"keys", std::move(keys)}});
  }
  nlohmann::ordered_json out = {{"table", table},
                                {"capacity", kHotKeyCapacity},
                                {"types", std::move(types)}};
  return out.dump(-1, ' ', false,
                  nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace cli
}  // namespace obkvlite
