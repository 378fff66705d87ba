// Copyright (c) obkvlite authors.
//
// ParseRowkeySpec: the "rowkey" section of a table spec.

#include "spec/rowkey_spec_parser.h"

#include <set>

#include "obkvlite/bytes.h"
#include "obkvlite/spec.h"
#include "spec/json_fields.h"

namespace obkvlite {
namespace {

constexpr int kMaxRowkeyFields = 32;
constexpr size_t kMaxDelimiterBytes = 16;
constexpr int kMaxDecimalWidth = 19;  // digits of Long.MAX_VALUE
constexpr int64_t kMaxModulo = 2147483647;
constexpr int kMaxSaltBuckets = 65536;

Status Invalid(const std::string& path, const std::string& message) {
  return Status::InvalidArgument(path + ": " + message);
}

Result<RowkeyFieldType> ReadType(const JsonFields& fields) {
  OBKV_ASSIGN_OR_RETURN(auto type, fields.OptionalString("type"));
  if (!type || *type == "string") return RowkeyFieldType::kString;
  if (*type == "int") return RowkeyFieldType::kInt;
  return Invalid(fields.PathOf("type"),
                 "must be \"string\" or \"int\", got \"" + *type + "\"");
}

Result<RowkeyTransform> ReadTransform(const JsonFields& fields,
                                      RowkeyFieldType type) {
  OBKV_ASSIGN_OR_RETURN(auto name, fields.OptionalString("transform"));
  if (!name || *name == "none") return RowkeyTransform::kNone;
  const bool is_int = type == RowkeyFieldType::kInt;
  if (*name == "reverse" && !is_int) return RowkeyTransform::kReverse;
  if (*name == "reverse_timestamp" && is_int) {
    return RowkeyTransform::kReverseTimestamp;
  }
  if (*name == "modulo" && is_int) return RowkeyTransform::kModulo;
  return Invalid(fields.PathOf("transform"),
                 is_int ? "int fields take none, reverse_timestamp or modulo; "
                          "got \"" +
                              *name + "\""
                        : "string fields take none or reverse; got \"" + *name +
                              "\" (reverse_timestamp and modulo need "
                              "\"type\": \"int\")");
}

Result<RowkeyEncoding> ReadEncoding(const JsonFields& fields,
                                    RowkeyFieldType type) {
  OBKV_ASSIGN_OR_RETURN(auto name, fields.OptionalString("encoding"));
  if (type == RowkeyFieldType::kString) {
    if (!name || *name == "text") return RowkeyEncoding::kText;
    return Invalid(fields.PathOf("encoding"),
                   "string fields are encoded as \"text\"; got \"" + *name +
                       "\" (numeric encodings need \"type\": \"int\")");
  }
  if (!name || *name == "decimal") return RowkeyEncoding::kDecimal;
  if (*name == "be64") return RowkeyEncoding::kBigEndian64;
  if (*name == "be32") return RowkeyEncoding::kBigEndian32;
  return Invalid(
      fields.PathOf("encoding"),
      "int fields take decimal, be64 or be32; got \"" + *name + "\"");
}

Status ReadModulo(const JsonFields& fields, RowkeyField* field) {
  if (field->transform != RowkeyTransform::kModulo) {
    if (fields.Has("modulo")) {
      return Invalid(fields.PathOf("modulo"),
                     "only allowed with \"transform\": \"modulo\"");
    }
    return Status::OK();
  }
  OBKV_ASSIGN_OR_RETURN(
      field->modulo,
      fields.Integer("modulo", 2, kMaxModulo,
                     "the number of buckets, an integer between 2 and "
                     "2147483647"));
  return Status::OK();
}

Status ReadWidthAndPad(const JsonFields& fields, RowkeyField* field) {
  const bool binary = field->encoding == RowkeyEncoding::kBigEndian64 ||
                      field->encoding == RowkeyEncoding::kBigEndian32;
  if (binary && fields.Has("width")) {
    return Invalid(
        fields.PathOf("width"),
        "not allowed with a big-endian encoding (always " +
            std::string(field->encoding == RowkeyEncoding::kBigEndian64 ? "8"
                                                                        : "4") +
            " bytes)");
  }
  const bool text = field->type == RowkeyFieldType::kString;
  OBKV_ASSIGN_OR_RETURN(
      auto width,
      fields.OptionalInteger(
          "width", 1,
          text ? static_cast<int64_t>(kMaxRowKeyBytes) : kMaxDecimalWidth,
          text ? "an integer between 1 and 1024 (bytes, right-padded)"
               : "an integer between 1 and 19 (digits, zero-padded)"));
  field->width = static_cast<int>(width.value_or(0));
  if (!fields.Has("pad")) return Status::OK();
  if (!text || field->width == 0) {
    return Invalid(fields.PathOf("pad"),
                   "only allowed on a string field with a width");
  }
  OBKV_ASSIGN_OR_RETURN(std::string pad_text, fields.String("pad"));
  OBKV_ASSIGN_OR_RETURN(std::string pad,
                        FromStringBinary(pad_text, fields.PathOf("pad")));
  if (pad.size() != 1) {
    return Invalid(fields.PathOf("pad"),
                   "must be exactly one byte, got \"" + pad_text + "\"");
  }
  field->pad = pad[0];
  return Status::OK();
}

Result<RowkeyField> ParseField(const nlohmann::json& value,
                               const std::string& path) {
  JsonFields fields(value, path);
  OBKV_RETURN_IF_ERROR(fields.CheckObject());
  OBKV_RETURN_IF_ERROR(
      fields.CheckKnown({"name", "from", "type", "transform", "modulo",
                         "encoding", "width", "pad"}));
  RowkeyField field;
  OBKV_ASSIGN_OR_RETURN(field.name, fields.String("name"));
  OBKV_RETURN_IF_ERROR(ValidateIdentifier(field.name, fields.PathOf("name")));
  OBKV_ASSIGN_OR_RETURN(auto from, fields.OptionalString("from"));
  field.source = from.value_or(field.name);
  if (from) {
    OBKV_RETURN_IF_ERROR(ValidateIdentifier(*from, fields.PathOf("from")));
  }
  OBKV_ASSIGN_OR_RETURN(field.type, ReadType(fields));
  OBKV_ASSIGN_OR_RETURN(field.transform, ReadTransform(fields, field.type));
  OBKV_RETURN_IF_ERROR(ReadModulo(fields, &field));
  OBKV_ASSIGN_OR_RETURN(field.encoding, ReadEncoding(fields, field.type));
  OBKV_RETURN_IF_ERROR(ReadWidthAndPad(fields, &field));
  return field;
}

Status ReadFields(const JsonFields& fields, RowkeySpec* spec) {
  const std::string path = fields.PathOf("fields");
  const nlohmann::json* list = fields.Get("fields");
  if (list == nullptr) {
    return Invalid(path, "required (an array of 1 to 32 fields)");
  }
  if (!list->is_array() || list->empty() ||
      list->size() > static_cast<size_t>(kMaxRowkeyFields)) {
    return Invalid(path, "must be an array of 1 to 32 fields, got " +
                             JsonForMessage(*list));
  }
  std::set<std::string> names;
  for (size_t i = 0; i < list->size(); ++i) {
    const std::string item = IndexPath(path, i);
    OBKV_ASSIGN_OR_RETURN(RowkeyField field, ParseField((*list)[i], item));
    if (!names.insert(field.name).second) {
      return Invalid(item + ".name", "duplicate field '" + field.name + "'");
    }
    spec->fields.push_back(std::move(field));
  }
  return Status::OK();
}

Status ReadSaltFields(const JsonFields& fields, RowkeySpec* spec) {
  const nlohmann::json* list = fields.Get("fields");
  if (list == nullptr) return Status::OK();
  const std::string path = fields.PathOf("fields");
  if (!list->is_array() || list->empty()) {
    return Invalid(path,
                   "must be a non-empty array of rowkey field names, "
                   "got " +
                       JsonForMessage(*list));
  }
  std::set<std::string> seen;
  for (size_t i = 0; i < list->size(); ++i) {
    const std::string item = IndexPath(path, i);
    const nlohmann::json& v = (*list)[i];
    if (!v.is_string()) {
      return Invalid(item, "must be a field name, got " + JsonForMessage(v));
    }
    const std::string name = v.get<std::string>();
    bool known = false;
    for (const RowkeyField& f : spec->fields) known = known || f.name == name;
    if (!known) return Invalid(item, "no rowkey field '" + name + "'");
    if (!seen.insert(name).second) {
      return Invalid(item, "duplicate field '" + name + "'");
    }
    spec->salt.fields.push_back(name);
  }
  return Status::OK();
}

Status ReadSalt(const nlohmann::json& value, const std::string& path,
                RowkeySpec* spec) {
  JsonFields fields(value, path);
  OBKV_RETURN_IF_ERROR(fields.CheckObject());
  OBKV_RETURN_IF_ERROR(
      fields.CheckKnown({"hash", "chars", "buckets", "fields"}));
  OBKV_ASSIGN_OR_RETURN(std::string hash, fields.String("hash"));
  if (hash == "md5") {
    spec->salt.hash = SaltHash::kMd5;
    if (fields.Has("buckets")) {
      return Invalid(fields.PathOf("buckets"),
                     "only allowed with \"hash\": \"murmur3\" (md5 salts "
                     "take \"chars\")");
    }
    OBKV_ASSIGN_OR_RETURN(
        int64_t chars,
        fields.Integer("chars", 1, 32,
                       "an integer between 1 and 32 (hex chars of MD5)"));
    spec->salt.md5_chars = static_cast<int>(chars);
  } else if (hash == "murmur3") {
    spec->salt.hash = SaltHash::kMurmur3;
    if (fields.Has("chars")) {
      return Invalid(fields.PathOf("chars"),
                     "only allowed with \"hash\": \"md5\" (murmur3 salts take "
                     "\"buckets\")");
    }
    OBKV_ASSIGN_OR_RETURN(int64_t buckets,
                          fields.Integer("buckets", 2, kMaxSaltBuckets,
                                         "an integer between 2 and 65536"));
    spec->salt.buckets = static_cast<int>(buckets);
  } else {
    return Invalid(fields.PathOf("hash"),
                   "must be \"md5\" or \"murmur3\", got \"" + hash + "\"");
  }
  return ReadSaltFields(fields, spec);
}

// True when the field's encoded width can vary from key to key.
bool VariableWidth(const RowkeyField& f) {
  if (f.width > 0) return false;
  if (f.encoding == RowkeyEncoding::kBigEndian64 ||
      f.encoding == RowkeyEncoding::kBigEndian32) {
    return false;
  }
  if (f.transform == RowkeyTransform::kReverseTimestamp) return false;
  if (f.transform == RowkeyTransform::kModulo) return f.modulo > 10;
  return true;
}

// Seed 004: "1" < "10" < "100" < "2" when numbers are not padded.
void AdviseUnpaddedNumbers(const RowkeySpec& spec, const std::string& path,
                           std::vector<std::string>* warnings) {
  for (size_t i = 0; i < spec.fields.size(); ++i) {
    const RowkeyField& f = spec.fields[i];
    if (f.type != RowkeyFieldType::kInt || !VariableWidth(f)) continue;
    warnings->push_back(
        IndexPath(path + ".fields", i) +
        ".width: unpadded decimal numbers sort \"10\" before \"9\"; set a "
        "width (seed 004: pad numbers to a fixed width)");
  }
}

// Seed 000: without padding or a delimiter a scan for host1 returns host12.
void AdviseFieldBoundaries(const RowkeySpec& spec, const std::string& path,
                           std::vector<std::string>* warnings) {
  if (!spec.delimiter.empty()) return;
  for (size_t i = 0; i + 1 < spec.fields.size(); ++i) {
    if (!VariableWidth(spec.fields[i])) continue;
    warnings->push_back(
        IndexPath(path + ".fields", i) +
        ": variable width and no delimiter, so a scan for host1 also returns "
        "host12...; set a width or a delimiter (seed 000: fixed-length "
        "padding or a delimiter makes field boundaries unambiguous)");
  }
}

}  // namespace

Result<RowkeySpec> ParseRowkeySpec(const nlohmann::json& value,
                                   const std::string& path,
                                   std::vector<std::string>* warnings) {
  JsonFields fields(value, path);
  OBKV_RETURN_IF_ERROR(fields.CheckObject());
  OBKV_RETURN_IF_ERROR(fields.CheckKnown({"fields", "delimiter", "salt"}));
  RowkeySpec spec;
  OBKV_ASSIGN_OR_RETURN(auto delimiter, fields.OptionalString("delimiter"));
  if (delimiter) {
    OBKV_ASSIGN_OR_RETURN(
        spec.delimiter,
        FromStringBinary(*delimiter, fields.PathOf("delimiter")));
    if (spec.delimiter.size() > kMaxDelimiterBytes) {
      return Invalid(
          fields.PathOf("delimiter"),
          std::to_string(spec.delimiter.size()) + " bytes, limit 16");
    }
  }
  OBKV_RETURN_IF_ERROR(ReadFields(fields, &spec));
  if (const nlohmann::json* salt = fields.Get("salt")) {
    OBKV_RETURN_IF_ERROR(ReadSalt(*salt, fields.PathOf("salt"), &spec));
  }
  AdviseUnpaddedNumbers(spec, path, warnings);
  AdviseFieldBoundaries(spec, path, warnings);
  return spec;
}

}  // namespace obkvlite
