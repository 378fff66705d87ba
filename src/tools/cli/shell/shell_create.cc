// Copyright (c) obkvlite authors.
//
// The shell's create and alter: HBase's create syntax (admin.rb create, cfd and
// update_htd_from_arg) turned into a table spec (DESIGN §6), validated by
// ParseTableSpec:
//   'f' or {NAME => 'f', ...}          a family; VERSIONS (default 1, as
//       HBase and OBKV-HBase's Admin), TTL (seconds, 'FOREVER' or HBase's
//       '1 DAY 2 HOURS' form), VALUE_TYPE ('varbinary(N)' or
//       'longblob') and CELL_TTL (true: OBKV-HBase's TTL column, a TTL per
//       cell set by put's {TTL => ms}) have an effect; HBase's other family
//       attributes and the CONFIGURATION and METADATA maps are kept as the
//       spec's "hbase_attributes"; numbers may be quoted (VERSIONS => '3')
//   SPLITS => ['a', 'm'] | SPLITS_FILE => 'path'
//                                      RANGE COLUMNS(K) with MAXVALUE last;
//                                      the keys are Bytes.toBytesBinary text
//   NUMREGIONS => n, SPLITALGO => 'HexStringSplit' | 'DecimalStringSplit' |
//       'UniformSplit'                 the same on RegionSplitter's points
//   NUMREGIONS => n                    KEY(K) PARTITIONS n (HBase refuses
//                                      NUMREGIONS without SPLITALGO; OBKV
//                                      advises KEY partitioning)
//   PARTITION => '{json}'              the spec's "partition" object
//   LAYOUT => 'timeseries'
//   table attributes (OWNER, MAX_FILESIZE, READONLY, DURABILITY, ...,
//       CONFIGURATION, METADATA)       the table's "hbase_attributes"
// alter takes the same family descriptors (admin.rb alter): 'f' or
// {NAME => 'f', ...} adds the family or changes what it sets of an
// existing one; 'delete' => 'f' and {NAME => 'f', METHOD => 'delete'}
// delete it; a map without NAME (or METHOD => 'table_att') sets table
// attributes, METHOD => 'table_att_unset' / 'table_conf_unset' with
// NAME => 'KEY' unsets one (AlterTableAttributes); it prints HBase's
// "Updating all regions with the new schema...", "1/1 regions updated."
// and "Done." (alter_spec.h).
// Arguments HBase ignores are ignored with HBase's notice: "Unknown
// argument ignored for column family f: X", "An argument ignored (unknown
// or overridden): X". A family given twice takes the later settings over
// the earlier ones, with HBase's "Family 'f' already exists, the old one
// will be replaced".

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "obkvlite/advise.h"
#include "obkvlite/bytes.h"
#include "obkvlite/spec.h"
#include "tools/cli/alter_spec.h"
#include "tools/cli/hbase_ttl.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

using nlohmann::json;

// What create collects beside the spec.
struct CreateState {
  json spec;
  std::vector<std::string> notices;  // HBase's "... ignored" lines
};

// An attribute's value as the HBase shell hands it to a descriptor setter:
// a string as it is, an integer in decimal, a bare word (true) as written.
Result<std::string> AttributeText(const std::string& command,
                                  const std::string& key,
                                  const ShellValue& value) {
  switch (value.kind) {
    case ShellValue::Kind::kString:
    case ShellValue::Kind::kWord:
      return value.text;
    case ShellValue::Kind::kInteger:
      return std::to_string(value.integer);
    default:
      return ShellError(command, key +
                                     " must be a string, a number or "
                                     "true/false, got " +
                                     value.Describe());
  }
}

// CONFIGURATION / METADATA => {'key' => 'value'}.
Result<json> AttributeMap(const std::string& command, const std::string& key,
                          const ShellValue& value) {
  if (value.kind != ShellValue::Kind::kMap) {
    return ShellError(command, key + " must be a {'key' => 'value'} map, got " +
                                   value.Describe());
  }
  json out = json::object();
  for (const auto& [k, v] : value.entries) {
    OBKV_ASSIGN_OR_RETURN(std::string text,
                          AttributeText(command, key + " " + k, v));
    out[k] = text;
  }
  return out;
}

