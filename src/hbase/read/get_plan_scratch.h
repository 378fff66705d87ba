// Copyright (c) obkvlite authors.
//
// GetPlanScratch: the calling thread's scratch plan for one Get, whose
// memory is reused from one Get to the next. A Get of the shape of the
// thread's previous one (the same schema, no projection and no filter, the
// same versions, time range and timestamp) is re-planned for its row only
// (ReplanGetRow): its families, caps and times are the previous plan's.
// Any other Get is planned whole (PlanGetInto).
//
// A Get that starts while another one on the thread holds the scratch
// (none does today) plans into its own plan, and reuses nothing. The
// scratch keeps no schema or filter after its Get; it remembers the
// schema by a weak reference, which keeps no schema alive (only the block
// make_shared allocated it in, until the thread's next Get of another
// schema).
//
// Thread safety: an object is used by the thread that made it, during one
// Get.

#ifndef OBKVLITE_HBASE_READ_GET_PLAN_SCRATCH_H_
#define OBKVLITE_HBASE_READ_GET_PLAN_SCRATCH_H_

#include <cstdint>
#include <memory>
#include <optional>

#include "hbase/read/read_plan.h"
#include "hbase/table_schema.h"
#include "obkvlite/query.h"
#include "obkvlite/status.h"

namespace obkvlite {

class GetPlanScratch {
 public:
  GetPlanScratch();
  ~GetPlanScratch();
  GetPlanScratch(const GetPlanScratch&) = delete;
  GetPlanScratch& operator=(const GetPlanScratch&) = delete;

  // Plans `get` on `schema` at `now_ms` into plan(), as PlanGetInto does.
  // On error plan() is unspecified, and the next Get is planned whole.
  [[nodiscard]] Status Plan(std::shared_ptr<const TableSchema> schema,
                            const Get& get, int64_t now_ms,
                            const FilterOptions& filters = FilterOptions());

  // The plan; valid until this object is destroyed.
  ReadPlan* plan() { return plan_; }

  // Whether the last Plan re-planned the previous Get's plan (for tests).
  bool reused() const { return reused_; }

 private:
  // What a Get of the thread's previous plan asked for, beyond its row.
  struct Shape {
    // The schema's address and owner: together they name one schema
    // without keeping it alive. The weak reference keeps the owner's
    // control block, so no other schema has that owner while remembered,
    // even one made where a freed one was; the address tells apart
    // pointers that share an owner.
    const TableSchema* schema = nullptr;
    std::weak_ptr<const TableSchema> owner;
    int max_versions = 0;
    TimeRange time_range;
    std::optional<int64_t> timestamp;
  };

  // Whether a Get like `get` may be re-planned for its row: it has no
  // projection and no filter.
  static bool Replannable(const Get& get);
  // Whether `shape` remembers `schema`.
  static bool SameSchema(const Shape& shape,
                         const std::shared_ptr<const TableSchema>& schema);
  // Whether `get` on `schema` has the shape of the remembered one.
  bool SameShape(const std::shared_ptr<const TableSchema>& schema,
                 const Get& get) const;
  // Remembers `get` on `schema` as the shape of the plan.
  void Remember(const std::shared_ptr<const TableSchema>& schema,
                const Get& get);

  // The thread's scratch: one thread_local, looked up once per Get.
  struct Thread {
    ReadPlan plan;
    std::optional<Shape> shape;  // of `plan`'s last Get
    bool in_use = false;
  };
  static Thread* ThisThread();

  Thread* const thread_;
  ReadPlan own_;
  ReadPlan* const plan_;
  bool reused_ = false;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_GET_PLAN_SCRATCH_H_
