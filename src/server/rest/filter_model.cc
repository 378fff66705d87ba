// Copyright (c) obkvlite authors.
#include "server/rest/filter_model.h"

#include <map>
#include <nlohmann/json.hpp>

#include "server/rest/base64.h"
#include "server/rest/json_body.h"

namespace obkvlite {
namespace rest {
namespace {

using nlohmann::json;

Status Bad(const std::string& path, const std::string& what) {
  return Status::InvalidArgument(path + ": " + what);
}

// 'bytes' with ' doubled, as the filter language quotes.
std::string Quote(std::string_view bytes) {
  std::string out = "'";
  for (char c : bytes) {
    out += c;
    if (c == '\'') out += '\'';
  }
  return out + "'";
}

Result<const json*> Member(const json& node, const char* name,
                           const std::string& path) {
  auto it = node.find(name);
  if (it == node.end() || it->is_null()) {
    return Bad(path + "." + name, "missing");
  }
  return &*it;
}

Result<std::string> Text(const json& node, const char* name,
                         const std::string& path) {
  OBKV_ASSIGN_OR_RETURN(const json* v, Member(node, name, path));
  if (!v->is_string()) return Bad(path + "." + name, "must be a string");
  return v->get<std::string>();
}

Result<std::string> Bytes(const json& node, const char* name,
                          const std::string& path) {
  OBKV_ASSIGN_OR_RETURN(std::string b64, Text(node, name, path));
  return Base64Decode(b64, path + "." + name);
}

// An integer given as a number or a numeric string (PageFilter's "value").
Result<int64_t> Integer(const json& node, const char* name,
                        const std::string& path) {
  OBKV_ASSIGN_OR_RETURN(const json* v, Member(node, name, path));
  if (v->is_number_integer()) return v->get<int64_t>();
  if (v->is_string()) {
    const std::string s = v->get<std::string>();
    if (!s.empty() && s.size() < 19 &&
        s.find_first_not_of("0123456789") == std::string::npos) {
      return static_cast<int64_t>(std::stoll(s));
    }
  }
  return Bad(path + "." + name, "must be a non-negative integer");
}

Result<bool> Boolean(const json& node, const char* name,
                     const std::string& path, bool fallback) {
  auto it = node.find(name);
  if (it == node.end() || it->is_null()) return fallback;
  if (!it->is_boolean()) return Bad(path + "." + name, "must be true or false");
  return it->get<bool>();
}

std::string Bool(bool b) { return b ? "true" : "false"; }

Result<std::string> CompareOp(const json& node, const std::string& path) {
  static const std::map<std::string, std::string> kOps = {
      {"LESS", "<"},       {"LESS_OR_EQUAL", "<="},    {"EQUAL", "="},
      {"NOT_EQUAL", "!="}, {"GREATER_OR_EQUAL", ">="}, {"GREATER", ">"}};
  OBKV_ASSIGN_OR_RETURN(std::string op, Text(node, "op", path));
  auto it = kOps.find(op);
  if (it == kOps.end()) {
    return Bad(path + ".op", "unsupported compare operator '" + op + "'");
  }
  return it->second;
}

Result<std::string> Comparator(const json& node, const std::string& path) {
  OBKV_ASSIGN_OR_RETURN(const json* cmp, Member(node, "comparator", path));
  const std::string cpath = path + ".comparator";
  if (!cmp->is_object()) return Bad(cpath, "must be an object");
  OBKV_ASSIGN_OR_RETURN(std::string type, Text(*cmp, "type", cpath));
  if (type == "BinaryComparator" || type == "BinaryPrefixComparator") {
    OBKV_ASSIGN_OR_RETURN(std::string v, Bytes(*cmp, "value", cpath));
    return Quote((type == "BinaryComparator" ? "binary:" : "binaryprefix:") +
                 v);
  }
  if (type == "RegexStringComparator" || type == "SubstringComparator") {
    OBKV_ASSIGN_OR_RETURN(std::string v, Text(*cmp, "value", cpath));
    return Quote(
        (type == "RegexStringComparator" ? "regexstring:" : "substring:") + v);
  }
  return Bad(cpath + ".type", "unsupported comparator '" + type + "'");
}

Result<std::string> Convert(const json& node, const std::string& path,
                            int depth);

Result<std::string> Sub(const json& node, const std::string& path, int depth) {
  OBKV_ASSIGN_OR_RETURN(const json* list, Member(node, "filters", path));
  if (!list->is_array() || list->empty()) {
    return Bad(path + ".filters", "must be a non-empty array");
  }
  return Convert((*list)[0], path + ".filters[0]", depth + 1);
}

Result<std::string> Convert(const json& node, const std::string& path,
                            int depth) {
  if (depth > kMaxFilterDepth) {
    return Bad(path, "nested deeper than " + std::to_string(kMaxFilterDepth));
  }
  if (!node.is_object()) return Bad(path, "must be an object");
  OBKV_ASSIGN_OR_RETURN(std::string type, Text(node, "type", path));
  if (type == "FilterList") {
    OBKV_ASSIGN_OR_RETURN(std::string op, Text(node, "op", path));
    if (op != "MUST_PASS_ALL" && op != "MUST_PASS_ONE") {
      return Bad(path + ".op", "must be MUST_PASS_ALL or MUST_PASS_ONE");
    }
    OBKV_ASSIGN_OR_RETURN(const json* list, Member(node, "filters", path));
    if (!list->is_array() || list->empty()) {
      return Bad(path + ".filters", "must be a non-empty array");
    }
    std::string out = "(";
    for (size_t i = 0; i < list->size(); ++i) {
      OBKV_ASSIGN_OR_RETURN(
          std::string f,
          Convert((*list)[i], path + ".filters[" + std::to_string(i) + "]",
                  depth + 1));
      if (i > 0) out += op == "MUST_PASS_ALL" ? " AND " : " OR ";
      out += f;
    }
    return out + ")";
  }
  if (type == "SkipFilter" || type == "WhileMatchFilter") {
    OBKV_ASSIGN_OR_RETURN(std::string f, Sub(node, path, depth));
    return (type == "SkipFilter" ? "SKIP " : "WHILE ") + f;
  }
  if (type == "PrefixFilter" || type == "ColumnPrefixFilter" ||
      type == "InclusiveStopFilter") {
    OBKV_ASSIGN_OR_RETURN(std::string v, Bytes(node, "value", path));
    return type + "(" + Quote(v) + ")";
  }
  if (type == "KeyOnlyFilter" || type == "FirstKeyOnlyFilter") {
    return type + "()";
  }
  if (type == "PageFilter") {
    OBKV_ASSIGN_OR_RETURN(int64_t n, Integer(node, "value", path));
    return "PageFilter(" + std::to_string(n) + ")";
  }
  if (type == "ColumnCountGetFilter") {
    OBKV_ASSIGN_OR_RETURN(int64_t n, Integer(node, "limit", path));
    return "ColumnCountGetFilter(" + std::to_string(n) + ")";
  }
  if (type == "ColumnPaginationFilter") {
    OBKV_ASSIGN_OR_RETURN(int64_t limit, Integer(node, "limit", path));
    OBKV_ASSIGN_OR_RETURN(int64_t offset, Integer(node, "offset", path));
    return "ColumnPaginationFilter(" + std::to_string(limit) + "," +
           std::to_string(offset) + ")";
  }
  if (type == "MultipleColumnPrefixFilter") {
    OBKV_ASSIGN_OR_RETURN(const json* list, Member(node, "prefixes", path));
    if (!list->is_array()) return Bad(path + ".prefixes", "must be an array");
    std::string out = "MultipleColumnPrefixFilter(";
    for (size_t i = 0; i < list->size(); ++i) {
      const std::string p = path + ".prefixes[" + std::to_string(i) + "]";
      if (!(*list)[i].is_string()) return Bad(p, "must be a string");
      OBKV_ASSIGN_OR_RETURN(std::string v,
                            Base64Decode((*list)[i].get<std::string>(), p));
      out += (i > 0 ? "," : "") + Quote(v);
    }
    return out + ")";
  }
  if (type == "ColumnRangeFilter") {
    OBKV_ASSIGN_OR_RETURN(std::string min, Bytes(node, "minColumn", path));
    OBKV_ASSIGN_OR_RETURN(bool min_in,
                          Boolean(node, "minColumnInclusive", path, true));
    OBKV_ASSIGN_OR_RETURN(std::string max, Bytes(node, "maxColumn", path));
    OBKV_ASSIGN_OR_RETURN(bool max_in,
                          Boolean(node, "maxColumnInclusive", path, false));
    return "ColumnRangeFilter(" + Quote(min) + "," + Bool(min_in) + "," +
           Quote(max) + "," + Bool(max_in) + ")";
  }
  if (type == "TimestampsFilter") {
    OBKV_ASSIGN_OR_RETURN(const json* list, Member(node, "timestamps", path));
    if (!list->is_array()) return Bad(path + ".timestamps", "must be an array");
    std::string out = "TimestampsFilter(";
    for (size_t i = 0; i < list->size(); ++i) {
      if (!(*list)[i].is_number_integer()) {
        return Bad(path + ".timestamps[" + std::to_string(i) + "]",
                   "must be an integer");
      }
      out += (i > 0 ? "," : "") + std::to_string((*list)[i].get<int64_t>());
    }
    return out + ")";
  }
  if (type == "RowFilter" || type == "FamilyFilter" ||
      type == "QualifierFilter" || type == "ValueFilter") {
    OBKV_ASSIGN_OR_RETURN(std::string op, CompareOp(node, path));
    OBKV_ASSIGN_OR_RETURN(std::string cmp, Comparator(node, path));
    return type + "(" + op + "," + cmp + ")";
  }
  if (type == "SingleColumnValueFilter" ||
      type == "SingleColumnValueExcludeFilter") {
    OBKV_ASSIGN_OR_RETURN(std::string family, Bytes(node, "family", path));
    OBKV_ASSIGN_OR_RETURN(std::string qualifier,
                          Bytes(node, "qualifier", path));
    OBKV_ASSIGN_OR_RETURN(std::string op, CompareOp(node, path));
    OBKV_ASSIGN_OR_RETURN(std::string cmp, Comparator(node, path));
    OBKV_ASSIGN_OR_RETURN(bool if_missing,
                          Boolean(node, "ifMissing", path, false));
    OBKV_ASSIGN_OR_RETURN(bool latest,
                          Boolean(node, "latestVersion", path, true));
    return type + "(" + Quote(family) + "," + Quote(qualifier) + "," + op +
           "," + cmp + "," + Bool(if_missing) + "," + Bool(latest) + ")";
  }
  if (type == "DependentColumnFilter") {
    OBKV_ASSIGN_OR_RETURN(std::string family, Bytes(node, "family", path));
    OBKV_ASSIGN_OR_RETURN(std::string qualifier,
                          Bytes(node, "qualifier", path));
    OBKV_ASSIGN_OR_RETURN(bool drop,
                          Boolean(node, "dropDependentColumn", path, false));
    std::string out = "DependentColumnFilter(" + Quote(family) + "," +
                      Quote(qualifier) + "," + Bool(drop);
    if (node.contains("comparator")) {
      OBKV_ASSIGN_OR_RETURN(std::string op, CompareOp(node, path));
      OBKV_ASSIGN_OR_RETURN(std::string cmp, Comparator(node, path));
      out += "," + op + "," + cmp;
    }
    return out + ")";
  }
  return Bad(path + ".type", "unsupported filter '" + type + "'");
}

}  // namespace

Result<std::string> FilterModelToLanguage(std::string_view json_text) {
  OBKV_ASSIGN_OR_RETURN(json doc, ParseJson(json_text, "filter"));
  return Convert(doc, "filter", 0);
}

}  // namespace rest
}  // namespace obkvlite