// One HBase attribute into `attributes`; false when `key` is not one.
Result<bool> HBaseAttribute(const std::string& command,
                            HBaseAttributeScope scope, const std::string& key,
                            const ShellValue& value, json* attributes) {
  if (key == "CONFIGURATION" || key == "METADATA") {
    OBKV_ASSIGN_OR_RETURN((*attributes)[key],
                          AttributeMap(command, key, value));
    return true;
  }
  OBKV_ASSIGN_OR_RETURN(std::string text, AttributeText(command, key, value));
  Result<std::string> canonical = CanonicalHBaseAttribute(scope, key, text);
  if (canonical.status().IsNotFound()) return false;
  if (!canonical.ok()) return canonical.status().WithPrefix(command);
  (*attributes)[key] = *canonical;
  return true;
}

// TTL => 3600 | '3600' | 'FOREVER' | '1 DAY 2 HOURS'; 0 is FOREVER.
Result<int64_t> Ttl(const std::string& command, const ShellValue& value) {
  if (value.kind == ShellValue::Kind::kInteger) {
    return ShellInteger(command, value, "TTL", 1);
  }
  OBKV_ASSIGN_OR_RETURN(std::string text, AttributeText(command, "TTL", value));
  Result<int64_t> ttl = ParseHBaseTtl(text);
  if (!ttl.ok()) return ttl.status().WithPrefix(command);
  if (*ttl == kHBaseForever) return 0;
  if (*ttl <= 0) {
    return ShellError(command, "TTL must be positive, got '" + text + "'");
  }
  return ttl;
}

Result<json> FamilyJson(const std::string& command, const ShellValue& map,
                        CreateState* state) {
  json family = json::object();
  json attributes = json::object();
  std::string name;
  std::vector<std::string> ignored;
  for (const auto& [key, value] : map.entries) {
    if (key == "NAME") {
      OBKV_ASSIGN_OR_RETURN(name, ShellString(command, value, key));
      family["name"] = name;
    } else if (key == "VERSIONS") {
      OBKV_ASSIGN_OR_RETURN(family["max_versions"],
                            ShellNumber(command, value, key, 1));
    } else if (key == "TTL") {
      OBKV_ASSIGN_OR_RETURN(int64_t ttl, Ttl(command, value));
      // null: FOREVER, which also clears a TTL set before (AddFamily).
      family["ttl_seconds"] = ttl > 0 ? json(ttl) : json(nullptr);
    } else if (key == "VALUE_TYPE") {
      OBKV_ASSIGN_OR_RETURN(std::string type, ShellString(command, value, key));
      family["value_type"] = type;
    } else if (key == "CELL_TTL") {
      OBKV_ASSIGN_OR_RETURN(bool cell_ttl, ShellBool(command, value, key));
      family["cell_ttl"] = cell_ttl;
    } else {
      OBKV_ASSIGN_OR_RETURN(
          bool known, HBaseAttribute(command, HBaseAttributeScope::kFamily, key,
                                     value, &attributes));
      if (!known) ignored.push_back(key);
    }
  }
  for (const std::string& key : ignored) {
    state->notices.push_back("Unknown argument ignored for column family " +
                             name + ": " + key);
  }
  if (!attributes.empty()) family["hbase_attributes"] = attributes;
  return family;
}

// Adds a family. A family named before is updated with what this one sets,
// as admin.rb's cfd starts from the table's descriptor of that name (a
// JSON merge patch: a null member removes it).
void AddFamily(const json& family, CreateState* state) {
  json& families = state->spec["families"];
  for (json& existing : families) {
    if (existing["name"] == family["name"]) {
      state->notices.push_back("Family '" + family["name"].get<std::string>() +
                               "' already exists, the old one will be "
                               "replaced");
      existing.merge_patch(family);
      return;
    }
  }
  families.push_back(json::object());
  families.back().merge_patch(family);
}

