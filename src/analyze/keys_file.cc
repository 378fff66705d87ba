// Copyright (c) obkvlite authors.
//
// The keys file of `obkv analyze --keys`: one key a line in
// Bytes.toStringBinary form, optionally followed by a TAB and a timestamp
// in ms.

#include <istream>
#include <string>

#include "obkvlite/analyze.h"
#include "obkvlite/bytes.h"

namespace obkvlite {
namespace {

Result<int64_t> ParseTs(std::string_view text) {
  if (text.empty() || text.size() > 18) {
    return Status::InvalidArgument(
        "ts: must be a non-negative integer (ms), "
        "got \"" +
        std::string(text) + "\"");
  }
  int64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') {
      return Status::InvalidArgument(
          "ts: must be a non-negative integer "
          "(ms), got \"" +
          std::string(text) + "\"");
    }
    v = v * 10 + (c - '0');
  }
  return v;
}

Status AddLine(std::string_view line, KeyAnalyzer* analyzer) {
  std::optional<int64_t> ts;
  const size_t tab = line.rfind('\t');
  if (tab != std::string_view::npos) {
    OBKV_ASSIGN_OR_RETURN(ts, ParseTs(line.substr(tab + 1)));
    line = line.substr(0, tab);
  }
  OBKV_ASSIGN_OR_RETURN(std::string key, FromStringBinary(line, "key"));
  return analyzer->Add(key, ts);
}

}  // namespace

Status AnalyzeKeysStream(std::istream& in, std::string_view name,
                         KeyAnalyzer* analyzer) {
  std::string line;
  for (int64_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    Status st = AddLine(line, analyzer);
    if (!st.ok()) {
      return st.WithPrefix(std::string(name) + ":" + std::to_string(number));
    }
  }
  if (in.bad()) return Status::IOError(std::string(name) + ": read error");
  return Status::OK();
}

}  // namespace obkvlite
