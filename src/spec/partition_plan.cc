// Copyright (c) obkvlite authors.
#include "spec/partition_plan.h"

#include <algorithm>
#include <charconv>
#include <set>

#include "obkvlite/bytes.h"
#include "spec/spec_json_edit.h"
#include "util/ascii_case.h"
#include "util/civil_date.h"

namespace obkvlite {
namespace {

constexpr int64_t kHourMs = 3600000;
constexpr int64_t kDayMs = 24 * kHourMs;
constexpr int64_t kWeekMs = 7 * kDayMs;
// 1970-01-05, the first Monday of the epoch: weeks start on Monday (UTC).
constexpr int64_t kFirstMondayMs = 4 * kDayMs;

std::string Quoted(const RangeBound& b, RangeColumn column) {
  if (b.is_maxvalue || column == RangeColumn::kG) {
    return BoundSpecText(b, column);
  }
  return "'" + BoundSpecText(b, column) + "'";
}

using util::CivilFromDays;
using util::DaysFromCivil;

int64_t FloorDiv(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0);
}

// Start of the unit holding `ms` (UTC).
int64_t UnitStart(int64_t ms, TimeUnit unit) {
  switch (unit) {
    case TimeUnit::kHour:
      return FloorDiv(ms, kHourMs) * kHourMs;
    case TimeUnit::kDay:
      return FloorDiv(ms, kDayMs) * kDayMs;
    case TimeUnit::kWeek:
      return FloorDiv(ms - kFirstMondayMs, kWeekMs) * kWeekMs + kFirstMondayMs;
    case TimeUnit::kMonth: {
      int64_t y;
      int m, d;
      CivilFromDays(FloorDiv(ms, kDayMs), &y, &m, &d);
      return DaysFromCivil(y, m, 1) * kDayMs;
    }
  }
  return ms;
}

// `start` (a unit start) moved by `n` units.
int64_t AddUnits(int64_t start, TimeUnit unit, int64_t n) {
  switch (unit) {
    case TimeUnit::kHour:
      return start + n * kHourMs;
    case TimeUnit::kDay:
      return start + n * kDayMs;
    case TimeUnit::kWeek:
      return start + n * kWeekMs;
    case TimeUnit::kMonth: {
      int64_t y;
      int m, d;
      CivilFromDays(FloorDiv(start, kDayMs), &y, &m, &d);
      const int64_t months = y * 12 + (m - 1) + n;
      return DaysFromCivil(
                 FloorDiv(months, 12),
                 static_cast<int>(months - FloorDiv(months, 12) * 12) + 1, 1) *
             kDayMs;
    }
  }
  return start;
}

// "p20241015" (day, week), "p2024101513" (hour), "p202410" (month): the
// OceanBase name of the window partition starting at `start`.
std::string WindowName(int64_t start, TimeUnit unit) {
  int64_t y;
  int m, d;
  CivilFromDays(FloorDiv(start, kDayMs), &y, &m, &d);
  char buf[32];
  if (unit == TimeUnit::kMonth) {
    std::snprintf(buf, sizeof buf, "p%04lld%02d", static_cast<long long>(y), m);
  } else if (unit == TimeUnit::kHour) {
    std::snprintf(buf, sizeof buf, "p%04lld%02d%02d%02d",
                  static_cast<long long>(y), m, d,
                  static_cast<int>(FloorDiv(start, kHourMs) % 24));
  } else {
    std::snprintf(buf, sizeof buf, "p%04lld%02d%02d", static_cast<long long>(y),
                  m, d);
  }
  return buf;
}

// The partition names of `p`, filled in with the default p<i>.
std::vector<std::string> NamesOf(const PartitionSpec& p) {
  std::vector<std::string> names;
  for (size_t i = 0; i < p.bounds.size(); ++i) {
    names.push_back(p.RangePartitionName(static_cast<int>(i)));
  }
  return names;
}

// Hands out OceanBase partition names no partition of the family uses:
// `preferred` when it is free, else "p<n>" with the smallest free n at or
// above the partition count.
class NameSource {
 public:
  explicit NameSource(const std::vector<std::string>& in_use) {
    for (const std::string& n : in_use) used_.insert(AsciiLower(n));
    next_ = static_cast<int>(in_use.size());
  }
  std::string Take(const std::string& preferred = "") {
    if (!preferred.empty() && used_.insert(AsciiLower(preferred)).second) {
      return preferred;
    }
    while (true) {
      std::string name = "p" + std::to_string(next_++);
      if (used_.insert(name).second) return name;
    }
  }

