// Copyright (c) obkvlite authors.
#include "hbase/compat/compat_gate.h"

#include "obkvlite/compat.h"

namespace obkvlite {
namespace compat {

Status Gate::Admit(const std::string& table, const char* operation,
                   const Hits& hits) const {
  if (profile_ != CompatProfile::kObkv) return Status::OK();
  for (const Rule* rule : hits) {
    if (rule->kind == Rule::Kind::kRefusal) {
      return Refusal(*rule, table, operation);
    }
  }
  return Status::OK();
}

Status Gate::Reword(const std::string& table, const char* operation,
                    const Status& status) const {
  return CompatWording(profile_, table, operation, status);
}

void Gate::Note(const std::string& table, const char* operation,
                const Hits& hits) const {
  if (profile_ != CompatProfile::kHBase || hits.empty()) return;
  const int64_t now = now_ms_();
  for (const Rule* rule : hits) {
    findings_->Record(table, operation, CurrentCompatSurface(), rule->id, now);
  }
}

Status Gate::Check(const std::string& table, const std::string& operation,
                   const std::string& rule_id) const {
  const Rule* rule = FindRule(rule_id);
  if (rule == nullptr) {
    return Status::InvalidArgument("rule: no compatibility rule '" + rule_id +
                                   "' (doc/obkv-compat.md)");
  }
  if (admin_ddl_ && rule_id == "C-46") return Status::OK();
  const Hits hits = {rule};
  OBKV_RETURN_IF_ERROR(Admit(table, operation.c_str(), hits));
  Note(table, operation.c_str(), hits);
  return Status::OK();
}

}  // namespace compat
}  // namespace obkvlite
