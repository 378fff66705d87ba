// Copyright (c) obkvlite authors.
//
// The HBase descriptor attributes a spec keeps without effect, and their
// rules: the family attributes of hbase-shell's admin.rb (cfd) and the table
// attributes of its update_htd_from_arg, each checked as the HBase shell
// and its descriptor builders check them.

#include <cctype>
#include <charconv>
#include <cstdint>
#include <limits>

#include "spec/hbase_attributes_parser.h"
#include "spec/json_fields.h"

namespace obkvlite {
namespace {

enum class Kind {
  kBool,       // true / false, any case
  kInt32,      // 0 .. Integer.MAX_VALUE
  kInt64,      // 0 .. Long.MAX_VALUE
  kEnum,       // one of `choices`, any case
  kText,       // any non-empty text, kept as given
  kUpperText,  // any non-empty text, upper-cased (as admin.rb does)
};

struct Rule {
  std::string_view name;
  Kind kind;
  std::string_view choices;  // kEnum: space-separated constants
};

constexpr std::string_view kCompression =
    "NONE GZ LZO SNAPPY LZ4 BZIP2 ZSTD LZMA BROTLI";

// ColumnFamilyDescriptorBuilder's attributes (admin.rb cfd), without NAME,
// VERSIONS and TTL (which have an effect), ENCRYPTION_KEY (a secret) and
// the CONFIGURATION and METADATA maps.
constexpr Rule kFamilyRules[] = {
    {"BLOCKCACHE", Kind::kBool, ""},
    {"BLOCKSIZE", Kind::kInt32, ""},
    {"BLOOMFILTER", Kind::kEnum,
     "NONE ROW ROWCOL ROWPREFIX_FIXED_LENGTH ROWPREFIX_DELIMITED"},
    {"CACHE_BLOOMS_ON_WRITE", Kind::kBool, ""},
    {"CACHE_DATA_ON_WRITE", Kind::kBool, ""},
    {"CACHE_INDEX_ON_WRITE", Kind::kBool, ""},
    {"COMPRESSION", Kind::kEnum, kCompression},
    {"COMPRESSION_COMPACT", Kind::kEnum, kCompression},
    {"COMPRESS_TAGS", Kind::kBool, ""},
    {"DATA_BLOCK_ENCODING", Kind::kEnum,
     "NONE PREFIX DIFF FAST_DIFF ROW_INDEX_V1"},
    {"DFS_REPLICATION", Kind::kInt32, ""},
    {"ENCRYPTION", Kind::kUpperText, ""},
    {"EVICT_BLOCKS_ON_CLOSE", Kind::kBool, ""},
    {"IN_MEMORY", Kind::kBool, ""},
    {"IN_MEMORY_COMPACTION", Kind::kEnum, "NONE BASIC EAGER ADAPTIVE"},
    {"IS_MOB", Kind::kBool, ""},
    {"KEEP_DELETED_CELLS", Kind::kEnum, "FALSE TRUE TTL"},
    {"MIN_VERSIONS", Kind::kInt32, ""},
    {"MOB_COMPACT_PARTITION_POLICY", Kind::kEnum, "DAILY WEEKLY MONTHLY"},
    {"MOB_THRESHOLD", Kind::kInt64, ""},
    {"NEW_VERSION_BEHAVIOR", Kind::kBool, ""},
    {"PREFETCH_BLOCKS_ON_OPEN", Kind::kBool, ""},
    {"REPLICATION_SCOPE", Kind::kInt32, ""},
    {"STORAGE_POLICY", Kind::kUpperText, ""},
};

// TableDescriptorBuilder's attributes (admin.rb update_htd_from_arg and
// REGION_REPLICATION), without the CONFIGURATION and METADATA maps.
constexpr Rule kTableRules[] = {
    {"COMPACTION_ENABLED", Kind::kBool, ""},
    {"DURABILITY", Kind::kEnum,
     "USE_DEFAULT SKIP_WAL ASYNC_WAL SYNC_WAL FSYNC_WAL"},
    {"FLUSH_POLICY", Kind::kText, ""},
    {"MAX_FILESIZE", Kind::kInt64, ""},
    {"MEMSTORE_FLUSHSIZE", Kind::kInt64, ""},
    {"MERGE_ENABLED", Kind::kBool, ""},
    {"NORMALIZATION_ENABLED", Kind::kBool, ""},
    {"NORMALIZER_TARGET_REGION_COUNT", Kind::kInt32, ""},
    {"NORMALIZER_TARGET_REGION_SIZE", Kind::kInt64, ""},
    {"NORMALIZER_TARGET_REGION_SIZE_MB", Kind::kInt64, ""},
    {"OWNER", Kind::kText, ""},
    {"PRIORITY", Kind::kInt32, ""},
    {"READONLY", Kind::kBool, ""},
    {"REGION_MEMSTORE_REPLICATION", Kind::kBool, ""},
    {"REGION_REPLICATION", Kind::kInt32, ""},
    {"SPLIT_ENABLED", Kind::kBool, ""},
    {"SPLIT_POLICY", Kind::kText, ""},
};

std::string Upper(std::string_view text) {
  std::string out;
  for (char c : text) {
    out.push_back(
        static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  return out;
}

// 'text' for a message: printable ASCII, other bytes as '?'.
std::string Quoted(std::string_view text) {
  std::string out = "'";
  for (char c : text) out.push_back(c >= 0x20 && c < 0x7f ? c : '?');
  return out + "'";
}

Status Bad(std::string_view name, const std::string& rule,
           std::string_view value) {
  return Status::InvalidArgument(std::string(name) + ": must be " + rule +
                                 ", got " + Quoted(value));
}

Result<std::string> Integer(std::string_view name, std::string_view value,
                            int64_t max) {
  int64_t n = 0;
  auto [end, ec] =
      std::from_chars(value.data(), value.data() + value.size(), n);
  const std::string rule = "an integer between 0 and " + std::to_string(max);
  if (value.empty() || ec != std::errc() ||
      end != value.data() + value.size() || n < 0 || n > max) {
    return Bad(name, rule, value);
  }
  return std::to_string(n);
}

Result<std::string> Canonical(const Rule& rule, std::string_view value) {
  switch (rule.kind) {
    case Kind::kBool: {
      const std::string upper = Upper(value);
      if (upper == "TRUE") return std::string("true");
      if (upper == "FALSE") return std::string("false");
      return Bad(rule.name, "true or false", value);
    }
    case Kind::kInt32:
      return Integer(rule.name, value, std::numeric_limits<int32_t>::max());
    case Kind::kInt64:
      return Integer(rule.name, value, std::numeric_limits<int64_t>::max());
    case Kind::kEnum: {
      const std::string upper = Upper(value);
      std::string list;
      std::string_view rest = rule.choices;
      while (!rest.empty()) {
        const size_t space = rest.find(' ');
        const std::string_view choice = rest.substr(0, space);
        if (choice == upper) return upper;
        list += (list.empty() ? "" : ", ") + std::string(choice);
        rest = space == std::string_view::npos ? "" : rest.substr(space + 1);
      }
      return Bad(rule.name, "one of " + list, value);
    }
    case Kind::kText:
    case Kind::kUpperText:
      if (value.empty()) return Bad(rule.name, "a non-empty string", value);
      return rule.kind == Kind::kText ? std::string(value) : Upper(value);
  }
  return Bad(rule.name, "a valid value", value);
}

template <size_t N>
const Rule* Find(const Rule (&rules)[N], std::string_view name) {
  for (const Rule& rule : rules) {
    if (rule.name == name) return &rule;
  }
  return nullptr;
}

// A map member (CONFIGURATION, METADATA): an object of strings.
Status ReadMap(const nlohmann::json& value, const std::string& path,
               std::map<std::string, std::string>* out) {
  if (!value.is_object()) {
    return Status::InvalidArgument(
        path + ": must be an object of strings, got " + JsonForMessage(value));
  }
  for (auto it = value.begin(); it != value.end(); ++it) {
    if (!it.value().is_string()) {
      return Status::InvalidArgument(JoinPath(path, it.key()) +
                                     ": must be a string, got " +
                                     JsonForMessage(it.value()));
    }
    (*out)[it.key()] = it.value().get<std::string>();
  }
  return Status::OK();
}

}  // namespace

Result<std::string> CanonicalHBaseAttribute(HBaseAttributeScope scope,
                                            std::string_view name,
                                            std::string_view value) {
  const Rule* rule = scope == HBaseAttributeScope::kFamily
                         ? Find(kFamilyRules, name)
                         : Find(kTableRules, name);
  if (rule == nullptr) {
    return Status::NotFound(
        std::string(name) + ": not an HBase " +
        (scope == HBaseAttributeScope::kFamily ? "column family" : "table") +
        " attribute");
  }
  return Canonical(*rule, value);
}

Result<HBaseAttributes> ParseHBaseAttributes(const nlohmann::json& value,
                                             const std::string& path,
                                             HBaseAttributeScope scope) {
  if (!value.is_object()) {
    return Status::InvalidArgument(path + ": must be an object, got " +
                                   JsonForMessage(value));
  }
  HBaseAttributes out;
  for (auto it = value.begin(); it != value.end(); ++it) {
    const std::string member = JoinPath(path, it.key());
    if (it.key() == "CONFIGURATION" || it.key() == "METADATA") {
      OBKV_RETURN_IF_ERROR(
          ReadMap(it.value(), member,
                  it.key() == "METADATA" ? &out.metadata : &out.configuration));
      continue;
    }
    if (!it.value().is_string()) {
      return Status::InvalidArgument(member + ": must be a string, got " +
                                     JsonForMessage(it.value()));
    }
    Result<std::string> canonical = CanonicalHBaseAttribute(
        scope, it.key(), it.value().get_ref<const std::string&>());
    if (canonical.status().IsNotFound()) {
      return Status::InvalidArgument(member + ": unknown HBase attribute");
    }
    if (!canonical.ok()) {
      // "NAME: must be ..." -> "path.NAME: must be ...".
      return Status::InvalidArgument(path + "." + canonical.status().message());
    }
    out.values[it.key()] = *std::move(canonical);
  }
  return out;
}

}  // namespace obkvlite
