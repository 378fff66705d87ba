// Copyright (c) obkvlite authors.
#include "server/rest/json_body.h"

#include <limits>

namespace obkvlite {
namespace rest {

Status MalformedJson(std::string_view field, size_t byte) {
  return Status::InvalidArgument(
      std::string(field) + ": malformed JSON at byte " + std::to_string(byte));
}

Status JsonNumberOutOfRange(std::string_view field) {
  return Status::InvalidArgument(
      std::string(field) +
      ": a number is out of range (JSON numbers here must fit a 64-bit "
      "integer or a double)");
}

Result<nlohmann::json> ParseJson(std::string_view text,
                                 std::string_view field) {
  try {
    return nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    return MalformedJson(field, e.byte);
  } catch (const nlohmann::json::exception&) {
    // out_of_range 406: a number literal such as 1e999999.
    return JsonNumberOutOfRange(field);
  }
}

Result<nlohmann::json> ParseJsonObject(std::string_view body) {
  OBKV_ASSIGN_OR_RETURN(nlohmann::json doc, ParseJson(body, "body"));
  if (!doc.is_object()) {
    return Status::InvalidArgument("body: must be a JSON object");
  }
  return doc;
}

namespace {

// The member `name` of `object`, or null when it has none.
const nlohmann::json* Member(const nlohmann::json& object, const char* name) {
  auto it = object.find(name);
  return it == object.end() ? nullptr : &*it;
}

// Whether `value` (null when absent) holds a string: NotFound when it is
// absent or null, InvalidArgument naming `path` when it is no string.
Status StringMember(const nlohmann::json* value, const std::string& path) {
  if (value == nullptr || value->is_null()) return Status::NotFound("");
  if (!value->is_string()) {
    return Status::InvalidArgument("body: " + path + ": must be a string");
  }
  return Status::OK();
}

}  // namespace

Result<std::optional<std::string>> JsonStringValue(nlohmann::json* value,
                                                   const std::string& path) {
  Status st = StringMember(value, path);
  if (st.IsNotFound()) return std::optional<std::string>();
  OBKV_RETURN_IF_ERROR(st);
  return std::optional<std::string>(std::move(value->get_ref<std::string&>()));
}

Result<std::optional<std::string>> JsonString(const nlohmann::json& object,
                                              const char* name,
                                              const std::string& path) {
  const nlohmann::json* value = Member(object, name);
  Status st = StringMember(value, path);
  if (st.IsNotFound()) return std::optional<std::string>();
  OBKV_RETURN_IF_ERROR(st);
  return std::optional<std::string>(value->get<std::string>());
}

Result<int64_t> ParseIntField(std::string_view text, const std::string& path,
                              int64_t min, int64_t max) {
  return ParseIntText(text, "body: " + path, min, max);
}

Result<int64_t> ParseIntText(std::string_view text, const std::string& name,
                             int64_t min, int64_t max) {
  bool ok = !text.empty() && text.size() <= 20;
  int64_t v = 0;
  bool negative = false;
  size_t i = 0;
  if (ok && text[0] == '-') {
    negative = true;
    i = 1;
    ok = text.size() > 1;
  }
  for (; ok && i < text.size(); ++i) {
    const char c = text[i];
    if (c < '0' || c > '9' ||
        v > (std::numeric_limits<int64_t>::max() - (c - '0')) / 10) {
      ok = false;
      break;
    }
    v = v * 10 + (c - '0');
  }
  if (negative) v = -v;
  if (!ok || v < min || v > max) {
    return Status::InvalidArgument(name + ": must be an integer in [" +
                                   std::to_string(min) + ", " +
                                   std::to_string(max) + "], got '" +
                                   std::string(text.substr(0, 40)) + "'");
  }
  return v;
}

Result<std::optional<int64_t>> JsonInt(const nlohmann::json& object,
                                       const char* name,
                                       const std::string& path) {
  return JsonIntValue(Member(object, name), path);
}

Result<std::optional<int64_t>> JsonIntValue(const nlohmann::json* it,
                                            const std::string& path) {
  if (it == nullptr || it->is_null()) return std::optional<int64_t>();
  if (it->is_number_integer()) {
    if (it->is_number_unsigned() &&
        it->get<uint64_t>() >
            static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      return Status::InvalidArgument("body: " + path + ": out of range");
    }
    return std::optional<int64_t>(it->get<int64_t>());
  }
  if (it->is_string()) {
    OBKV_ASSIGN_OR_RETURN(int64_t v,
                          ParseIntField(it->get<std::string>(), path,
                                        std::numeric_limits<int64_t>::min(),
                                        std::numeric_limits<int64_t>::max()));
    return std::optional<int64_t>(v);
  }
  return Status::InvalidArgument("body: " + path + ": must be an integer");
}

Result<std::optional<bool>> JsonBool(const nlohmann::json& object,
                                     const char* name,
                                     const std::string& path) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) return std::optional<bool>();
  if (it->is_boolean()) return std::optional<bool>(it->get<bool>());
  if (it->is_string()) {
    const std::string s = it->get<std::string>();
    if (s == "true") return std::optional<bool>(true);
    if (s == "false") return std::optional<bool>(false);
  }
  return Status::InvalidArgument("body: " + path + ": must be true or false");
}

}  // namespace rest
}  // namespace obkvlite
