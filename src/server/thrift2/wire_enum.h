// Copyright (c) obkvlite authors.
//
// WireEnum: the number a Thrift enum field holds as the client sent it.
//
// Thrift's generated reader stores any i32 the client sent in an enum
// field, including numbers no enumerator has (a newer client, or bytes
// that are no HBase client at all). Reading such a field as its enum type
// is undefined behaviour (the sanitizers report it), so every check of a
// client's enum reads the field's bytes through WireEnum and compares
// numbers.
//
// Thread safety: a pure function.

#ifndef OBKVLITE_SERVER_THRIFT2_WIRE_ENUM_H_
#define OBKVLITE_SERVER_THRIFT2_WIRE_ENUM_H_

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace obkvlite {
namespace server {

// The i32 a client sent in `field`, an enum member of a generated struct.
template <typename Enum>
int32_t WireEnum(const Enum& field) {
  static_assert(std::is_enum<Enum>::value, "WireEnum reads enum fields");
  static_assert(sizeof(Enum) == sizeof(int32_t),
                "Thrift's generated enums hold an i32");
  int32_t value;
  std::memcpy(&value, &field, sizeof(value));
  return value;
}

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT2_WIRE_ENUM_H_
