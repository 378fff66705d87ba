// Copyright (c) obkvlite authors.
//
// FamilyRead: what a planned read (hbase/read/read_plan.h) reads of one
// family: the qualifiers, the effective time range, the versions cap and
// the partitions. Below the read path, so that request counting
// (hbase/stats/) can name a read without depending on it.
//
// Thread safety: a value; used by one reader at a time.

#ifndef OBKVLITE_HBASE_FAMILY_READ_H_
#define OBKVLITE_HBASE_FAMILY_READ_H_

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "hbase/table_schema.h"
#include "obkvlite/query.h"

namespace obkvlite {

struct FamilyRead {
  const FamilyInfo* family = nullptr;
  bool all_qualifiers = true;
  std::vector<std::string> qualifiers;  // sorted, distinct; when !all
  TimeRange times;                      // request ∩ TimeToLive
  // The request's range is all of time (HBase's allTime), so it holds
  // Long.MAX_VALUE even where TimeToLive raised `times.min_ms`.
  bool through_max = true;
  int max_versions = 1;         // request, capped by MaxVersions
  std::vector<int> partitions;  // ascending, pruned (the router's)
  std::vector<int> tables;  // the partitions to open: one per physical table

  // Inline: asked once per cell read.
  bool Wants(std::string_view qualifier) const {
    return all_qualifiers ||
           std::binary_search(qualifiers.begin(), qualifiers.end(), qualifier);
  }
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FAMILY_READ_H_
