// Copyright (c) obkvlite authors.
//
// The optional "rowkey" section of a table spec: how a row key is composed
// from named values, following the rowkey-design seeds (000, 002, 004):
//
//   "rowkey": {
//     "delimiter": "_",
//     "salt": {"hash": "md5", "chars": 4, "fields": ["user_id"]},
//     "fields": [
//       {"name": "user_id", "width": 20, "pad": "x"},
//       {"name": "ts", "type": "int", "transform": "reverse_timestamp",
//        "width": 19}
//     ]
//   }
//
// A key is [salt][delimiter] field1 [delimiter] field2 ...; the salt is
// present only when "salt" is. Each field takes the value named `source`
// (its "from", or its own name), applies one transform, then one encoding:
//
//   type    transform          encoding            width
//   string  none | reverse     text                rpad to width with pad
//   int     none | modulo |    decimal | be64 |    decimal: zero-pad
//           reverse_timestamp  be32                 (be64/be32: fixed)
//
// This header holds only the model; ParseTableSpec fills it and
// obkvlite/rowkey.h builds keys from it.
//
// Thread safety: plain values.

#ifndef OBKVLITE_ROWKEY_SPEC_H_
#define OBKVLITE_ROWKEY_SPEC_H_

#include <cstdint>
#include <string>
#include <vector>

namespace obkvlite {

enum class RowkeyFieldType { kString, kInt };

enum class RowkeyTransform {
  kNone,
  kReverse,           // string: bytes reversed ("www.google.com" ->
                      // "moc.elgoog.www")
  kReverseTimestamp,  // int: Long.MAX_VALUE - ts
  kModulo,            // int: value % modulo (a time bucket)
};

enum class RowkeyEncoding {
  kText,         // string bytes as given
  kDecimal,      // int as decimal digits, zero-padded to width if set
  kBigEndian64,  // int as 8 bytes big-endian, as HBase Bytes.toBytes(long)
  kBigEndian32,  // int as 4 bytes big-endian, as HBase Bytes.toBytes(int)
};

enum class SaltHash {
  kNone,
  kMd5,      // the first `md5_chars` lowercase hex chars of MD5 (seed 000)
  kMurmur3,  // |MurmurHash3 x64_128 first 64 bits| % buckets, as hex
};

struct RowkeyField {
  std::string name;
  std::string source;  // the value this field takes; == name unless "from"
  RowkeyFieldType type = RowkeyFieldType::kString;
  RowkeyTransform transform = RowkeyTransform::kNone;
  int64_t modulo = 0;  // kModulo only
  RowkeyEncoding encoding = RowkeyEncoding::kText;
  // kText: right-pad to this many bytes with `pad`; kDecimal: left-pad with
  // '0'. 0: no padding. A longer value is an error when the key is built.
  int width = 0;
  char pad = '\0';  // kText padding byte
};

struct SaltSpec {
  SaltHash hash = SaltHash::kNone;
  int md5_chars = 0;  // kMd5: 1..32
  int buckets = 0;    // kMurmur3: 2..65536
  // Names of the fields whose values, as given and joined by the delimiter,
  // are hashed (seed 000's md5(user_id)); empty hashes the whole unsalted
  // key (seed 002's MD5(original_key)).
  std::vector<std::string> fields;
};

struct RowkeySpec {
  std::vector<RowkeyField> fields;  // 1..32 fields, unique names
  std::string delimiter;            // raw bytes, may be empty
  SaltSpec salt;

  bool salted() const { return salt.hash != SaltHash::kNone; }
};

}  // namespace obkvlite

#endif  // OBKVLITE_ROWKEY_SPEC_H_
