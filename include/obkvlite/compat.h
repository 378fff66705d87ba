// Copyright (c) obkvlite authors.
//
// Compatibility profiles (DESIGN §9, doc/obkv-compat.md): "passes here,
// passes on OceanBase".
//
//   kHBase (the default)  Apache HBase's behaviour. Each operation that
//                         OBKV-HBase would refuse, or answer differently, is
//                         recorded as a finding: table, operation, surface,
//                         the reference row, count, first and last seen.
//   kObkv                 What OBKV-HBase refuses is refused, through every
//                         surface (library, exec, shell, Thrift, REST), and
//                         nothing is written. The error names OBKV-HBase,
//                         the operation, OBKV's error and the reference row:
//                           OBKV-HBase refuses scan on table 't': the
//                           regexstring comparator (server:
//                           OB_KV_FILTER_PARSE_ERROR (-10514)); see
//                           doc/obkv-compat.md C-25
//                         A refusal OBKV raises on the server, or wraps in
//                         an IOException, is an IOError; one its client
//                         throws as a RuntimeException is NotSupported. So
//                         Thrift answers IOError and REST 503 or 400, as
//                         HBase's own gateways answer those exceptions.
//
// The profile is a property of the process (StoreOptions::compat, the
// CLI's --compat), never stored in the store. Findings are: every process's
// findings on a store add up in its table "obkv_compat", written with the
// request statistics (StoreOptions::request_stats_flush_ms, and at close);
// a read-only store keeps its findings in memory.
//
// Thread safety: plain values and pure functions.

#ifndef OBKVLITE_COMPAT_H_
#define OBKVLITE_COMPAT_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"

namespace obkvlite {

enum class CompatProfile { kHBase, kObkv };

// "hbase" or "obkv".
const char* CompatProfileName(CompatProfile profile);

// "hbase" or "obkv"; InvalidArgument naming "compat" for anything else.
Result<CompatProfile> ParseCompatProfile(std::string_view text);

// An error both profiles make, in `profile`'s words. Under kObkv, a status
// whose Status::SubCode names such a row of doc/obkv-compat.md (C-57 a
// disabled table, C-58 to C-60 a row, qualifier or value too long, C-70
// an increment of no long, C-72 an unknown family) becomes the IOError
//   OBKV-HBase refuses put on table 't': row: 1025 bytes, limit 1024
//   (server: OB_ERR_DATA_TOO_LONG (-5167) "Data too long for column 'K'
//   at row 0"); see doc/obkv-compat.md C-58
// with no subcode. Any other status, and any under kHBase, is returned
// unchanged. The library words its own errors so; a surface that checks
// such input itself, before the library, words its error with this.
Status CompatWording(CompatProfile profile, std::string_view table,
                     std::string_view operation, const Status& status);

// Name of the store's table of findings. No '$', so it never collides with
// a "table$family" relation.
inline constexpr std::string_view kCompatTable = "obkv_compat";

// One finding: operations of one kind that the obkv profile would refuse or
// answer differently, with how often and when they were seen.
struct CompatFinding {
  std::string table;      // "" for a store-wide operation (list tables)
  std::string operation;  // "scan", "batch", "createTable", ...
  std::string surface;    // "library", "shell", "thrift", "thrift2", ...
  std::string rule;       // the reference row: "C-25"
  int64_t count = 0;
  int64_t first_seen_ms = 0;  // by the store's clock
  int64_t last_seen_ms = 0;
};

// The surface this thread's operations come through, named in findings:
// the innermost ScopedCompatSurface's, else "library". obkv's own surfaces
// are "cli", "exec", "shell", "thrift", "thrift2" and "rest".
const char* CurrentCompatSurface();

// Names this thread's surface while alive, then restores the previous one:
// an application that serves several kinds of clients wraps each request.
// REQUIRED: `name` outlives the scope (a string literal).
// Thread safety: affects the calling thread only.
class ScopedCompatSurface {
 public:
  explicit ScopedCompatSurface(const char* name);
  ~ScopedCompatSurface();
  ScopedCompatSurface(const ScopedCompatSurface&) = delete;
  ScopedCompatSurface& operator=(const ScopedCompatSurface&) = delete;

 private:
  const char* previous_;
};

// The findings of one (table, operation, rule), over every surface.
struct CompatReportLine {
  std::string table;
  std::string operation;
  std::string rule;    // "C-25"
  std::string reason;  // what the row is about: "the regexstring comparator"
  std::string obkv_error;  // how OBKV-HBase answers it
  int64_t count = 0;
  std::map<std::string, int64_t> surfaces;  // surface -> count
  int64_t first_seen_ms = 0;
  int64_t last_seen_ms = 0;
};

// `findings` merged per (table, operation, rule), in that order.
std::vector<CompatReportLine> SummarizeCompatFindings(
    const std::vector<CompatFinding>& findings);

// The surfaces of `line` with their counts: "rest 1, thrift 2".
std::string CompatSurfaceCounts(const CompatReportLine& line);

}  // namespace obkvlite

#endif  // OBKVLITE_COMPAT_H_
