// Copyright (c) obkvlite authors.
#include "hbase/compat/compat_rules.h"

#include <algorithm>

#include "obkvlite/compat.h"

namespace obkvlite {
namespace compat {
namespace {

using Kind = Rule::Kind;
using Raised = Rule::Raised;

const char kNotSupportedYet[] =
    "client: FeatureNotSupportedException \"not supported yet.\"";
const char kAdminNotSupported[] =
    "client: FeatureNotSupportedException \"does not support yet\"";

std::vector<Rule> MakeRules() {
  return {
      {"C-01", Kind::kRefusal, Raised::kClientRuntime,
       "mutateRow(RowMutations)", kNotSupportedYet},
      {"C-02", Kind::kRefusal, Raised::kClientRuntime,
       "getRowOrBefore (the 1.x client refuses it)", kNotSupportedYet},
      {"C-04", Kind::kRefusal, Raised::kClientRuntime,
       "an Increment, Append or CheckAndMutate inside a batch (a batch takes "
       "only Get, Put and Delete)",
       "client: FeatureNotSupportedException \"not supported other type in "
       "batch yet,only support get, put and delete\""},
      {"C-11", Kind::kRefusal, Raised::kClientRuntime,
       "a column family time range other than one range for the one family "
       "the request names",
       "client: FeatureNotSupportedException \"setColumnFamilyTimeRange is "
       "only supported in single column family for now\""},
      {"C-12", Kind::kRefusal, Raised::kClientRuntime,
       "an increment or append on more than one family",
       "client: FeatureNotSupportedException \"multi family is not supported "
       "yet.\""},
      {"C-13", Kind::kRefusal, Raised::kIOException,
       "a check-and-mutate whose mutations are not all in the checked family",
       "client: IllegalArgumentException \"mutation family is not equal check "
       "family\""},
      {"C-14", Kind::kDifferent, Raised::kIOException,
       "an empty check value, which OBKV compares as bytes where HBase takes "
       "it for a missing cell",
       "none: a different result"},
      {"C-17", Kind::kDifferent, Raised::kIOException,
       "a Get's per-family limit or offset (maxResultsPerColumnFamily, "
       "rowOffsetPerColumnFamily), which OBKV's client leaves out of the "
       "query",
       "none: every cell of each family"},
      {"C-21", Kind::kRefusal, Raised::kClientRuntime,
       "a family whose name is blank (only whitespace, as Java's "
       "String.isBlank)",
       "client: IllegalArgumentException \"family is blank\""},
      {"C-22", Kind::kRefusal, Raised::kIOException,
       "a cell with an empty qualifier in the results of a read naming no "
       "family or several (the 2.x client parses them as "
       "family\\0qualifier)",
       "client: RuntimeException \"Cannot get qualifier name\", in an "
       "IOException"},
      {"C-23", Kind::kRefusal, Raised::kIOException,
       "a request over more than one family with an empty qualifier in a "
       "write (the server reads it as the whole family) or a family named "
       "with a '.' (the server splits family.qualifier at the first '.')",
       "none: a wider write or delete than asked, or the wrong family"},
      {"C-25", Kind::kRefusal, Raised::kIOException,
       "the regexstring comparator",
       "server: OB_KV_FILTER_PARSE_ERROR (-10514)"},
      {"C-26", Kind::kRefusal, Raised::kIOException,
       "the regexstringnocase comparator",
       "server: OB_KV_FILTER_PARSE_ERROR (-10514)"},
      {"C-29", Kind::kDifferent, Raised::kIOException,
       "a substring comparator whose operand holds a NUL byte or a byte "
       "past ASCII, which OBKV matches as a C string folding ASCII letters "
       "only",
       "none: a different result"},
      {"C-32", Kind::kRefusal, Raised::kIOException,
       "a request without a family on a time-series table",
       "server: OB_NOT_SUPPORTED (-4007) \"timeseries hbase table with multi "
       "column family not supported\""},
      {"C-34", Kind::kRefusal, Raised::kIOException,
       "a scan with a row limit on a time-series table",
       "server: OB_NOT_SUPPORTED (-4007) \"timeseries hbase table with limit "
       "query not supported\""},
      {"C-39", Kind::kRefusal, Raised::kIOException,
       "a scan with caching (rows per round trip) on a time-series table",
       "server: OB_NOT_SUPPORTED (-4007) \"timeseries hbase table with "
       "caching query not supported\""},
      {"C-40", Kind::kRefusal, Raised::kIOException,
       "an existence check (a Get with checkExistenceOnly) on a time-series "
       "table",
       "server: OB_NOT_SUPPORTED (-4007) \"timeseries hbase table with check "
       "existence only query not supported\""},
      {"C-42", Kind::kRefusal, Raised::kIOException,
       "a batch on a time-series table that is neither puts only nor one "
       "single-cell delete",
       "server: OB_NOT_SUPPORTED (-4007) \"operation type except hbase put "
       "and single delete not supported\""},
      {"C-46", Kind::kRefusal, Raised::kIOException,
       "admin DDL while the tenant switch _enable_kv_hbase_admin_ddl is off",
       "server: OB_NOT_SUPPORTED (-4007) \"execute hbase admin ddl but "
       "_enable_kv_hbase_admin_ddl is false not supported\""},
      {"C-48", Kind::kRefusal, Raised::kClientRuntime,
       "a pre-split createTable", kAdminNotSupported},
      {"C-50", Kind::kRefusal, Raised::kClientRuntime,
       "namespace admin (on OceanBase a namespace is a database made with "
       "SQL)",
       kAdminNotSupported},
      {"C-51", Kind::kRefusal, Raised::kClientRuntime, "listing tables",
       kAdminNotSupported},
      {"C-52", Kind::kRefusal, Raised::kClientRuntime,
       "a schema change (modify, add or delete a family, truncate)",
       kAdminNotSupported},
      {"C-53", Kind::kRefusal, Raised::kClientRuntime,
       "region operations (split, merge, compact, flush, list regions)",
       kAdminNotSupported},
      {"C-54", Kind::kRefusal, Raised::kClientRuntime,
       "snapshots, cluster status and other cluster admin", kAdminNotSupported},
      {"C-55", Kind::kRefusal, Raised::kClientRuntime,
       "the pattern and async forms of table admin (drop_all, enable_all, "
       "disable_all, ...)",
       kAdminNotSupported},
      {"C-57", Kind::kWording, Raised::kIOException,
       "a data operation on a disabled table",
       "server: OB_KV_TABLE_NOT_ENABLED (-10520) \"'<table>' is not "
       "enabled\""},
      {"C-58", Kind::kWording, Raised::kIOException,
       "a row key longer than 1024 bytes",
       "server: OB_ERR_DATA_TOO_LONG (-5167) \"Data too long for column 'K' "
       "at row 0\""},
      {"C-59", Kind::kWording, Raised::kIOException,
       "a qualifier longer than 256 bytes",
       "server: OB_ERR_DATA_TOO_LONG (-5167) \"Data too long for column 'Q' "
       "at row 0\""},
      {"C-60", Kind::kWording, Raised::kIOException,
       "a value longer than the family's V column",
       "server: OB_ERR_DATA_TOO_LONG (-5167) \"Data too long for column 'V' "
       "at row 0\""},
      {"C-70", Kind::kWording, Raised::kIOException,
       "an increment of a cell that is not 8 bytes long",
       "server: OB_KV_HBASE_INCR_FIELD_IS_NOT_LONG (-10516) \"When invoking "
       "the Increment interface, only HBase cells with a length of 8 can be "
       "converted to int64_t.\""},
      {"C-72", Kind::kWording, Raised::kIOException,
       "a family the table does not have",
       "server: OB_TABLE_NOT_EXIST (-5019) \"Table '<db>.<table>$<family>' "
       "doesn't exist\""},
      {"C-73", Kind::kDifferent, Raised::kIOException,
       "a scan that reads more than one partition of a family partitioned "
       "other than by RANGE COLUMNS(K): OBKV's client reads them one after "
       "another, so the rows come in partition order, not row-key order",
       "none: the rows in another order"},
  };
}

}  // namespace

const std::vector<Rule>& AllRules() {
  static const std::vector<Rule>* rules = new std::vector<Rule>(MakeRules());
  return *rules;
}

const Rule* FindRule(std::string_view id) {
  const std::vector<Rule>& rules = AllRules();
  auto it = std::find_if(rules.begin(), rules.end(),
                         [&](const Rule& r) { return id == r.id; });
  return it == rules.end() ? nullptr : &*it;
}

const Rule* RuleOfSubCode(Status::SubCode subcode) {
  switch (subcode) {
    case Status::SubCode::kNone:
      return nullptr;
    case Status::SubCode::kTableDisabled:
      return FindRule("C-57");
    case Status::SubCode::kRowTooLong:
      return FindRule("C-58");
    case Status::SubCode::kQualifierTooLong:
      return FindRule("C-59");
    case Status::SubCode::kValueTooLong:
      return FindRule("C-60");
    case Status::SubCode::kNotALong:
      return FindRule("C-70");
    case Status::SubCode::kUnknownFamily:
      return FindRule("C-72");
  }
  return nullptr;
}

Status Refusal(const Rule& rule, std::string_view table,
               std::string_view operation, std::string_view detail) {
  std::string message = "OBKV-HBase refuses " + std::string(operation);
  if (!table.empty()) message += " on table '" + std::string(table) + "'";
  message += ": " + std::string(detail.empty() ? rule.what : detail) + " (" +
             rule.error + "); see doc/obkv-compat.md " + rule.id;
  return rule.raised == Rule::Raised::kIOException
             ? Status::IOError(std::move(message))
             : Status::NotSupported(std::move(message));
}

}  // namespace compat

Status CompatWording(CompatProfile profile, std::string_view table,
                     std::string_view operation, const Status& status) {
  if (profile != CompatProfile::kObkv || status.ok()) return status;
  const compat::Rule* rule = compat::RuleOfSubCode(status.subcode());
  if (rule == nullptr) return status;
  return compat::Refusal(*rule, table, operation, status.message());
}

}  // namespace obkvlite
