// Copyright (c) obkvlite authors.
//
// ParseTableSpec: JSON text -> validated TableSpec (DESIGN §6).

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "obkvlite/spec.h"
#include "spec/hbase_attributes_parser.h"
#include "spec/index_spec_parser.h"
#include "spec/json_fields.h"
#include "spec/partition_policy_parser.h"
#include "spec/partition_spec_parser.h"
#include "spec/rowkey_spec_parser.h"
#include "util/ascii_case.h"

namespace obkvlite {
namespace {

constexpr int64_t kMaxInt32 = 2147483647;

// Thrown by DuplicateKeyChecker out of nlohmann's parser.
struct DuplicateKey {
  std::string path;
};

// A parse callback that rejects an object repeating a member name, which
// nlohmann::json would otherwise accept silently, keeping the last value.
// It keeps the current member or index of every open container, and builds
// the JSON path only for the error (so deep nesting stays linear).
class DuplicateKeyChecker {
 public:
  bool operator()(int /*depth*/, nlohmann::json::parse_event_t event,
                  nlohmann::json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    switch (event) {
      case Event::object_start:
      case Event::array_start:
        CountElement();
        frames_.push_back(Frame{event == Event::array_start, {}, 0, ""});
        break;
      case Event::key: {
        Frame& top = frames_.back();
        top.key = parsed.get<std::string>();
        if (!top.keys.insert(top.key).second) throw DuplicateKey{Path()};
        break;
      }
      case Event::value:
        CountElement();
        break;
      case Event::object_end:
      case Event::array_end:
        frames_.pop_back();
        break;
    }
    return true;
  }

 private:
  struct Frame {
    bool is_array;
    std::set<std::string> keys;  // members seen so far (objects)
    size_t count;                // elements started so far (arrays)
    std::string key;             // current member (objects)
  };

  // A value starts: it is the next element of an enclosing array.
  void CountElement() {
    if (!frames_.empty() && frames_.back().is_array) ++frames_.back().count;
  }

  // Path of the current member of the innermost object.
  std::string Path() const {
    std::string path;  // appended in place: linear in the depth
    for (const Frame& f : frames_) {
      if (f.is_array) {
        path += "[" + std::to_string(f.count - 1) + "]";
        continue;
      }
      const std::string member = JoinPath("", f.key);  // key or ["key"]
      if (!path.empty() && member[0] != '[') path += '.';
      path += member;
    }
    return path;
  }

  std::vector<Frame> frames_;
};

// nlohmann's parse errors quote the input ("last read: '...'"), which may
// hold bytes that are not UTF-8; messages must stay valid UTF-8, so every
// byte >= 0x80 becomes \xHH.
std::string AsciiMessage(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else {
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 0xF]);
    }
  }
  return out;
}

// value_type: "varbinary(N)" with N in 1..1048576, or "longblob"
// (case-insensitive, as in SQL).
Status ReadValueType(const JsonFields& fields, FamilySpec* family) {
  OBKV_ASSIGN_OR_RETURN(auto type, fields.OptionalString("value_type"));
  if (!type) return Status::OK();
  const std::string lower = AsciiLower(*type);
  if (lower == "longblob") {
    family->longblob = true;
    return Status::OK();
  }
  static const std::regex kVarbinary(R"(varbinary\(\s*([0-9]{1,9})\s*\))");
  std::smatch m;
  // std::regex recurses once per byte it matches: a long value_type (a
  // run of spaces) would overflow the stack. No valid one is that long.
  constexpr size_t kMaxValueTypeChars = 64;
  if (lower.size() <= kMaxValueTypeChars &&
      std::regex_match(lower, m, kVarbinary)) {
    int64_t n = std::stoll(m[1].str());
    if (n >= 1 && n <= kMaxVarbinaryValueBytes) {
      family->value_max_bytes = n;
      return Status::OK();
    }
    return Status::InvalidArgument(
        fields.PathOf("value_type") + ": varbinary length " +
        std::to_string(n) +
        " is out of range 1..1048576 (use longblob for "
        "values up to 512 MiB)");
  }
  return Status::InvalidArgument(fields.PathOf("value_type") +
                                 ": must be \"varbinary(N)\" with N 1..1048576 "
                                 "or \"longblob\", got " +
                                 JsonForMessage(*fields.Get("value_type")));
}

// What the table level gives every family that does not say otherwise.
struct TableDefaults {
  PartitionSpec partition;
  const nlohmann::json* time_window = nullptr;  // table "time_window"
  const nlohmann::json* auto_split = nullptr;   // table "auto_split"
};

// The family's own policy member, else the table's (path names the one
// used).
const nlohmann::json* PolicyOf(const JsonFields& fields, std::string_view key,
                               const nlohmann::json* table_value,
                               std::string* path) {
  if (const nlohmann::json* own = fields.Get(key)) {
    *path = fields.PathOf(key);
    return own;
  }
  *path = std::string(key);
  return table_value;
}