 private:
  std::set<std::string> used_;
  int next_;
};

// "p0..p3" when the names are the indexes', else every name ("p0, p3, p4,
// p2").
std::string PartitionList(const PartitionSpec& p, PartitionNaming naming) {
  const int count = p.FirstLevelCount();
  std::string out;
  bool by_index = true;
  for (int i = 0; i < count; ++i) {
    const std::string name = p.FirstLevelName(i, naming);
    by_index = by_index && name == "p" + std::to_string(i);
    out += (i ? ", " : "") + name;
  }
  if (!by_index) return out;
  return count == 1 ? "p0" : "p0..p" + std::to_string(count - 1);
}

// Every j of `after` takes the whole of old partition map[j] (-1: none).
void MapWhole(FamilyMoves* m, const std::vector<int>& map) {
  m->sources.assign(map.size(), {});
  m->whole.assign(map.size(), false);
  for (size_t j = 0; j < map.size(); ++j) {
    if (map[j] < 0) continue;
    m->sources[j] = {map[j]};
    m->whole[j] = true;
  }
}

// The identity map of n partitions.
std::vector<int> Identity(int n) {
  std::vector<int> map(n);
  for (int i = 0; i < n; ++i) map[i] = i;
  return map;
}

struct Target {
  const FamilySpec* family;
};

Status CheckRangeFamily(const TableSpec& spec, const FamilySpec& f,
                        PartitionOp op) {
  const PartitionSpec& p = f.partition;
  const std::string what = std::string("partition ") + PartitionOpName(op);
  switch (p.strategy) {
    case PartitionStrategy::kRange:
    case PartitionStrategy::kRangeKey:
      break;
    case PartitionStrategy::kNone:
      return Status::InvalidArgument("family: '" + f.name + "' of table '" +
                                     spec.name + "' is not partitioned; " +
                                     what + " needs RANGE partitions");
    case PartitionStrategy::kKey:
      return Status::InvalidArgument(
          "family: '" + f.name + "' of table '" + spec.name +
          "' has KEY partitions; " + what +
          " needs first-level RANGE partitions (use `partition rehash` to "
          "change the KEY count)");
    case PartitionStrategy::kKeyRange:
      return Status::InvalidArgument(
          "family: '" + f.name + "' of table '" + spec.name +
          "' has KEY partitions at the first level (KEY + RANGE); " + what +
          " needs first-level RANGE partitions");
  }
  if ((op == PartitionOp::kSplit || op == PartitionOp::kMerge) &&
      p.strategy == PartitionStrategy::kRangeKey) {
    return Status::InvalidArgument(
        "family: '" + f.name +
        "' has KEY subpartitions (RANGE + KEY); "
        "OceanBase cannot REORGANIZE (split or merge) partitions of a table "
        "with subpartitions; add, drop, truncate and roll work");
  }
  if ((op == PartitionOp::kSplit || op == PartitionOp::kMerge) &&
      spec.families.size() > 1) {
    std::string names;
    for (const FamilySpec& other : spec.families) {
      names += (names.empty() ? "" : ", ") + other.name;
    }
    return Status::InvalidArgument(
        "table: '" + spec.name + "' has " +
        std::to_string(spec.families.size()) + " families (" + names +
        "), so its table group holds several tables; OceanBase cannot "
        "REORGANIZE (split or merge) partitions of a table in a table "
        "group of several tables");
  }
  return Status::OK();
}

Status CheckIndex(const FamilySpec& f, int index, const std::string& field,
                  PartitionNaming naming) {
  const int n = f.partition.FirstLevelCount();
  if (index < 0 || index >= n) {
    return Status::InvalidArgument(field + ": unknown partition 'p" +
                                   std::to_string(index) + "' of family '" +
                                   f.name + "' (it has " +
                                   PartitionList(f.partition, naming) + ")");
  }
  return Status::OK();
}

// The index of the partition of `f` named `name` under `naming` (OceanBase
// compares partition names without case).
Result<int> PartitionByName(const FamilySpec& f, const std::string& name,
                            const std::string& field, PartitionNaming naming) {
  for (int i = 0; i < f.partition.FirstLevelCount(); ++i) {
    if (EqualsIgnoreAsciiCase(f.partition.FirstLevelName(i, naming), name)) {
      return i;
    }
  }
  return Status::InvalidArgument(field + ": unknown partition '" + name +
                                 "' of family '" + f.name + "' (it has " +
                                 PartitionList(f.partition, naming) +
                                 ", as `partition list` shows)");
}

// `c` with its partition_names as indexes, the same in every family of
// `targets`.
Result<PartitionChange> ResolveNames(
    const std::vector<const FamilySpec*>& targets, const PartitionChange& c,
    PartitionNaming naming) {
  PartitionChange out = c;
  if (!c.partitions.empty() || c.partition_names.empty()) return out;
  for (size_t k = 0; k < c.partition_names.size(); ++k) {
    const std::string field = c.partition_names.size() == 1
                                  ? std::string("partition")
                                  : "partitions[" + std::to_string(k) + "]";
    int index = -1;
    for (const FamilySpec* f : targets) {
      OBKV_ASSIGN_OR_RETURN(
          int i, PartitionByName(*f, c.partition_names[k], field, naming));
      if (index >= 0 && i != index) {
        return Status::InvalidArgument(
            field + ": '" + c.partition_names[k] + "' is partition " +
            std::to_string(index) + " of family '" + targets[0]->name +
            "' but partition " + std::to_string(i) + " of family '" + f->name +
            "'; name one with --family");
      }
      index = i;
    }
    out.partitions.push_back(index);
  }
  return out;
}

// Plans a first-level range change of one family.
Result<FamilyMoves> PlanRange(const FamilySpec& f, const PartitionChange& c,
                              PartitionNaming naming) {
  const auto name = [&](int i) {
    return f.partition.FirstLevelName(i, naming);
  };
  FamilyMoves m;
  m.family = f.name;
  m.before = f.partition;
  m.after = f.partition;
  PartitionSpec& after = m.after;
  const RangeColumn col = m.before.range_column;
  const int n = m.before.FirstLevelCount();
  std::vector<std::string> names = NamesOf(m.before);
  NameSource fresh(names);
  switch (c.op) {
    case PartitionOp::kAdd: {
      const RangeBound& last = m.before.bounds.back();
      if (last.is_maxvalue) {
        return Status::InvalidArgument(
            "bound: cannot ADD a partition after " + name(n - 1) +
            ", which is VALUES LESS THAN MAXVALUE: OceanBase adds range "
            "partitions only above the last bound (error 1493, \"VALUES "
            "LESS THAN value must be strictly increasing for each "
            "partition\"); use `partition split` to cut " +
            name(n - 1));
      }
      if (!BoundLess(last, c.bound, col)) {
        return Status::InvalidArgument("bound: " + Quoted(c.bound, col) +
                                       " must be above the last bound " +
                                       Quoted(last, col) + " of " +
                                       name(n - 1));
      }
      after.bounds.push_back(c.bound);
      names.push_back(fresh.Take());
      std::vector<int> map = Identity(n);
      map.push_back(-1);
      MapWhole(&m, map);
      m.steps.push_back({PartitionDdlStep::Kind::kAdd, {}, {n}});
      break;
    }
    case PartitionOp::kSplit: {
      if (c.partitions.size() != 1) {
        return Status::InvalidArgument("partitions: split takes one partition");
      }
      const int i = c.partitions[0];
      OBKV_RETURN_IF_ERROR(CheckIndex(f, i, "partition", naming));
      const PartitionRange r = RangeOfPartition(m.before, i);
      const std::string range =
          (r.has_lower ? "[" + Quoted(r.lower, col) : "[MINVALUE") + ", " +
          Quoted(r.upper, col) + ")";
      if (c.bound.is_maxvalue || !BoundLess(c.bound, r.upper, col) ||
          (r.has_lower && !BoundLess(r.lower, c.bound, col))) {
        return Status::InvalidArgument("bound: " + Quoted(c.bound, col) +
                                       " is not strictly inside partition " +
                                       name(i) + " " + range);
      }
      if (!r.has_lower && col == RangeColumn::kK && c.bound.key.empty()) {
        return Status::InvalidArgument("bound: must not be empty");
      }
      after.bounds.insert(after.bounds.begin() + i, c.bound);
      names[i] = fresh.Take();
      names.insert(names.begin() + i + 1, fresh.Take());
      std::vector<int> map;
      for (int j = 0; j < n + 1; ++j) map.push_back(j <= i ? j : j - 1);
      MapWhole(&m, map);
      m.whole[i] = m.whole[i + 1] = false;
      m.steps.push_back({PartitionDdlStep::Kind::kReorganize, {i}, {i, i + 1}});
      break;
    }
    case PartitionOp::kMerge: {
      if (c.partitions.size() != 2) {
        return Status::InvalidArgument(
            "partitions: merge takes two adjacent partitions");
      }
      int a = c.partitions[0], b = c.partitions[1];
      OBKV_RETURN_IF_ERROR(CheckIndex(f, a, "partitions[0]", naming));
      OBKV_RETURN_IF_ERROR(CheckIndex(f, b, "partitions[1]", naming));
      if (a > b) std::swap(a, b);
      if (b != a + 1) {
        return Status::InvalidArgument(
            "partitions: " + name(a) + " and " + name(b) +
            " are not adjacent; merge joins neighbours such as " + name(a) +
            " and " + name(a + 1));
      }
      after.bounds.erase(after.bounds.begin() + a);
      names.erase(names.begin() + a, names.begin() + a + 2);
      names.insert(names.begin() + a, fresh.Take());
      m.sources.clear();
      m.whole.clear();
      for (int j = 0; j < n - 1; ++j) {
        if (j == a) {
          m.sources.push_back({a, a + 1});
          m.whole.push_back(false);
        } else {
          m.sources.push_back({j < a ? j : j + 1});
          m.whole.push_back(true);
        }
      }
      m.steps.push_back({PartitionDdlStep::Kind::kReorganize, {a, b}, {a}});
      break;
    }
    case PartitionOp::kDrop: {
      if (c.partitions.size() != 1) {
        return Status::InvalidArgument("partitions: drop takes one partition");
      }
      const int i = c.partitions[0];
      OBKV_RETURN_IF_ERROR(CheckIndex(f, i, "partition", naming));
      if (n == 1) {
        return Status::InvalidArgument(
            "partition: " + name(0) + " is the only partition of family '" +
            f.name +
            "'; OceanBase refuses to drop it (\"Cannot remove all "
            "partitions, use DROP TABLE instead\"); truncate it instead");
      }
      after.bounds.erase(after.bounds.begin() + i);
      names.erase(names.begin() + i);
      std::vector<int> map;
      for (int j = 0; j < n - 1; ++j) map.push_back(j < i ? j : j + 1);
      MapWhole(&m, map);
      m.steps.push_back({PartitionDdlStep::Kind::kDrop, {i}, {}});
      break;
    }
    case PartitionOp::kTruncate: {
      if (c.partitions.size() != 1) {
        return Status::InvalidArgument(
            "partitions: truncate takes one partition");
      }
      const int i = c.partitions[0];
      OBKV_RETURN_IF_ERROR(CheckIndex(f, i, "partition", naming));
      std::vector<int> map = Identity(n);
      map[i] = -1;
      MapWhole(&m, map);
      m.steps.push_back({PartitionDdlStep::Kind::kTruncate, {i}, {}});
      break;
    }
    default:
      return Status::InvalidArgument("op: not a range change");
  }
  after.names = names;
  return m;
}

// Plans a KEY count change of one family.
Result<FamilyMoves> PlanRehash(const TableSpec& spec, const FamilySpec& f,
                               int count) {
  if (!f.partition.HasKeyLevel()) {
    return Status::InvalidArgument(
        "family: '" + f.name + "' of table '" + spec.name +
        "' has no KEY partitions; rehash changes a KEY partition count");
  }
  if (count < 1 || count > kMaxPartitions) {
    return Status::InvalidArgument("count: must be between 1 and 8192, got " +
                                   std::to_string(count));
  }
  FamilyMoves m;
  m.family = f.name;
  m.before = f.partition;
  m.after = f.partition;
  m.after.key_partitions = count;
  if (m.after.IsTwoLevel() &&
      static_cast<int64_t>(count) *
              static_cast<int64_t>(m.after.bounds.size()) >
          kMaxPartitions) {
    return Status::InvalidArgument(
        "count: " + std::to_string(m.after.bounds.size()) + " x " +
        std::to_string(count) + " physical partitions, limit 8192");
  }
  m.reroute = true;
  m.steps.push_back({PartitionDdlStep::Kind::kRepartition, {}, {}});
  return m;
}

// Plans a time window's roll of one family; `changed` is false when
// nothing is due.
Result<FamilyMoves> PlanRoll(const FamilySpec& f, int64_t now_ms,
                             bool* changed) {
  const TimeWindow& w = *f.time_window;
  FamilyMoves m;
  m.family = f.name;
  m.before = f.partition;
  m.after = f.partition;
  const int n = m.before.FirstLevelCount();
  if (m.before.bounds.back().is_maxvalue) {
    return Status::InvalidArgument(
        "family: '" + f.name +
        "' ends in a MAXVALUE partition, and a time window adds partitions "
        "after the last bound (OceanBase's dynamic partitions need a range "
        "without MAXVALUE)");
  }
  const int64_t floor_now = UnitStart(now_ms, w.unit);
  const int64_t target = AddUnits(floor_now, w.unit, w.precreate + 1);
  std::vector<std::string> names = NamesOf(m.before);
  NameSource fresh(names);
  std::vector<int> map = Identity(n);
  int64_t b = m.before.bounds.back().ts_ms;
  int added = 0;
  while (b < target) {
    const int64_t start = b;
    b = b < floor_now ? floor_now : AddUnits(UnitStart(b, w.unit), w.unit, 1);
    m.after.bounds.push_back(RangeBound::Ts(b));
    names.push_back(fresh.Take(WindowName(UnitStart(start, w.unit), w.unit)));
    map.push_back(-1);
    ++added;
  }
  int dropped = 0;
  if (w.expire > 0) {
    const int64_t cutoff = AddUnits(floor_now, w.unit, -w.expire);
    while (dropped < static_cast<int>(m.after.bounds.size()) - 1 &&
           m.after.bounds[dropped].ts_ms <= cutoff) {
      ++dropped;
    }
  }
  m.after.bounds.erase(m.after.bounds.begin(),
                       m.after.bounds.begin() + dropped);
  names.erase(names.begin(), names.begin() + dropped);
  map.erase(map.begin(), map.begin() + dropped);
  m.after.names = names;
  MapWhole(&m, map);
  for (int i = 0; i < dropped; ++i) {
    m.steps.push_back({PartitionDdlStep::Kind::kDrop, {i}, {}});
  }
  for (int j = 0; j < added; ++j) {
    m.steps.push_back({PartitionDdlStep::Kind::kAdd,
                       {},
                       {static_cast<int>(map.size()) - added + j}});
  }
  *changed = added > 0 || dropped > 0;
  return m;
}

// Families the change applies to.
Result<std::vector<const FamilySpec*>> TargetFamilies(
    const TableSpec& spec, const PartitionChange& c) {
  std::vector<const FamilySpec*> out;
  if (!c.family.empty()) {
    const FamilySpec* f = spec.FindFamily(c.family);
    if (f == nullptr) {
      return Status::InvalidArgument("family: unknown family '" + c.family +
                                     "' in table '" + spec.name + "'");
    }
    if (c.op == PartitionOp::kRoll && !f->time_window) {
      return Status::InvalidArgument("family: '" + f->name +
                                     "' has no time_window to roll");
    }
    out.push_back(f);
    return out;
  }
  for (const FamilySpec& f : spec.families) {
    if (c.op == PartitionOp::kRoll && !f.time_window) continue;
    out.push_back(&f);
  }
  if (out.empty()) {
    return Status::InvalidArgument("table: '" + spec.name +
                                   "' has no family with a time_window");
  }
  if (c.op == PartitionOp::kRoll || out.size() == 1) return out;
  // One change of several families needs them to agree on the partitions.
  const PartitionSpec& first = out[0]->partition;
  for (const FamilySpec* f : out) {
    const PartitionSpec& p = f->partition;
    const bool same =
        p.strategy == first.strategy && p.range_column == first.range_column &&
        p.key_partitions == first.key_partitions &&
        p.bounds.size() == first.bounds.size() &&
        std::equal(p.bounds.begin(), p.bounds.end(), first.bounds.begin(),
                   [&](const RangeBound& a, const RangeBound& b) {
                     return !BoundLess(a, b, p.range_column) &&
                            !BoundLess(b, a, p.range_column);
                   });
    if (!same) {
      return Status::InvalidArgument(
          "family: families '" + out[0]->name + "' and '" + f->name +
          "' are partitioned differently; name one with --family");
    }
  }
  return out;
}

}  // namespace

