// Copyright (c) obkvlite authors.
//
// The column rules every surface shares (the Thrift and REST gateways, the
// CLI and the shell), each written once:
//   - "family:qualifier" splits at the first ':'; the family is what comes
//     before it, the qualifier everything after (more ':' included). A
//     text without ':' is a family alone. What a surface accepts beyond
//     that (an empty family, "f" or "f:" for a whole family, escapes) and
//     how it words a refusal stays the surface's own;
//   - a column's family must be one of the table's (CheckFamily);
//   - a projection is the whole families and the single columns a Get or
//     Scan names (AddToProjection);
//   - a call's row, qualifiers and values keep obkvlite/spec.h's limits,
//     checked before the library so the error names the call's own field
//     (CheckRowKey, CheckQualifierSize, CheckValueSize).
// Each error carries the Status::SubCode the obkv profile words as
// OBKV-HBase (CompatWording, obkvlite/compat.h).
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_COMMON_COLUMN_RULES_H_
#define OBKVLITE_SERVER_COMMON_COLUMN_RULES_H_

#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/query.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace server {

// "family:qualifier" split at the first ':', as views into the text.
struct ColumnParts {
  std::string_view family;
  std::string_view qualifier;  // empty without ':'
  bool has_colon = false;
};

// The one "family:qualifier" parser.
ColumnParts SplitColumnName(std::string_view text);

// A gateway's column: a whole family, or family:qualifier.
struct ColumnName {
  std::string family;
  std::string qualifier;
  bool whole_family = false;
};

// NotFound "table 't' has no column family 'f'" unless `spec` has family
// `family` (the gateways answer it as HBase's NoSuchColumnFamilyException).
[[nodiscard]] Status CheckFamily(const TableSpec& spec,
                                 std::string_view family);

// InvalidArgument "<field>: must not be empty", or "<field>: N bytes,
// limit 1024" past kMaxRowKeyBytes.
[[nodiscard]] Status CheckRowKey(std::string_view row,
                                 const std::string& field);
// InvalidArgument "<field>: N bytes, limit 256" past kMaxQualifierBytes.
[[nodiscard]] Status CheckQualifierSize(std::string_view qualifier,
                                        const std::string& field);
// InvalidArgument "<field>: N bytes, limit L" past the ValueLimit() of
// `spec`'s family `family`. REQUIRED: CheckFamily(spec, family) is OK.
[[nodiscard]] Status CheckValueSize(const TableSpec& spec,
                                    std::string_view family,
                                    std::string_view value,
                                    const std::string& field);

// Checks `column`'s family (CheckFamily) and adds it to a Get's or Scan's
// projection: a whole family once to `families`, else a Column to
// `columns`.
[[nodiscard]] Status AddToProjection(const TableSpec& spec, ColumnName column,
                                     std::vector<std::string>* families,
                                     std::vector<Column>* columns);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_COLUMN_RULES_H_
