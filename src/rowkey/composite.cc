// Copyright (c) obkvlite authors.
//
// Composite keys (seed 000): [salt][delimiter] field1 [delimiter] field2 ...
// Fields are fixed-width (rpad) or separated by a delimiter, so a scan for
// host1 does not also return host12.

#include <set>

#include "obkvlite/bytes.h"
#include "obkvlite/rowkey.h"
#include "obkvlite/spec.h"
#include "rowkey/rowkey_internal.h"

namespace obkvlite {
namespace {

Status CheckValueNames(const RowkeySpec& spec, const RowkeyValues& values) {
  std::set<std::string, std::less<>> sources;
  for (const RowkeyField& f : spec.fields) sources.insert(f.source);
  for (const auto& [name, value] : values) {
    if (sources.count(name) != 0) continue;
    std::string list;
    for (const std::string& s : sources) list += (list.empty() ? "" : ", ") + s;
    return Status::InvalidArgument(
        name + ": not a rowkey value (values: " + list + ")");
  }
  for (const std::string& s : sources) {
    if (values.find(s) == values.end()) {
      return Status::InvalidArgument(s + ": required by the rowkey");
    }
  }
  return Status::OK();
}

std::string Join(const std::vector<std::string>& parts,
                 std::string_view delimiter) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += delimiter;
    out += parts[i];
  }
  return out;
}

// The values of the listed fields, as given, in the order listed (seed
// 000's md5(user_id), seed 004's md5Hex(userId + "_" + timestamp)).
std::vector<std::string> SaltValues(const RowkeySpec& spec,
                                    const RowkeyValues& values) {
  std::vector<std::string> out;
  for (const std::string& name : spec.salt.fields) {
    for (const RowkeyField& f : spec.fields) {
      if (f.name == name) out.push_back(values.find(f.source)->second);
    }
  }
  return out;
}

}  // namespace

Result<std::string> BuildRowkey(const RowkeySpec& spec,
                                const RowkeyValues& values) {
  OBKV_RETURN_IF_ERROR(CheckValueNames(spec, values));
  std::vector<std::string> parts;
  parts.reserve(spec.fields.size());
  for (const RowkeyField& field : spec.fields) {
    OBKV_ASSIGN_OR_RETURN(
        std::string part,
        rowkey_internal::EncodeField(field, values.find(field.source)->second));
    parts.push_back(std::move(part));
  }
  std::string key = Join(parts, spec.delimiter);
  if (spec.salted()) {
    const std::string input =
        spec.salt.fields.empty()
            ? key
            : Join(SaltValues(spec, values), spec.delimiter);
    OBKV_ASSIGN_OR_RETURN(std::string salt, ComputeSalt(spec.salt, input));
    key = salt + spec.delimiter + key;
  }
  if (key.empty()) {
    return Status::InvalidArgument(
        "rowkey: empty (HBase row keys need at "
        "least one byte)");
  }
  if (key.size() > kMaxRowKeyBytes) {
    return Status::InvalidArgument(
        "rowkey: " + std::to_string(key.size()) +
        " bytes, limit 1024 (K is varbinary(1024)): '" +
        ToStringBinary(key.substr(0, 40)) + "...'");
  }
  return key;
}

}  // namespace obkvlite