const char* PartitionOpName(PartitionOp op) {
  switch (op) {
    case PartitionOp::kAdd:
      return "add";
    case PartitionOp::kSplit:
      return "split";
    case PartitionOp::kMerge:
      return "merge";
    case PartitionOp::kDrop:
      return "drop";
    case PartitionOp::kTruncate:
      return "truncate";
    case PartitionOp::kRehash:
      return "rehash";
    case PartitionOp::kRoll:
      return "roll";
  }
  return "add";
}

PartitionRange RangeOfPartition(const PartitionSpec& p, int index) {
  PartitionRange r;
  r.upper = p.bounds[index];
  if (index > 0) {
    r.has_lower = true;
    r.lower = p.bounds[index - 1];
  }
  return r;
}

std::string BoundSpecText(const RangeBound& bound, RangeColumn column) {
  if (bound.is_maxvalue) return "MAXVALUE";
  if (column == RangeColumn::kG) return std::to_string(bound.ts_ms);
  return ToStringBinary(bound.key);
}

Result<RangeBound> ParseBoundText(std::string_view text, RangeColumn column,
                                  std::string_view field) {
  if (text == "MAXVALUE") return RangeBound::MaxValue();
  if (column == RangeColumn::kG) {
    int64_t ms = 0;
    const auto [end, ec] =
        std::from_chars(text.data(), text.data() + text.size(), ms);
    if (ec != std::errc() || end != text.data() + text.size() || ms < 1) {
      return Status::InvalidArgument(
          std::string(field) +
          ": must be a positive integer timestamp in ms or MAXVALUE (the "
          "range is on G), got '" +
          std::string(text) + "'");
    }
    return RangeBound::Ts(ms);
  }
  OBKV_ASSIGN_OR_RETURN(std::string key, FromStringBinary(text, field));
  if (key.empty()) {
    return Status::InvalidArgument(std::string(field) + ": must not be empty");
  }
  if (key.size() > kMaxRowKeyBytes) {
    return Status::InvalidArgument(std::string(field) + ": " +
                                   std::to_string(key.size()) +
                                   " bytes, limit 1024 (K is varbinary(1024))");
  }
  return RangeBound::Key(std::move(key));
}

