// Copyright (c) obkvlite authors.
#include "server/rest/scanner_model.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/rest/base64.h"
#include "server/rest/filter_model.h"
#include "server/rest/json_body.h"
#include "server/rest/protobuf_body.h"
#include "server/rest/rest_path.h"
#include "server/rest/xml_doc.h"

namespace obkvlite {
namespace rest {
namespace {

// The model's fields as text, from JSON, XML or protobuf alike.
struct RawModel {
  // Rows and columns are base64 in JSON and XML, raw bytes in protobuf.
  bool base64 = true;
  std::optional<std::string> start_row, end_row;
  std::vector<std::string> columns;
  std::optional<std::string> batch, start_time, end_time, max_versions, limit,
      reversed, caching;
  std::optional<std::string> filter;  // filter model JSON
};

Result<std::optional<std::string>> JsonScalar(const nlohmann::json& doc,
                                              const char* name) {
  auto it = doc.find(name);
  if (it == doc.end() || it->is_null()) return std::optional<std::string>();
  if (it->is_string())
    return std::optional<std::string>(it->get<std::string>());
  if (it->is_number_integer() || it->is_boolean()) {
    return std::optional<std::string>(it->dump());
  }
  return Status::InvalidArgument(std::string("body: Scanner.") + name +
                                 ": must be a string or an integer");
}

Result<RawModel> ReadJson(std::string_view body) {
  OBKV_ASSIGN_OR_RETURN(nlohmann::json doc, ParseJsonObject(body));
  RawModel m;
  OBKV_ASSIGN_OR_RETURN(m.start_row,
                        JsonString(doc, "startRow", "Scanner.startRow"));
  OBKV_ASSIGN_OR_RETURN(m.end_row, JsonString(doc, "endRow", "Scanner.endRow"));
  OBKV_ASSIGN_OR_RETURN(m.filter, JsonString(doc, "filter", "Scanner.filter"));
  OBKV_ASSIGN_OR_RETURN(m.batch, JsonScalar(doc, "batch"));
  OBKV_ASSIGN_OR_RETURN(m.start_time, JsonScalar(doc, "startTime"));
  OBKV_ASSIGN_OR_RETURN(m.end_time, JsonScalar(doc, "endTime"));
  OBKV_ASSIGN_OR_RETURN(m.max_versions, JsonScalar(doc, "maxVersions"));
  OBKV_ASSIGN_OR_RETURN(m.limit, JsonScalar(doc, "limit"));
  OBKV_ASSIGN_OR_RETURN(m.reversed, JsonScalar(doc, "reversed"));
  OBKV_ASSIGN_OR_RETURN(m.caching, JsonScalar(doc, "caching"));
  auto cols = doc.find("column");
  if (cols != doc.end() && !cols->is_null()) {
    if (!cols->is_array()) {
      return Status::InvalidArgument("body: Scanner.column: must be an array");
    }
    for (size_t i = 0; i < cols->size(); ++i) {
      if (!(*cols)[i].is_string()) {
        return Status::InvalidArgument("body: Scanner.column[" +
                                       std::to_string(i) +
                                       "]: must be a string");
      }
      m.columns.push_back((*cols)[i].get<std::string>());
    }
  }
  return m;
}

Result<RawModel> ReadXml(std::string_view body) {
  OBKV_ASSIGN_OR_RETURN(XmlDocument doc, XmlDocument::Parse(body, "Scanner"));
  RawModel m;
  XmlNode* root = doc.root();
  m.start_row = XmlAttribute(root, "startRow");
  m.end_row = XmlAttribute(root, "endRow");
  m.batch = XmlAttribute(root, "batch");
  m.start_time = XmlAttribute(root, "startTime");
  m.end_time = XmlAttribute(root, "endTime");
  m.max_versions = XmlAttribute(root, "maxVersions");
  m.limit = XmlAttribute(root, "limit");
  m.reversed = XmlAttribute(root, "reversed");
  m.caching = XmlAttribute(root, "caching");
  for (XmlNode* c : XmlChildren(root, "column"))
    m.columns.push_back(XmlText(c));
  std::vector<XmlNode*> filters = XmlChildren(root, "filter");
  if (!filters.empty()) m.filter = XmlText(filters.front());
  return m;
}

// HBase's ScannerModel.getObjectFromMessage: labels and cacheBlocks
// change nothing here; the message has no reversed.
Result<RawModel> ReadProtobuf(std::string_view body) {
  pb::Scanner message;
  OBKV_RETURN_IF_ERROR(ParseProtobufBody(body, &message));
  RawModel m;
  m.base64 = false;
  if (message.has_startrow()) m.start_row = message.startrow();
  if (message.has_endrow()) m.end_row = message.endrow();
  for (const std::string& c : message.columns()) m.columns.push_back(c);
  auto text = [](bool has, int64_t v) {
    return has ? std::optional<std::string>(std::to_string(v))
               : std::optional<std::string>();
  };
  m.batch = text(message.has_batch(), message.batch());
  m.start_time = text(message.has_starttime(), message.starttime());
  m.end_time = text(message.has_endtime(), message.endtime());
  m.max_versions = text(message.has_maxversions(), message.maxversions());
  m.limit = text(message.has_limit(), message.limit());
  m.caching = text(message.has_caching(), message.caching());
  if (message.has_filter()) m.filter = message.filter();
  return m;
}

// A row or column of the model as bytes.
Result<std::string> Decode(const RawModel& raw,
                           const std::optional<std::string>& text,
                           const std::string& field) {
  if (!text) return std::string();
  if (!raw.base64) return *text;
  return Base64Decode(*text, "body: " + field);
}

Result<int64_t> Int(const std::optional<std::string>& text, const char* field,
                    int64_t min, int64_t max, int64_t fallback) {
  if (!text) return fallback;
  return ParseIntField(*text, std::string("Scanner.") + field, min, max);
}

}  // namespace

Result<ScannerModel> ParseScannerModel(MediaType type, std::string_view body) {
  RawModel raw;
  if (type == MediaType::kXml) {
    OBKV_ASSIGN_OR_RETURN(raw, ReadXml(body));
  } else if (type == MediaType::kProtobuf) {
    OBKV_ASSIGN_OR_RETURN(raw, ReadProtobuf(body));
  } else {
    OBKV_ASSIGN_OR_RETURN(raw, ReadJson(body));
  }
  ScannerModel m;
  OBKV_ASSIGN_OR_RETURN(m.scan.start_row,
                        Decode(raw, raw.start_row, "Scanner.startRow"));
  OBKV_ASSIGN_OR_RETURN(m.scan.stop_row,
                        Decode(raw, raw.end_row, "Scanner.endRow"));
  for (size_t i = 0; i < raw.columns.size(); ++i) {
    const std::string field = "Scanner.column[" + std::to_string(i) + "]";
    OBKV_ASSIGN_OR_RETURN(std::string col, Decode(raw, raw.columns[i], field));
    OBKV_ASSIGN_OR_RETURN(ColumnSpec c,
                          ParseColumnSpec(col, "body: " + field, false));
    if (c.whole_family) {
      m.scan.families.push_back(c.family);
    } else {
      m.scan.columns.push_back({c.family, c.qualifier});
    }
  }
  OBKV_ASSIGN_OR_RETURN(
      int64_t batch,
      Int(raw.batch, "batch", 1, kMaxScannerBatch, kDefaultScannerBatch));
  m.batch = static_cast<int>(batch);
  OBKV_ASSIGN_OR_RETURN(m.scan.time_range.min_ms,
                        Int(raw.start_time, "startTime", 0, INT64_MAX - 1, 0));
  OBKV_ASSIGN_OR_RETURN(m.scan.time_range.max_ms,
                        Int(raw.end_time, "endTime", 1, INT64_MAX, INT64_MAX));
  if (m.scan.time_range.min_ms >= m.scan.time_range.max_ms) {
    return Status::InvalidArgument(
        "body: Scanner.startTime: " + std::to_string(m.scan.time_range.min_ms) +
        " is not before endTime " + std::to_string(m.scan.time_range.max_ms));
  }
  OBKV_ASSIGN_OR_RETURN(int64_t versions,
                        Int(raw.max_versions, "maxVersions", 1, INT32_MAX, 1));
  m.scan.max_versions = static_cast<int>(versions);
  OBKV_ASSIGN_OR_RETURN(m.scan.limit, Int(raw.limit, "limit", 0, INT64_MAX, 0));
  // Any int, as HBase's model takes it; ScannerResultGenerator sets it on
  // the Scan when > 0.
  OBKV_ASSIGN_OR_RETURN(int64_t caching,
                        Int(raw.caching, "caching", INT32_MIN, INT32_MAX, -1));
  m.scan.caching = static_cast<int>(caching);
  if (raw.reversed) {
    if (*raw.reversed != "true" && *raw.reversed != "false") {
      return Status::InvalidArgument(
          "body: Scanner.reversed: must be true or false");
    }
    m.scan.reversed = *raw.reversed == "true";
  }
  if (raw.filter && !raw.filter->empty()) {
    Result<std::string> filter = FilterModelToLanguage(*raw.filter);
    if (!filter.ok()) return filter.status().WithPrefix("body: Scanner");
    m.scan.filter = std::move(filter).value();
  }
  return m;
}

}  // namespace rest
}  // namespace obkvlite