// RANGE COLUMNS(K) on split points (raw bytes), MAXVALUE last.
json RangePartition(const std::vector<std::string>& splits) {
  json bounds = json::array();
  for (const std::string& split : splits)
    bounds.push_back(ToStringBinary(split));
  bounds.push_back("MAXVALUE");
  return {{"strategy", "range"}, {"column", "K"}, {"bounds", bounds}};
}

// SPLITS => [...]: Bytes.toBytesBinary of each key.
Result<std::vector<std::string>> Splits(const std::string& command,
                                        const ShellValue& value) {
  if (value.kind != ShellValue::Kind::kList || value.items.empty()) {
    return ShellError(command, "SPLITS must be a non-empty list of row keys");
  }
  std::vector<std::string> out;
  for (const ShellValue& split : value.items) {
    OBKV_ASSIGN_OR_RETURN(std::string text,
                          ShellString(command, split, "SPLITS"));
    Result<std::string> bytes = FromStringBinary(text, "SPLITS");
    if (!bytes.ok()) return bytes.status().WithPrefix(command);
    out.push_back(*std::move(bytes));
  }
  // As HBase's admin client (createTable with split keys): the keys are
  // sorted, and a key given twice or an empty key is refused.
  std::sort(out.begin(), out.end());
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i].empty()) {
      return ShellError(
          command, "Empty split key must not be passed in the split keys.");
    }
    if (i > 0 && out[i] == out[i - 1]) {
      return ShellError(command,
                        "All split keys must be unique, found duplicate: " +
                            ToStringBinary(out[i]));
    }
  }
  return out;
}

// SPLITS_FILE => 'path': one key per line.
Result<std::vector<std::string>> SplitsFile(const std::string& command,
                                            const ShellValue& value) {
  OBKV_ASSIGN_OR_RETURN(std::string path,
                        ShellString(command, value, "SPLITS_FILE"));
  std::ifstream in(path);
  if (!in) {
    return ShellError(command, "Splits file " + path + " doesn't exist");
  }
  ShellValue list;
  list.kind = ShellValue::Kind::kList;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // chomp
    ShellValue split;
    split.text = line;
    list.items.push_back(std::move(split));
  }
  return Splits(command, list);
}

// NUMREGIONS => n: from `min`, at most a family's partitions.
Result<int64_t> Regions(const std::string& command, const ShellValue& value,
                        int64_t min) {
  OBKV_ASSIGN_OR_RETURN(int64_t n,
                        ShellNumber(command, value, "NUMREGIONS", 1));
  if (n > kMaxPartitions) {
    return ShellError(
        command, "NUMREGIONS: at most " + std::to_string(kMaxPartitions) +
                     " (the partitions of a family), got " + std::to_string(n));
  }
  if (n < min) {
    return ShellError(command, "Number of regions must be greater than 1");
  }
  return n;
}

// admin.rb's notice for a table argument it does not use.
std::string Ignored(const std::string& key) {
  return "An argument ignored (unknown or overridden): " + key;
}