Result<PartitionPlan> PlanPartitionChange(const TableSpec& spec,
                                          const PartitionChange& named,
                                          int64_t now_ms,
                                          PartitionNaming naming) {
  OBKV_ASSIGN_OR_RETURN(std::vector<const FamilySpec*> targets,
                        TargetFamilies(spec, named));
  OBKV_ASSIGN_OR_RETURN(const PartitionChange change,
                        ResolveNames(targets, named, naming));
  PartitionPlan plan;
  for (const FamilySpec* f : targets) {
    bool changed = true;
    Result<FamilyMoves> moves = [&]() -> Result<FamilyMoves> {
      switch (change.op) {
        case PartitionOp::kRehash:
          return PlanRehash(spec, *f, change.count);
        case PartitionOp::kRoll:
          return PlanRoll(*f, change.now_ms != 0 ? change.now_ms : now_ms,
                          &changed);
        default:
          OBKV_RETURN_IF_ERROR(CheckRangeFamily(spec, *f, change.op));
          return PlanRange(*f, change, naming);
      }
    }();
    if (!moves.ok()) return moves.status();
    if (change.op == PartitionOp::kRehash &&
        f->partition.key_partitions == change.count) {
      changed = false;
    }
    if (changed) plan.families.push_back(std::move(moves).value());
  }
  plan.changed = !plan.families.empty();
  if (!plan.changed) {
    plan.spec = spec;
    return plan;
  }
  std::vector<std::pair<std::string, PartitionSpec>> partitions;
  for (const FamilyMoves& m : plan.families) {
    partitions.emplace_back(m.family, m.after);
  }
  OBKV_ASSIGN_OR_RETURN(plan.spec, WithFamilyPartitions(spec, partitions));
  // Advice the change brings (a non-prime or oversized KEY count).
  for (const std::string& w : plan.spec.warnings) {
    if (std::find(spec.warnings.begin(), spec.warnings.end(), w) ==
        spec.warnings.end()) {
      plan.warnings.push_back(w);
    }
  }
  // Reparsing normalises the families' partitions: keep the planned ones
  // (identical) as the reference for the moves.
  for (FamilyMoves& m : plan.families) {
    m.after = plan.spec.FindFamily(m.family)->partition;
  }
  return plan;
}

}  // namespace obkvlite
