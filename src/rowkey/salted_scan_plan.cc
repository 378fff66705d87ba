// Copyright (c) obkvlite authors.
//
// Salted range scans, planned (seed 004's createParallelScans, seed 000's
// "scan every numBuckets range and merge the results"): a range over the
// unsalted key becomes one range per salt or bucket value.

#include <algorithm>

#include "obkvlite/bytes.h"
#include "obkvlite/rowkey.h"
#include "rowkey/rowkey_internal.h"

namespace obkvlite {
namespace {

Status TooManyScans(int64_t n, const std::string& what) {
  return Status::InvalidArgument(what + ": a scan would need " +
                                 std::to_string(n) + " bucket scans, limit " +
                                 std::to_string(kMaxPlannedScans));
}

Result<std::vector<std::string>> Md5Prefixes(int chars) {
  if (chars > 4)
    return TooManyScans(int64_t{1} << (4 * chars), "rowkey.salt.chars");
  static constexpr char kHex[] = "0123456789abcdef";
  const int n = 1 << (4 * chars);
  std::vector<std::string> out;
  out.reserve(static_cast<size_t>(n));
  for (int v = 0; v < n; ++v) {
    std::string s(static_cast<size_t>(chars), '0');
    for (int i = chars - 1, x = v; i >= 0; --i, x >>= 4) {
      s[static_cast<size_t>(i)] = kHex[x & 0xF];
    }
    out.push_back(std::move(s));
  }
  return out;
}

// Every value of a leading modulo field, encoded.
Result<std::vector<std::string>> BucketPrefixes(const RowkeySpec& spec) {
  const RowkeyField& field = spec.fields.front();
  if (field.modulo > kMaxPlannedScans) {
    return TooManyScans(field.modulo, "rowkey.fields[0].modulo");
  }
  if (field.encoding == RowkeyEncoding::kDecimal && field.width == 0 &&
      spec.delimiter.empty()) {
    return Status::InvalidArgument(
        "rowkey.fields[0]: a leading bucket needs a width or a delimiter to "
        "scan one bucket at a time (\"1\" is a prefix of \"10\")");
  }
  std::vector<std::string> out;
  for (int64_t b = 0; b < field.modulo; ++b) {
    OBKV_ASSIGN_OR_RETURN(std::string part,
                          rowkey_internal::EncodeIntField(field, b));
    out.push_back(std::move(part));
  }
  return out;
}

bool LeadingBucket(const RowkeySpec& spec) {
  return !spec.fields.empty() &&
         spec.fields.front().transform == RowkeyTransform::kModulo;
}

}  // namespace

Result<std::vector<std::string>> EnumerateScanPrefixes(const RowkeySpec& spec) {
  std::vector<std::string> values;
  if (spec.salt.hash == SaltHash::kMd5) {
    OBKV_ASSIGN_OR_RETURN(values, Md5Prefixes(spec.salt.md5_chars));
  } else if (spec.salt.hash == SaltHash::kMurmur3) {
    for (int b = 0; b < spec.salt.buckets; ++b) {
      values.push_back(HexBucket(b, spec.salt.buckets));
    }
  } else if (LeadingBucket(spec)) {
    OBKV_ASSIGN_OR_RETURN(values, BucketPrefixes(spec));
  } else {
    return std::vector<std::string>{""};
  }
  for (std::string& v : values) v += spec.delimiter;
  std::sort(values.begin(), values.end());  // "10_" sorts before "1_"
  return values;
}

Result<std::vector<SaltedScanRange>> PlanSaltedScan(const RowkeySpec& spec,
                                                    const KeyRange& unsalted,
                                                    bool reversed) {
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> prefixes,
                        EnumerateScanPrefixes(spec));
  std::vector<SaltedScanRange> plan;
  plan.reserve(prefixes.size());
  for (std::string& prefix : prefixes) {
    SaltedScanRange range;
    range.keys.lo = prefix + unsalted.lo;
    range.keys.lo_inclusive = unsalted.lo_inclusive;
    if (unsalted.hi_unbounded) {
      range.keys.hi = PrefixSuccessor(prefix);
      range.keys.hi_inclusive = false;
      range.keys.hi_unbounded = range.keys.hi.empty();
    } else {
      range.keys.hi = prefix + unsalted.hi;
      range.keys.hi_inclusive = unsalted.hi_inclusive;
      range.keys.hi_unbounded = false;
    }
    range.prefix = std::move(prefix);
    plan.push_back(std::move(range));
  }
  if (reversed) std::reverse(plan.begin(), plan.end());
  return plan;
}

std::vector<int> PlanPartitions(const PartitionRouter& router,
                                const std::vector<SaltedScanRange>& plan,
                                const TimeRange& times) {
  std::vector<int> out;
  for (const SaltedScanRange& range : plan) {
    const std::vector<int> touched = router.PruneScan(range.keys, times);
    out.insert(out.end(), touched.begin(), touched.end());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace obkvlite
