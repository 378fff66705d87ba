// Copyright (c) obkvlite authors.
//
// Gate: a store's compatibility profile at work (obkvlite/compat.h). Every
// table operation (hbase/table/live_table.h) and every surface-only operation
// (Store::CompatCheck) passes it:
//   - Admit() before the operation: under the obkv profile, the refusal of
//     the first refusal rule hit (compat_rules.h); else OK;
//   - Note() after it succeeded: under the hbase profile, one finding per
//     rule hit, in the store's FindingsCollector, naming this thread's
//     surface (compat_surface.h).
// The obkv profile records nothing: what it does not refuse, it answers as
// OBKV does.
//
// REQUIRED: `findings` outlives the gate.
// Thread safety: safe from any thread.

#ifndef OBKVLITE_HBASE_COMPAT_COMPAT_GATE_H_
#define OBKVLITE_HBASE_COMPAT_COMPAT_GATE_H_

#include <cstdint>
#include <functional>
#include <string>

#include "hbase/compat/compat_checks.h"
#include "hbase/compat/compat_findings.h"
#include "obkvlite/compat.h"
#include "obkvlite/filter.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace compat {

class Gate {
 public:
  // `admin_ddl`: StoreOptions::obkv_admin_ddl; when set, rule C-46 (admin
  // DDL behind the switch) is neither refused nor recorded.
  Gate(CompatProfile profile, bool admin_ddl, FindingsCollector* findings,
       std::function<int64_t()> now_ms)
      : profile_(profile),
        admin_ddl_(admin_ddl),
        findings_(findings),
        now_ms_(std::move(now_ms)) {}

  CompatProfile profile() const { return profile_; }

  Status Admit(const std::string& table, const char* operation,
               const Hits& hits) const;
  void Note(const std::string& table, const char* operation,
            const Hits& hits) const;

  // `status`, an operation's error, in the profile's words
  // (CompatWording, obkvlite/compat.h).
  Status Reword(const std::string& table, const char* operation,
                const Status& status) const;

  // Admit and Note at once, for an operation a surface judges by rule id:
  // the refusal under the obkv profile, else a finding and OK.
  // InvalidArgument for an id compat_rules.h does not hold.
  Status Check(const std::string& table, const std::string& operation,
               const std::string& rule_id) const;

 private:
  const CompatProfile profile_;
  const bool admin_ddl_;
  FindingsCollector* const findings_;
  const std::function<int64_t()> now_ms_;
};

// How a table's filters judge cells under `gate`'s profile (C-29); HBase's
// way for a table without a gate (null).
inline FilterOptions FilterOptionsOf(const Gate* gate) {
  FilterOptions options;
  if (gate != nullptr) options.compat = gate->profile();
  return options;
}

}  // namespace compat
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_COMPAT_COMPAT_GATE_H_
