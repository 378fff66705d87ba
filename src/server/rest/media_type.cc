// Copyright (c) obkvlite authors.
#include "server/rest/media_type.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>
#include <vector>

namespace obkvlite {
namespace rest {
namespace {

std::string Trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) {
    s.remove_prefix(1);
  }
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) {
    s.remove_suffix(1);
  }
  std::string out(s);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<MediaType> Exact(const std::string& name) {
  if (name == "text/plain") return MediaType::kText;
  if (name == "text/xml" || name == "application/xml") return MediaType::kXml;
  if (name == "application/json") return MediaType::kJson;
  if (name == "application/octet-stream") return MediaType::kBinary;
  if (name == "application/x-protobuf" || name == "application/protobuf") {
    return MediaType::kProtobuf;
  }
  return std::nullopt;
}

// True when the Accept range `range` ("text/*", "*/*", "text/xml") admits
// `type`.
bool Admits(const std::string& range, MediaType type) {
  if (range == "*/*" || range == "*") return true;
  const std::string name = MediaTypeName(type);
  if (range.size() > 2 && range.compare(range.size() - 2, 2, "/*") == 0) {
    return name.compare(0, range.size() - 1, range, 0, range.size() - 1) == 0;
  }
  std::optional<MediaType> exact = Exact(range);
  return exact && *exact == type;
}

struct AcceptRange {
  std::string range;
  double q = 1.0;
};

}  // namespace

const char* MediaTypeName(MediaType type) {
  switch (type) {
    case MediaType::kText:
      return "text/plain";
    case MediaType::kXml:
      return "text/xml";
    case MediaType::kJson:
      return "application/json";
    case MediaType::kBinary:
      return "application/octet-stream";
    case MediaType::kProtobuf:
      return "application/x-protobuf";
  }
  return "text/plain";
}

std::optional<MediaType> ChooseResponseType(
    std::string_view accept, std::initializer_list<MediaType> produces) {
  std::vector<AcceptRange> ranges;
  size_t start = 0;
  while (start <= accept.size()) {
    size_t end = accept.find(',', start);
    if (end == std::string_view::npos) end = accept.size();
    std::string_view item = accept.substr(start, end - start);
    start = end + 1;
    const size_t semi = item.find(';');
    AcceptRange r;
    r.range = Trimmed(item.substr(0, semi));
    if (r.range.empty()) continue;
    if (semi != std::string_view::npos) {
      const std::string params = Trimmed(item.substr(semi + 1));
      const size_t qpos = params.find("q=");
      if (qpos != std::string::npos) r.q = std::atof(params.c_str() + qpos + 2);
    }
    if (r.q > 0) ranges.push_back(std::move(r));
  }
  if (ranges.empty()) return *produces.begin();
  std::stable_sort(
      ranges.begin(), ranges.end(),
      [](const AcceptRange& a, const AcceptRange& b) { return a.q > b.q; });
  for (const AcceptRange& r : ranges) {
    // An exact range picks its type; a wildcard picks the resource's
    // first type it admits.
    for (MediaType type : produces) {
      if (Admits(r.range, type)) return type;
    }
  }
  return std::nullopt;
}

std::optional<MediaType> ParseContentType(std::string_view content_type) {
  const size_t semi = content_type.find(';');
  return Exact(Trimmed(content_type.substr(0, semi)));
}

}  // namespace rest
}  // namespace obkvlite