Result<FamilySpec> ParseFamily(const nlohmann::json& value,
                               const std::string& path, const TableSpec& table,
                               const TableDefaults& defaults,
                               std::vector<std::string>* warnings) {
  JsonFields fields(value, path);
  OBKV_RETURN_IF_ERROR(fields.CheckObject());
  OBKV_RETURN_IF_ERROR(
      fields.CheckKnown({"name", "ttl_seconds", "max_versions", "kv_attributes",
                         "value_type", "cell_ttl", "partition",
                         "hbase_attributes", "time_window", "auto_split"}));
  FamilySpec family;
  OBKV_ASSIGN_OR_RETURN(family.name, fields.String("name"));
  OBKV_RETURN_IF_ERROR(ValidateFamilyName(family.name, fields.PathOf("name")));
  const size_t relation_chars = table.name.size() + 1 + family.name.size();
  if (relation_chars > kMaxTableNameChars) {
    return Status::InvalidArgument(
        fields.PathOf("name") + ": '" + table.name + "$" + family.name +
        "' is " + std::to_string(relation_chars) +
        " characters, limit 64 (OceanBase table name)");
  }
  OBKV_ASSIGN_OR_RETURN(
      auto ttl, fields.OptionalInteger("ttl_seconds", 1, kMaxInt32,
                                       "a positive integer (seconds, at most "
                                       "2147483647)"));
  family.ttl_seconds = ttl.value_or(0);
  OBKV_ASSIGN_OR_RETURN(
      auto versions,
      fields.OptionalInteger("max_versions", 1, kMaxInt32,
                             "a positive integer (at most 2147483647)"));
  family.max_versions = versions.value_or(0);
  OBKV_ASSIGN_OR_RETURN(auto kv, fields.OptionalBool("kv_attributes"));
  family.kv_attributes = kv.value_or(false);

  if (table.layout == Layout::kTimeseries && fields.Has("value_type")) {
    return Status::InvalidArgument(fields.PathOf("value_type") +
                                   ": not allowed for the timeseries layout "
                                   "(V is json)");
  }
  OBKV_RETURN_IF_ERROR(ReadValueType(fields, &family));
  OBKV_ASSIGN_OR_RETURN(auto cell_ttl, fields.OptionalBool("cell_ttl"));
  family.cell_ttl = cell_ttl.value_or(false);
  if (table.layout == Layout::kTimeseries && family.cell_ttl) {
    return Status::InvalidArgument(fields.PathOf("cell_ttl") +
                                   ": not allowed for the timeseries layout "
                                   "(OBKV's K, T, S, V table has no TTL "
                                   "column)");
  }

  if (const nlohmann::json* p = fields.Get("partition")) {
    OBKV_ASSIGN_OR_RETURN(
        family.partition,
        ParsePartitionSpec(*p, fields.PathOf("partition"), warnings));
  } else {
    family.partition = defaults.partition;
  }
  std::string policy_path;
  const nlohmann::json* window =
      PolicyOf(fields, "time_window", defaults.time_window, &policy_path);
  OBKV_RETURN_IF_ERROR(ParseTimeWindow(window, policy_path, &family));
  const nlohmann::json* split =
      PolicyOf(fields, "auto_split", defaults.auto_split, &policy_path);
  OBKV_RETURN_IF_ERROR(ParseAutoSplit(split, policy_path, &family));
  if (const nlohmann::json* a = fields.Get("hbase_attributes")) {
    OBKV_ASSIGN_OR_RETURN(
        family.hbase_attributes,
        ParseHBaseAttributes(*a, fields.PathOf("hbase_attributes"),
                             HBaseAttributeScope::kFamily));
  }
  if (table.layout == Layout::kTimeseries && family.max_versions > 0) {
    warnings->push_back(
        fields.PathOf("max_versions") +
        ": ignored by timeseries families (OBKV returns every version "
        "within the TTL)");
  }
  return family;
}

