// Copyright (c) obkvlite authors.
#include "spec/json_fields.h"

#include <limits>

namespace obkvlite {

namespace {

constexpr size_t kMessageMax = 60;

// A string's JSON form, from at most the first `limit` + 8 bytes: enough to
// fill a message, without copying a huge string whole.
std::string DumpString(const std::string& s, size_t limit) {
  const nlohmann::json j(s.size() > limit + 8 ? s.substr(0, limit + 8) : s);
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Appends the compact JSON form of `value` (as dump(-1) writes it) to `out`,
// stopping once `out` is longer than `limit`. Every level writes a bracket
// before descending, so the recursion is at most limit + 1 deep whatever
// the nesting of the input (dump() itself recurses without bound).
void RenderBounded(const nlohmann::json& value, size_t limit,
                   std::string* out) {
  if (out->size() > limit) return;
  if (value.is_array()) {
    out->push_back('[');
    bool first = true;
    for (const nlohmann::json& item : value) {
      if (out->size() > limit) return;
      if (!first) out->push_back(',');
      first = false;
      RenderBounded(item, limit, out);
    }
    out->push_back(']');
  } else if (value.is_object()) {
    out->push_back('{');
    bool first = true;
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (out->size() > limit) return;
      if (!first) out->push_back(',');
      first = false;
      *out += DumpString(it.key(), limit);
      out->push_back(':');
      RenderBounded(it.value(), limit, out);
    }
    out->push_back('}');
  } else if (value.is_string()) {
    *out += DumpString(value.get_ref<const std::string&>(), limit);
  } else {
    *out +=
        value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
}

}  // namespace

std::string JsonForMessage(const nlohmann::json& value) {
  std::string text;
  RenderBounded(value, kMessageMax, &text);
  if (text.size() > kMessageMax) {
    // Cut on a UTF-8 character boundary: the message must stay valid UTF-8
    // (exec results carry it inside JSON).
    size_t cut = kMessageMax;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
      --cut;
    }
    text = text.substr(0, cut) + "...";
  }
  return text;
}

namespace {

// True for members that read unambiguously after a '.': [A-Za-z_][A-Za-z0-9_]*.
bool IsPlainMember(std::string_view member) {
  if (member.empty()) return false;
  for (size_t i = 0; i < member.size(); ++i) {
    const char c = member[i];
    const bool alpha = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    const bool digit = c >= '0' && c <= '9';
    if (!(alpha || c == '_' || (digit && i > 0))) return false;
  }
  return true;
}

}  // namespace

std::string JoinPath(std::string_view path, std::string_view member) {
  if (!IsPlainMember(member)) {
    // "", "a b", "x.y": written as a quoted JSON string in brackets.
    return std::string(path) + "[" +
           JsonForMessage(nlohmann::json(std::string(member))) + "]";
  }
  if (path.empty()) return std::string(member);
  std::string out(path);
  out += '.';
  out += member;
  return out;
}

std::string IndexPath(std::string_view path, size_t index) {
  std::string out(path);
  out += '[';
  out += std::to_string(index);
  out += ']';
  return out;
}

Result<int64_t> ReadInteger(const nlohmann::json& value, std::string_view path,
                            int64_t min, int64_t max, std::string_view what) {
  auto fail = [&]() {
    return Status::InvalidArgument(std::string(path) + ": must be " +
                                   std::string(what) + ", got " +
                                   JsonForMessage(value));
  };
  int64_t v = 0;
  if (value.is_number_unsigned()) {
    uint64_t u = value.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      return fail();
    }
    v = static_cast<int64_t>(u);
  } else if (value.is_number_integer()) {
    v = value.get<int64_t>();
  } else {
    return fail();
  }
  if (v < min || v > max) return fail();
  return v;
}

Status JsonFields::CheckObject() const {
  if (object_.is_object()) return Status::OK();
  return Status::InvalidArgument((path_.empty() ? "spec" : path_) +
                                 ": must be a JSON object, got " +
                                 JsonForMessage(object_));
}

Status JsonFields::CheckKnown(
    std::initializer_list<std::string_view> allowed) const {
  for (auto it = object_.begin(); it != object_.end(); ++it) {
    bool known = false;
    for (std::string_view name : allowed) known = known || it.key() == name;
    if (known) continue;
    std::string list;
    for (std::string_view name : allowed) {
      if (!list.empty()) list += ", ";
      list += name;
    }
    return Status::InvalidArgument(PathOf(it.key()) +
                                   ": unknown field (allowed: " + list + ")");
  }
  return Status::OK();
}

bool JsonFields::Has(std::string_view key) const { return Get(key) != nullptr; }

const nlohmann::json* JsonFields::Get(std::string_view key) const {
  auto it = object_.find(key);
  return it == object_.end() ? nullptr : &*it;
}

Result<std::string> JsonFields::String(std::string_view key) const {
  const nlohmann::json* v = Get(key);
  if (v == nullptr) {
    return Status::InvalidArgument(PathOf(key) + ": required");
  }
  if (!v->is_string()) {
    return Status::InvalidArgument(PathOf(key) + ": must be a string, got " +
                                   JsonForMessage(*v));
  }
  return v->get<std::string>();
}

Result<std::optional<std::string>> JsonFields::OptionalString(
    std::string_view key) const {
  if (!Has(key)) return std::optional<std::string>();
  Result<std::string> s = String(key);
  if (!s.ok()) return s.status();
  return std::optional<std::string>(std::move(s).value());
}

Result<std::optional<bool>> JsonFields::OptionalBool(
    std::string_view key) const {
  const nlohmann::json* v = Get(key);
  if (v == nullptr) return std::optional<bool>();
  if (!v->is_boolean()) {
    return Status::InvalidArgument(
        PathOf(key) + ": must be true or false, got " + JsonForMessage(*v));
  }
  return std::optional<bool>(v->get<bool>());
}

Result<int64_t> JsonFields::Integer(std::string_view key, int64_t min,
                                    int64_t max, std::string_view what) const {
  const nlohmann::json* v = Get(key);
  if (v == nullptr) {
    return Status::InvalidArgument(PathOf(key) + ": required (" +
                                   std::string(what) + ")");
  }
  return ReadInteger(*v, PathOf(key), min, max, what);
}

Result<std::optional<int64_t>> JsonFields::OptionalInteger(
    std::string_view key, int64_t min, int64_t max,
    std::string_view what) const {
  if (!Has(key)) return std::optional<int64_t>();
  Result<int64_t> v = Integer(key, min, max, what);
  if (!v.ok()) return v.status();
  return std::optional<int64_t>(*v);
}

}  // namespace obkvlite
