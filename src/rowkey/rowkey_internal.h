// Copyright (c) obkvlite authors.
//
// Internal: encoding one field of a RowkeySpec, shared by the key builder
// and the scan planner (which encodes every bucket of a leading modulo
// field).
//
// Thread safety: pure functions, safe from any thread.

#ifndef OBKVLITE_ROWKEY_ROWKEY_INTERNAL_H_
#define OBKVLITE_ROWKEY_ROWKEY_INTERNAL_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "obkvlite/rowkey_spec.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace rowkey_internal {

// The name errors use for a field: "ts", or "bucket (from ts)".
std::string FieldLabel(const RowkeyField& field);

// Parses the decimal text of an int field's value: digits only, at most
// 2^63-1. Errors name `label`.
Result<int64_t> ParseIntValue(std::string_view text, std::string_view label);

// Applies an int field's transform and encoding to `value`.
Result<std::string> EncodeIntField(const RowkeyField& field, int64_t value);

// Encodes `value` (raw bytes for a string field, decimal text for an int
// field) as the field's part of the key.
Result<std::string> EncodeField(const RowkeyField& field,
                                std::string_view value);

}  // namespace rowkey_internal
}  // namespace obkvlite

#endif  // OBKVLITE_ROWKEY_ROWKEY_INTERNAL_H_