Result<TableSpec> ParseSpecObject(const nlohmann::json& root) {
  JsonFields fields(root, "");
  OBKV_RETURN_IF_ERROR(fields.CheckObject());
  OBKV_RETURN_IF_ERROR(fields.CheckKnown(
      {"table", "layout", "families", "partition", "rowkey", "hbase_attributes",
       "disabled", "time_window", "auto_split", "indexes"}));

  TableSpec table;
  OBKV_ASSIGN_OR_RETURN(table.name, fields.String("table"));
  OBKV_RETURN_IF_ERROR(ValidateTableName(table.name, "table"));
  // "default:t" is "t", as in HBase.
  if (table.name.find(':') != std::string::npos &&
      TableNamespace(table.name) == kDefaultNamespace) {
    table.name = std::string(TableQualifier(table.name));
  }
  if (TableNamespace(table.name) == kSystemNamespace) {
    return Status::InvalidArgument(
        "table: the namespace 'hbase' is reserved for HBase's system "
        "tables, got '" +
        table.name + "'");
  }
  // SQLite refuses to create objects named sqlite_* (any case), and every
  // relation of the table starts with its name.
  if (AsciiLower(table.name).rfind("sqlite_", 0) == 0) {
    return Status::InvalidArgument(
        "table: names starting with 'sqlite_' are reserved by SQLite, got '" +
        table.name + "'");
  }

  OBKV_ASSIGN_OR_RETURN(auto layout, fields.OptionalString("layout"));
  if (!layout || *layout == "normal") {
    table.layout = Layout::kNormal;
  } else if (*layout == "timeseries") {
    table.layout = Layout::kTimeseries;
  } else {
    return Status::InvalidArgument(
        "layout: must be \"normal\" or \"timeseries\", got " +
        JsonForMessage(*fields.Get("layout")));
  }

  TableDefaults defaults;
  if (const nlohmann::json* p = fields.Get("partition")) {
    OBKV_ASSIGN_OR_RETURN(defaults.partition,
                          ParsePartitionSpec(*p, "partition", &table.warnings));
  }
  defaults.time_window = fields.Get("time_window");
  defaults.auto_split = fields.Get("auto_split");
  OBKV_ASSIGN_OR_RETURN(auto disabled, fields.OptionalBool("disabled"));
  table.disabled = disabled.value_or(false);

  if (const nlohmann::json* a = fields.Get("hbase_attributes")) {
    OBKV_ASSIGN_OR_RETURN(table.hbase_attributes,
                          ParseHBaseAttributes(*a, "hbase_attributes",
                                               HBaseAttributeScope::kTable));
  }

  if (const nlohmann::json* r = fields.Get("rowkey")) {
    OBKV_ASSIGN_OR_RETURN(table.rowkey,
                          ParseRowkeySpec(*r, "rowkey", &table.warnings));
  }

  const nlohmann::json* families = fields.Get("families");
  if (families == nullptr) {
    return Status::InvalidArgument(
        "families: required (an array of at least one family)");
  }
  if (!families->is_array() || families->empty()) {
    return Status::InvalidArgument(
        "families: must be a non-empty array of families, got " +
        JsonForMessage(*families));
  }
  // SQLite and OceanBase (lower_case_table_names) compare table names
  // case-insensitively, so "t$cf" and "t$CF" would be the same relation.
  std::map<std::string, size_t> seen;  // lower-case name -> index
  for (size_t i = 0; i < families->size(); ++i) {
    const std::string path = IndexPath("families", i);
    OBKV_ASSIGN_OR_RETURN(
        FamilySpec family,
        ParseFamily((*families)[i], path, table, defaults, &table.warnings));
    auto [it, inserted] = seen.emplace(AsciiLower(family.name), i);
    if (!inserted) {
      const std::string& other = table.families[it->second].name;
      if (other == family.name) {
        return Status::InvalidArgument(path + ".name: duplicate family '" +
                                       family.name + "'");
      }
      return Status::InvalidArgument(
          path + ".name: family '" + family.name + "' collides with '" + other +
          "' (" + IndexPath("families", it->second) +
          "); table names are case-insensitive in SQLite and OceanBase");
    }
    table.families.push_back(std::move(family));
  }
  if (table.families.size() > 1) {
    for (size_t i = 0; i < table.families.size(); ++i) {
      if (table.families[i].auto_split_max_cells == 0) continue;
      return Status::InvalidArgument(
          IndexPath("families", i) +
          ".auto_split: OceanBase does not split automatically a table in a "
          "table group of several tables, and table '" +
          table.name + "' has " + std::to_string(table.families.size()) +
          " families");
    }
  }
  if (const nlohmann::json* indexes = fields.Get("indexes")) {
    OBKV_ASSIGN_OR_RETURN(table.indexes,
                          ParseIndexes(*indexes, "indexes", table));
  }
  nlohmann::json canonical = root;
  canonical["table"] = table.name;
  table.json = canonical.dump();
  return table;
}

}  // namespace

Result<TableSpec> ParseTableSpec(std::string_view json_text) {
  nlohmann::json root;
  try {
    DuplicateKeyChecker checker;
    root = nlohmann::json::parse(
        json_text.begin(), json_text.end(),
        [&checker](int depth, nlohmann::json::parse_event_t event,
                   nlohmann::json& parsed) {
          return checker(depth, event, parsed);
        });
  } catch (const DuplicateKey& e) {
    return Status::InvalidArgument(e.path + ": duplicate key");
  } catch (const nlohmann::json::parse_error& e) {
    return Status::InvalidArgument(
        std::string("spec: malformed JSON at byte ") + std::to_string(e.byte) +
        ": " + AsciiMessage(e.what()));
  } catch (const std::exception& e) {
    return Status::InvalidArgument(std::string("spec: malformed JSON: ") +
                                   AsciiMessage(e.what()));
  }
  try {
    return ParseSpecObject(root);
  } catch (const std::exception& e) {
    // Defensive: nlohmann::json type errors must never escape the API.
    return Status::InvalidArgument(std::string("spec: ") + e.what());
  }
}

Result<TableSpec> LoadTableSpecFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    // An ifstream opens a directory on Linux and then reads nothing, which
    // would be reported as malformed JSON.
    return Status::IOError(path + ": is a directory, not a spec file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status::IOError(path + ": cannot open spec file");
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Status::IOError(path + ": read error");
  Result<TableSpec> spec = ParseTableSpec(text.str());
  if (!spec.ok()) return spec.status().WithPrefix(path);
  return spec;
}

}  // namespace obkvlite
