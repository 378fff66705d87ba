// Copyright (c) obkvlite authors.
//
// The rows of doc/obkv-compat.md that obkvlite acts on, one entry each: how
// OBKV-HBase answers (the exception or server error), what the row is about,
// and whether the obkv profile refuses it or only answers differently. The
// one place that holds their wording; the checks (compat_checks.h) and the
// surfaces name rows by id.
//
// Thread safety: constant data and pure functions.

#ifndef OBKVLITE_HBASE_COMPAT_COMPAT_RULES_H_
#define OBKVLITE_HBASE_COMPAT_COMPAT_RULES_H_

#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"

namespace obkvlite {
namespace compat {

struct Rule {
  enum class Kind {
    kRefusal,    // the obkv profile refuses it
    kDifferent,  // the obkv profile follows OBKV's different result
    // Both profiles refuse it, with different errors: the obkv profile
    // words obkvlite's error as OBKV-HBase's (RuleOfSubCode). No finding.
    kWording,
  };
  // How the refusal reaches an HBase application: a RuntimeException thrown
  // by OBKV's client (NotSupported; REST 400), or an IOException, a server
  // error or a client error OBKV wraps in one (IOError; REST 503).
  enum class Raised { kClientRuntime, kIOException };

  const char* id;  // "C-25"
  Kind kind;
  Raised raised;
  const char* what;   // "the regexstring comparator"
  const char* error;  // "server: OB_KV_FILTER_PARSE_ERROR (-10514)"
};

// The rule with `id`; null for an id the table does not hold.
const Rule* FindRule(std::string_view id);

// Every rule, in id order.
const std::vector<Rule>& AllRules();

// The kWording rule of an error's subcode (Status::SubCode); null for
// kNone and for a subcode no rule words.
const Rule* RuleOfSubCode(Status::SubCode subcode);

// The refusal of `rule` for `operation` on `table` ("" for a store-wide
// operation), as obkvlite/compat.h describes it. `detail`, when not empty,
// stands in for the rule's description: obkvlite's own error, which names
// the field and the limit.
Status Refusal(const Rule& rule, std::string_view table,
               std::string_view operation, std::string_view detail = "");

}  // namespace compat
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_COMPAT_COMPAT_RULES_H_
