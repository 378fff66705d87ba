// Copyright (c) obkvlite authors.
//
// The "family:qualifier" text form of a column, as written in exec requests
// ("columns": ["f:q"]) and on the command line (--column f:q, put's
// FAMILY:QUALIFIER). The family is everything before the first ':' and must
// not be empty; the qualifier is the rest, in Bytes.toStringBinary form, and
// may be empty ("f:" is the empty qualifier). The split is the one
// "family:qualifier" parser of every surface (server/common/column_rules.h);
// these add the CLI's rules and messages.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_COLUMN_TEXT_H_
#define OBKVLITE_TOOLS_CLI_COLUMN_TEXT_H_

#include <string>
#include <string_view>

#include "obkvlite/query.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace cli {

// A column still in text form: the qualifier is not yet unescaped.
struct ColumnText {
  std::string family;
  std::string qualifier;  // Bytes.toStringBinary text
};

// Splits "family:qualifier". Errors name `field`, e.g.
//   columns[0]: must be "family:qualifier", got "fq"
Result<ColumnText> SplitColumnText(std::string_view text,
                                   std::string_view field);

// Splits and unescapes the qualifier (escape errors name `field`).
Result<Column> ParseColumn(std::string_view text, std::string_view field);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_COLUMN_TEXT_H_