// A map without NAME: table options, each map on its own as in admin.rb.
Status TableOptions(const std::string& command, const ShellValue& map,
                    CreateState* state) {
  json& spec = state->spec;
  const ShellValue* splits = nullptr;
  const ShellValue* splits_file = nullptr;
  const ShellValue* regions = nullptr;
  const ShellValue* algorithm = nullptr;
  json attributes = spec.value("hbase_attributes", json::object());
  for (const auto& [key, value] : map.entries) {
    if (key == "SPLITS") {
      splits = &value;
    } else if (key == "SPLITS_FILE") {
      splits_file = &value;
    } else if (key == "NUMREGIONS") {
      regions = &value;
    } else if (key == "SPLITALGO") {
      algorithm = &value;
    } else if (key == "PARTITION") {
      OBKV_ASSIGN_OR_RETURN(std::string text, ShellString(command, value, key));
      json partition = json::parse(text, nullptr, /*allow_exceptions=*/false);
      if (partition.is_discarded() || !partition.is_object()) {
        return ShellError(command,
                          "PARTITION must be a JSON object, e.g. "
                          "'{\"strategy\": \"key\", \"partitions\": 7}'");
      }
      spec["partition"] = partition;
    } else if (key == "LAYOUT") {
      OBKV_ASSIGN_OR_RETURN(std::string layout,
                            ShellString(command, value, key));
      spec["layout"] = layout;
    } else if (key == "METHOD") {
      // Deprecated for create; table_att is what the rest of the map does.
      if (value.kind != ShellValue::Kind::kString ||
          value.text != "table_att") {
        return ShellError(command,
                          "table_att is currently the only supported method");
      }
    } else {
      OBKV_ASSIGN_OR_RETURN(
          bool known, HBaseAttribute(command, HBaseAttributeScope::kTable, key,
                                     value, &attributes));
      if (!known) state->notices.push_back(Ignored(key));
    }
  }
  if (!attributes.empty()) spec["hbase_attributes"] = attributes;
  if (splits != nullptr || splits_file != nullptr) {
    OBKV_ASSIGN_OR_RETURN(std::vector<std::string> keys,
                          splits != nullptr
                              ? Splits(command, *splits)
                              : SplitsFile(command, *splits_file));
    spec["partition"] = RangePartition(keys);
    // As admin.rb: SPLITS wins, the pre-split keys stay unused.
    if (regions != nullptr) state->notices.push_back(Ignored("NUMREGIONS"));
    if (algorithm != nullptr) state->notices.push_back(Ignored("SPLITALGO"));
    return Status::OK();
  }
  if (algorithm != nullptr) {
    if (regions == nullptr) {
      return ShellError(command, "Number of regions must be specified");
    }
    OBKV_ASSIGN_OR_RETURN(int64_t n, Regions(command, *regions, 2));
    OBKV_ASSIGN_OR_RETURN(std::string name,
                          ShellString(command, *algorithm, "SPLITALGO"));
    SplitOptions options;
    Result<SplitAlgorithm> parsed = ParseSplitAlgorithm(name, "SPLITALGO");
    if (!parsed.ok()) return parsed.status().WithPrefix(command);
    options.algorithm = *parsed;
    options.regions = static_cast<int>(std::min<int64_t>(n, 1 << 30));
    Result<std::vector<std::string>> points = ComputeSplitPoints(options);
    if (!points.ok()) return points.status().WithPrefix(command);
    spec["partition"] = RangePartition(*points);
  } else if (regions != nullptr) {
    OBKV_ASSIGN_OR_RETURN(int64_t n, Regions(command, *regions, 1));
    spec["partition"] = {{"strategy", "key"}, {"partitions", n}};
  }
  return Status::OK();
}

bool HasName(const ShellValue& map) {
  for (const auto& entry : map.entries) {
    if (entry.first == "NAME") return true;
  }
  return false;
}

