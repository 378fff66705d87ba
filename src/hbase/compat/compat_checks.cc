// Copyright (c) obkvlite authors.
#include "hbase/compat/compat_checks.h"

#include <algorithm>
#include <set>
#include <string>
#include <string_view>

#include "hbase/filter/comparators_in.h"
#include "hbase/filter/regex/java_utf8.h"

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

// C-25, C-26: OBKV's filter parser builds no regular-expression
// comparator. C-29: OBKV's substring comparator is a C string search that
// folds ASCII only, so an operand with a NUL or a byte past ASCII may
// match otherwise (values are not judged: a request cannot see them).
void CheckFilter(const std::string& filter, Hits* hits) {
  if (filter.empty()) return;
  for (const filter::ComparatorText& c : filter::ComparatorsIn(filter)) {
    if (c.type == "regexstring") Hit("C-25", hits);
    if (c.type == "regexstringnocase") Hit("C-26", hits);
    if (c.type == "substring" &&
        std::any_of(c.operand.begin(), c.operand.end(), [](char b) {
          return b == '\0' || static_cast<unsigned char>(b) >= 0x80;
        })) {
      Hit("C-29", hits);
    }
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

// Java's Character.isWhitespace: the space, line and paragraph separators
// but the no-break spaces, and the ASCII controls \t..\r and \x1c..\x1f.
bool JavaWhitespace(char32_t cp) {
  return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) ||
         cp == 0x1680 || (cp >= 0x2000 && cp <= 0x2006) ||
         (cp >= 0x2008 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x205F || cp == 0x3000;
}

// C-21: OBKV's client refuses a family whose name, as a Java String, is
// blank (String.isBlank); an empty one every profile refuses already.
void CheckBlankFamily(std::string_view family, Hits* hits) {
  if (family.empty()) return;
  for (size_t i = 0; i < family.size();) {
    char32_t cp;
    i += filter::DecodeJavaUtf8(family, i, &cp);
    if (!JavaWhitespace(cp)) return;
  }
  Hit("C-21", hits);
}

// C-21 for every family a request names, and C-23: a request over
// several families sends each cell as "family.qualifier", which the
// server splits at the first '.', so a family with a '.' is misread. A
// request naming no family reads the whole table group.
void CheckFamilyNames(const TableSpec& spec, const std::set<std::string>& named,
                      Hits* hits) {
  for (const std::string& family : named) CheckBlankFamily(family, hits);
  std::set<std::string> spanned = named;
  if (spanned.empty()) {
    for (const FamilySpec& f : spec.families) spanned.insert(f.name);
  }
  if (spanned.size() < 2) return;
  for (const std::string& family : spanned) {
    if (family.find('.') != std::string::npos) return Hit("C-23", hits);
  }
}

// The families a Get or Scan names.
template <typename Read>
std::set<std::string> NamedFamilies(const Read& read) {
  std::set<std::string> named(read.families.begin(), read.families.end());
  for (const Column& c : read.columns) named.insert(c.family);
  return named;
}

}  // namespace

namespace {

// Whether `read` names no family or more than one (no allocation: it runs
// on every Get).
template <typename Read>
bool NamesOtherThanOneFamily(const Read& read) {
  const std::string* first = nullptr;
  auto another = [&first](const std::string& family) {
    if (first == nullptr) first = &family;
    return *first != family;
  };
  for (const std::string& family : read.families) {
    if (another(family)) return true;
  }
  for (const Column& c : read.columns) {
    if (another(c.family)) return true;
  }
  return first == nullptr;
}

}  // namespace

bool ReadsTableGroup(const Get& get) { return NamesOtherThanOneFamily(get); }

bool ReadsTableGroup(const Scan& scan) { return NamesOtherThanOneFamily(scan); }

void CheckGet(const TableSpec& spec, const Get& get, Hits* hits) {
  CheckFilter(get.filter, hits);
  CheckFamilies(spec, !get.families.empty() || !get.columns.empty(), hits);
  CheckFamilyNames(spec, NamedFamilies(get), hits);
}

// C-40: OBKV's client sends an existence check as a Get with
// checkExistenceOnly, which a time-series table refuses.
void CheckExists(const TableSpec& spec, const Get& get, Hits* hits) {
  CheckGet(spec, get, hits);
  if (Timeseries(spec)) Hit("C-40", hits);
}

// C-42: a batch of gets is neither puts only nor one delete.
void CheckMultiGet(const TableSpec& spec, const std::vector<Get>& gets,
                   Hits* hits) {
  for (const Get& get : gets) CheckGet(spec, get, hits);
  if (Timeseries(spec) && !gets.empty()) Hit("C-42", hits);
}

void CheckScan(const TableSpec& spec, const Scan& scan, Hits* hits) {
  CheckFilter(scan.filter, hits);
  CheckFamilies(spec, !scan.families.empty() || !scan.columns.empty(), hits);
  // The server's order: limit (C-34) before caching (C-39).
  if (Timeseries(spec) && scan.limit > 0) Hit("C-34", hits);
  if (Timeseries(spec) && scan.caching > 0) Hit("C-39", hits);
  CheckFamilyNames(spec, NamedFamilies(scan), hits);
}

void CheckScanOrder(bool out_of_key_order, Hits* hits) {
  if (out_of_key_order) Hit("C-73", hits);
}

void CheckPut(const TableSpec& spec, const Put& put, Hits* hits) {
  CheckMultiFamilyQualifiers(put, hits);
  CheckFamilyNames(spec, FamiliesOf(put.cells), hits);
}

void CheckDelete(const TableSpec& spec, const Delete& del, Hits* hits) {
  if (del.type != DeleteType::kRow) CheckFamilyNames(spec, {del.family}, hits);
}

void CheckIncrement(const TableSpec& spec, const Increment& inc, Hits* hits) {
  if (FamiliesOf(inc.columns).size() > 1) Hit("C-12", hits);
  CheckFamilyNames(spec, FamiliesOf(inc.columns), hits);
}

void CheckAppend(const TableSpec& spec, const Append& app, Hits* hits) {
  if (FamiliesOf(app.columns).size() > 1) Hit("C-12", hits);
  CheckFamilyNames(spec, FamiliesOf(app.columns), hits);
}

void CheckCheckAndMutate(const TableSpec& spec, const CheckAndMutate& cam,
                         Hits* hits) {
  std::set<std::string> named = {cam.family};
  for (const std::variant<Put, Delete>& m : cam.mutations) {
    if (const Put* put = std::get_if<Put>(&m)) {
      for (const PutCell& cell : put->cells) {
        if (cell.family != cam.family) Hit("C-13", hits);
        named.insert(cell.family);
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
  CheckFamilyNames(spec, named, hits);
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
      CheckDelete(spec, *del, hits);
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
