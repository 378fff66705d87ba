// Copyright (c) obkvlite authors.
#include "hbase/read/get_plan_scratch.h"

#include <utility>

namespace obkvlite {

GetPlanScratch::Thread* GetPlanScratch::ThisThread() {
  static thread_local Thread thread;
  return &thread;
}

GetPlanScratch::GetPlanScratch()
    : thread_(ThisThread()), plan_(thread_->in_use ? &own_ : &thread_->plan) {
  if (plan_ == &thread_->plan) thread_->in_use = true;
}

GetPlanScratch::~GetPlanScratch() {
  plan_->schema.reset();
  plan_->filter.reset();
  if (plan_ == &thread_->plan) thread_->in_use = false;
}

bool GetPlanScratch::Replannable(const Get& get) {
  return get.families.empty() && get.columns.empty() && get.filter.empty();
}

bool GetPlanScratch::SameSchema(
    const Shape& shape, const std::shared_ptr<const TableSchema>& schema) {
  // Owner-based equality reads no reference count.
  return shape.schema == schema.get() && !shape.owner.owner_before(schema) &&
         !schema.owner_before(shape.owner);
}

bool GetPlanScratch::SameShape(const std::shared_ptr<const TableSchema>& schema,
                               const Get& get) const {
  if (plan_ != &thread_->plan || !thread_->shape.has_value()) return false;
  const Shape& s = *thread_->shape;
  return Replannable(get) && SameSchema(s, schema) &&
         get.max_versions == s.max_versions &&
         get.time_range.min_ms == s.time_range.min_ms &&
         get.time_range.max_ms == s.time_range.max_ms &&
         get.timestamp == s.timestamp;
}

void GetPlanScratch::Remember(const std::shared_ptr<const TableSchema>& schema,
                              const Get& get) {
  if (plan_ != &thread_->plan) return;
  std::optional<Shape>& shape = thread_->shape;
  if (!Replannable(get)) {
    shape.reset();
    return;
  }
  if (!shape.has_value() || !SameSchema(*shape, schema)) {
    // Shape{} rather than emplace(): clang decides whether a nested class
    // with member initializers is default-constructible while its
    // enclosing class is incomplete (Thread's std::optional<Shape>), and
    // keeps the answer, no, for the whole unity batch.
    shape = Shape{};
    shape->schema = schema.get();
    shape->owner = schema;
  }
  shape->max_versions = get.max_versions;
  shape->time_range = get.time_range;
  shape->timestamp = get.timestamp;
}

Status GetPlanScratch::Plan(std::shared_ptr<const TableSchema> schema,
                            const Get& get, int64_t now_ms,
                            const FilterOptions& filters) {
  reused_ = SameShape(schema, get);
  Status st;
  if (reused_) {
    plan_->schema = std::move(schema);
    st = ReplanGetRow(get, now_ms, plan_);
  } else {
    st = PlanGetInto(schema, get, now_ms, plan_, filters);
    if (st.ok()) Remember(schema, get);
  }
  if (!st.ok() && plan_ == &thread_->plan) thread_->shape.reset();
  return st;
}

}  // namespace obkvlite