// A table change of alter (admin.rb alter, a map without NAME, or with
// METHOD => 'table_att', 'table_att_unset' or 'table_conf_unset'):
// applies it to `attributes`, the table's "hbase_attributes".
//   table_att (or no METHOD)  sets the attributes (OWNER, MAX_FILESIZE,
//       DURABILITY, ...) and adds the METADATA and CONFIGURATION keys given
//   table_att_unset NAME => 'K' or ['K', ...]  removes attribute K, or the
//       METADATA key K ("Could not find attribute: K" when neither is set)
//   table_conf_unset NAME => 'K'  removes the CONFIGURATION key K
Status AlterTableAttributes(const std::string& command, const ShellValue& map,
                            json* attributes, CreateState* state) {
  std::string method = "table_att";
  const ShellValue* name = nullptr;
  for (const auto& [key, value] : map.entries) {
    if (key == "METHOD") {
      OBKV_ASSIGN_OR_RETURN(method, ShellString(command, value, key));
    } else if (key == "NAME") {
      name = &value;
    }
  }
  if (method == "table_att_unset" || method == "table_conf_unset") {
    if (name == nullptr) {
      return ShellError(command,
                        "NAME parameter missing for " + method + " method");
    }
    std::vector<ShellValue> keys = {*name};
    if (name->kind == ShellValue::Kind::kList) keys = name->items;
    for (const ShellValue& k : keys) {
      OBKV_ASSIGN_OR_RETURN(std::string key, ShellString(command, k, "NAME"));
      const char* map_name =
          method == "table_conf_unset" ? "CONFIGURATION" : "METADATA";
      if (method == "table_att_unset" && attributes->contains(key) &&
          key != "METADATA" && key != "CONFIGURATION") {
        attributes->erase(key);
        continue;
      }
      json* keys_map =
          attributes->contains(map_name) ? &(*attributes)[map_name] : nullptr;
      if (keys_map == nullptr || !keys_map->contains(key)) {
        return ShellError(
            command,
            std::string("Could not find ") +
                (method == "table_conf_unset" ? "configuration" : "attribute") +
                ": " + key);
      }
      keys_map->erase(key);
      if (keys_map->empty()) attributes->erase(map_name);
    }
    return Status::OK();
  }
  if (method != "table_att") {
    return ShellError(command, "Unknown method '" + method +
                                   "': alter takes 'delete', 'table_att', "
                                   "'table_att_unset' and 'table_conf_unset'");
  }
  for (const auto& [key, value] : map.entries) {
    if (key == "METHOD") continue;
    json parsed = json::object();
    OBKV_ASSIGN_OR_RETURN(
        bool known, HBaseAttribute(command, HBaseAttributeScope::kTable, key,
                                   value, &parsed));
    if (!known) {
      state->notices.push_back("Unknown argument ignored: " + key);
      continue;
    }
    if (key == "METADATA" || key == "CONFIGURATION") {
      json& keys_map = (*attributes)[key];
      if (!keys_map.is_object()) keys_map = json::object();
      keys_map.update(parsed[key]);
    } else {
      (*attributes)[key] = parsed[key];
    }
  }
  return Status::OK();
}

}  // namespace

Status ShellSession::Create(const ShellCommand& c) {
  if (c.args.empty()) return ShellError(c.name, "takes 'TABLE' and families");
  if (c.args[0].kind != ShellValue::Kind::kString) {
    return ShellError(c.name, "Table name must be of type String");
  }
  const std::string& table = c.args[0].text;
  CreateState state;
  state.spec = {{"table", table}, {"families", json::array()}};
  for (size_t i = 1; i < c.args.size(); ++i) {
    const ShellValue& arg = c.args[i];
    if (arg.kind == ShellValue::Kind::kString) {
      ShellValue family;
      family.kind = ShellValue::Kind::kMap;
      family.entries.emplace_back("NAME", arg);
      OBKV_ASSIGN_OR_RETURN(json f, FamilyJson(c.name, family, &state));
      AddFamily(f, &state);
    } else if (arg.kind == ShellValue::Kind::kMap && HasName(arg)) {
      OBKV_ASSIGN_OR_RETURN(json f, FamilyJson(c.name, arg, &state));
      AddFamily(f, &state);
    } else if (arg.kind == ShellValue::Kind::kMap) {
      OBKV_RETURN_IF_ERROR(TableOptions(c.name, arg, &state));
    } else {
      return ShellError(
          c.name,
          "expected a family name or {NAME => ...}, got " + arg.Describe());
    }
  }
  for (const std::string& notice : state.notices) *out_ << notice << "\n";
  if (state.spec["families"].empty()) {
    return ShellError(c.name, "Table must have at least one column family");
  }
  // VERSIONS defaults to 1, as in HBase; OBKV's timeseries families return
  // every version, so they get no MaxVersions unless asked for.
  if (state.spec.value("layout", "") != "timeseries") {
    for (json& family : state.spec["families"]) {
      if (!family.contains("max_versions")) family["max_versions"] = 1;
    }
  }
  Result<TableSpec> parsed = ParseTableSpec(state.spec.dump());
  if (!parsed.ok()) return parsed.status().WithPrefix(c.name);
  Status created = store_->CreateTable(*parsed);
  if (!created.ok()) return created.WithPrefix(c.name);
  *out_ << "Created table " << table << "\n";
  ReturnTable(table);  // create.rb returns table(table)
  return Status::OK();
}

