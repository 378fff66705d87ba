// Copyright (c) obkvlite authors.
//
// `obkv stats TABLE --keys`: a table's hot keys (obkvlite/hot_keys.h) as
// text or JSON, per type in type order, rows in Bytes.toStringBinary form.
//
// Text:
//   type   rank  row    count  error
//   -----  ----  -----  -----  -----
//   query  1     row-0  4193   0
//   ...
//   query: 20000 requests; a key not listed had at most 0
//   count - error <= true requests <= count; error <= requests / 256
//
// JSON:
//   {"table":"t","capacity":256,"types":[{"type":"query",
//     "obkv_type":"TABLE_HOTKEY_QUERY","requests":20000,"floor":0,
//     "keys":[{"row":"row-7","count":1234,"error":0}, ...]}, ...]}
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_HOT_KEYS_REPORT_H_
#define OBKVLITE_TOOLS_CLI_HOT_KEYS_REPORT_H_

#include <string>
#include <vector>

#include "obkvlite/hot_keys.h"

namespace obkvlite {
namespace cli {

// `stats` as Store::HotKeys returns them for table `table`.
std::string RenderHotKeysText(const std::vector<HotKeyStats>& stats);
std::string RenderHotKeysJson(const std::string& table,
                              const std::vector<HotKeyStats>& stats);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_HOT_KEYS_REPORT_H_
