// Copyright (c) obkvlite authors.
#include "hbase/compat/compat_checks.h"

#include <algorithm>
#include <set>
#include <string>

#include "hbase/filter/comparators_in.h"

namespace obkvlite {
namespace compat {
namespace {

void Hit(const char* id, Hits* hits) {
  const Rule* rule = FindRule(id);
  if (rule != nullptr &&
      std::find(hits->begin(), hits->end(), rule) == hits->end()) {
    hits->push_back(rule);
  }
}

bool Timeseries(const TableSpec& spec) {
  return spec.layout == Layout::kTimeseries;
}

// C-25, C-26: OBKV's filter parser builds no regular-expression comparator.
void CheckFilter(const std::string& filter, Hits* hits) {
  if (filter.empty()) return;
  for (const std::string& type : filter::ComparatorTypesIn(filter)) {
    if (type == "regexstring") Hit("C-25", hits);
    if (type == "regexstringnocase") Hit("C-26", hits);
  }
}

// C-32: a request that names no family goes to the table group, which a
// time-series table refuses even with one family.
void CheckFamilies(const TableSpec& spec, bool names_a_family, Hits* hits) {
  if (Timeseries(spec) && !names_a_family) Hit("C-32", hits);
}

template <typename Columns>
std::set<std::string> FamiliesOf(const Columns& columns) {
  std::set<std::string> families;
  for (const auto& c : columns) families.insert(c.family);
  return families;
}

// C-23: OBKV sends a multi-family write's cells as "family.qualifier"; an
// empty qualifier arrives as no qualifier, the whole family.
void CheckMultiFamilyQualifiers(const Put& put, Hits* hits) {
  if (FamiliesOf(put.cells).size() < 2) return;
  for (const PutCell& cell : put.cells) {
    if (cell.qualifier.empty()) return Hit("C-23", hits);
  }
}

}  // namespace

void CheckGet(const TableSpec& spec, const Get& get, Hits* hits) {
  CheckFilter(get.filter, hits);
  CheckFamilies(spec, !get.families.empty() || !get.columns.empty(), hits);
}

void CheckScan(const TableSpec& spec, const Scan& scan, Hits* hits) {
  CheckFilter(scan.filter, hits);
  CheckFamilies(spec, !scan.families.empty() || !scan.columns.empty(), hits);
  if (Timeseries(spec) && scan.limit > 0) Hit("C-34", hits);
}

void CheckScanOrder(bool out_of_key_order, Hits* hits) {
  if (out_of_key_order) Hit("C-73", hits);
}

void CheckPut(const TableSpec& spec, const Put& put, Hits* hits) {
  (void)spec;
  CheckMultiFamilyQualifiers(put, hits);
}

void CheckIncrement(const TableSpec& spec, const Increment& inc, Hits* hits) {
  (void)spec;
  if (FamiliesOf(inc.columns).size() > 1) Hit("C-12", hits);
}

void CheckAppend(const TableSpec& spec, const Append& app, Hits* hits) {
  (void)spec;
  if (FamiliesOf(app.columns).size() > 1) Hit("C-12", hits);
}

void CheckCheckAndMutate(const TableSpec& spec, const CheckAndMutate& cam,
                         Hits* hits) {
  (void)spec;
  for (const std::variant<Put, Delete>& m : cam.mutations) {
    if (const Put* put = std::get_if<Put>(&m)) {
      for (const PutCell& cell : put->cells) {
        if (cell.family != cam.family) Hit("C-13", hits);
      }
    } else {
      const Delete& del = std::get<Delete>(m);
      // A row delete spans every family of the row.
      if (del.type == DeleteType::kRow || del.family != cam.family) {
        Hit("C-13", hits);
      }
    }
  }
  if (!cam.check_not_exists && cam.value.empty()) Hit("C-14", hits);
}

void CheckBatch(const TableSpec& spec, const std::vector<Mutation>& mutations,
                Hits* hits) {
  int puts = 0;
  int deletes = 0;
  bool multi_cell_delete = false;
  for (const Mutation& m : mutations) {
    if (const Put* put = std::get_if<Put>(&m)) {
      ++puts;
      CheckPut(spec, *put, hits);
    } else if (const Delete* del = std::get_if<Delete>(&m)) {
      ++deletes;
      multi_cell_delete = multi_cell_delete || del->type != DeleteType::kColumn;
    } else {
      Hit("C-04", hits);
    }
  }
  // C-42: puts only, or one delete of one cell.
  if (Timeseries(spec) && deletes > 0 &&
      (puts > 0 || deletes > 1 || multi_cell_delete)) {
    Hit("C-42", hits);
  }
}

}  // namespace compat
}  // namespace obkvlite