Status ShellSession::Alter(const ShellCommand& c) {
  if (c.args.size() < 2) {
    return ShellError(c.name, "takes 'TABLE' and family changes");
  }
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  const TableSpec current = table->spec();
  CreateState state;
  std::vector<FamilyAlter> alters;
  json table_attributes = json::object();
  if (const json spec = json::parse(current.json, nullptr, false);
      spec.is_object() && spec.contains("hbase_attributes")) {
    table_attributes = spec["hbase_attributes"];
  }
  bool table_changed = false;
  for (size_t i = 1; i < c.args.size(); ++i) {
    const ShellValue& arg = c.args[i];
    ShellValue family = arg;
    if (arg.kind == ShellValue::Kind::kString) {
      family.kind = ShellValue::Kind::kMap;
      family.entries = {{"NAME", arg}};
    } else if (arg.kind != ShellValue::Kind::kMap) {
      return ShellError(
          c.name,
          "expected a family name or {NAME => ...}, got " + arg.Describe());
    }
    // A table change: no NAME and no 'delete', or a table METHOD.
    bool table_method = !HasName(family);
    for (const auto& [key, value] : family.entries) {
      if (key == "delete") table_method = false;
      if (key == "METHOD" && value.kind == ShellValue::Kind::kString &&
          value.text.rfind("table_", 0) == 0) {
        table_method = true;
      }
    }
    if (table_method) {
      OBKV_RETURN_IF_ERROR(
          AlterTableAttributes(c.name, family, &table_attributes, &state));
      table_changed = true;
      continue;
    }
    // 'delete' => 'f', or METHOD => 'delete' beside NAME.
    FamilyAlter alter;
    ShellValue rest;
    rest.kind = ShellValue::Kind::kMap;
    for (const auto& [key, value] : family.entries) {
      if (key == "delete") {
        OBKV_ASSIGN_OR_RETURN(std::string name,
                              ShellString(c.name, value, "delete"));
        alter.remove = true;
        rest.entries.emplace_back("NAME", value);
      } else if (key == "METHOD") {
        OBKV_ASSIGN_OR_RETURN(std::string method,
                              ShellString(c.name, value, "METHOD"));
        if (method != "delete") {
          return ShellError(c.name,
                            "METHOD must be 'delete', got '" + method + "'");
        }
        alter.remove = true;
      } else {
        rest.entries.emplace_back(key, value);
      }
    }
    if (!HasName(rest)) {
      return ShellError(c.name, "a family change needs NAME => 'family'");
    }
    OBKV_ASSIGN_OR_RETURN(alter.family, FamilyJson(c.name, rest, &state));
    if (alter.remove) alter.family = {{"name", alter.family["name"]}};
    alters.push_back(std::move(alter));
  }
  for (const std::string& notice : state.notices) *out_ << notice << "\n";
  Result<TableSpec> spec = AlteredSpec(current, alters);
  if (!spec.ok()) return spec.status().WithPrefix(c.name);
  if (table_changed) {
    json altered = json::parse(spec->json, nullptr, false);
    if (table_attributes.empty()) {
      altered.erase("hbase_attributes");
    } else {
      altered["hbase_attributes"] = table_attributes;
    }
    spec = ParseTableSpec(altered.dump());
    if (!spec.ok()) return spec.status().WithPrefix(c.name);
  }
  *out_ << "Updating all regions with the new schema...\n";
  OBKV_RETURN_IF_ERROR(store_->AlterTable(*spec, {}).WithPrefix(c.name));
  const int regions = current.families.front().partition.FirstLevelCount();
  *out_ << regions << "/" << regions << " regions updated.\nDone.\n";
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
