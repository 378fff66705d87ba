// Copyright (c) obkvlite authors.
//
// One field of a composite key: value -> transform -> encoding -> width.

#include <limits>

#include "obkvlite/rowkey.h"
#include "rowkey/rowkey_internal.h"

namespace obkvlite {
namespace rowkey_internal {

std::string FieldLabel(const RowkeyField& field) {
  if (field.source == field.name) return field.name;
  return field.name + " (from " + field.source + ")";
}

Result<int64_t> ParseIntValue(std::string_view text, std::string_view label) {
  auto fail = [&]() {
    return Status::InvalidArgument(std::string(label) +
                                   ": must be a non-negative integer, got \"" +
                                   std::string(text) + "\"");
  };
  if (text.empty() || text.size() > 19) return fail();
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return fail();
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    return fail();
  }
  return static_cast<int64_t>(v);
}

Result<std::string> EncodeIntField(const RowkeyField& field, int64_t value) {
  const std::string label = FieldLabel(field);
  switch (field.transform) {
    case RowkeyTransform::kReverseTimestamp: {
      OBKV_ASSIGN_OR_RETURN(value, ReverseTimestamp(value, label));
      break;
    }
    case RowkeyTransform::kModulo: {
      OBKV_ASSIGN_OR_RETURN(value, ModuloBucket(value, field.modulo, label));
      break;
    }
    case RowkeyTransform::kNone:
    case RowkeyTransform::kReverse:
      break;
  }
  switch (field.encoding) {
    case RowkeyEncoding::kBigEndian64:
      return EncodeBigEndian64(value);
    case RowkeyEncoding::kBigEndian32:
      if (value > std::numeric_limits<int32_t>::max()) {
        return Status::InvalidArgument(
            label + ": " + std::to_string(value) +
            " does not fit be32 (at most 2147483647)");
      }
      return EncodeBigEndian32(static_cast<int32_t>(value));
    case RowkeyEncoding::kDecimal:
    case RowkeyEncoding::kText:
      break;
  }
  return EncodeDecimal(value, field.width, label);
}

Result<std::string> EncodeField(const RowkeyField& field,
                                std::string_view value) {
  if (field.type == RowkeyFieldType::kInt) {
    OBKV_ASSIGN_OR_RETURN(int64_t v, ParseIntValue(value, FieldLabel(field)));
    return EncodeIntField(field, v);
  }
  std::string part = field.transform == RowkeyTransform::kReverse
                         ? ReverseBytes(value)
                         : std::string(value);
  if (field.width == 0) return part;
  return RightPad(part, field.width, field.pad, FieldLabel(field));
}

}  // namespace rowkey_internal
}  // namespace obkvlite
