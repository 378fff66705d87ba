// Copyright (c) obkvlite authors.
#include "tools/bench/cell_set_body.h"

#include "server/rest/base64.h"

namespace obkvlite {
namespace bench {

std::string CellSetBody(const std::vector<std::string>& rows,
                        const std::vector<std::string>& columns,
                        const std::string& value, int64_t timestamp) {
  std::vector<std::string> encoded;
  encoded.reserve(columns.size());
  for (const std::string& c : columns) encoded.push_back(rest::Base64Encode(c));
  const std::string ts =
      timestamp >= 0 ? ",\"timestamp\":" + std::to_string(timestamp) : "";
  const std::string v = rest::Base64Encode(value);
  std::string out = "{\"Row\":[";
  for (size_t r = 0; r < rows.size(); ++r) {
    out += r ? ",{\"key\":\"" : "{\"key\":\"";
    out += rest::Base64Encode(rows[r]) + "\",\"Cell\":[";
    for (size_t c = 0; c < encoded.size(); ++c) {
      out += c ? ",{\"column\":\"" : "{\"column\":\"";
      out += encoded[c] + "\"" + ts + ",\"$\":\"" + v + "\"}";
    }
    out += "]}";
  }
  return out + "]}";
}

}  // namespace bench
}  // namespace obkvlite
