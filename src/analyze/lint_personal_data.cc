// Copyright (c) obkvlite authors.
//
// Lint personal-data: e-mail addresses, international phone numbers and
// IPv4 addresses in keys (seed 004's anti-pattern 4: row keys are exposed
// in plain text in the WAL, the HFiles and the meta table).

#include <algorithm>
#include <regex>

#include "analyze/analyze_internal.h"

namespace obkvlite {
namespace analyze_internal {
namespace {

enum Kind { kEmail, kPhone, kIpv4, kKinds };

const char* const kKindNames[kKinds] = {"an e-mail address", "a phone number",
                                        "an IPv4 address"};

// The first match of kind `kind` in `key`, or an empty match.
bool Find(Kind kind, const std::string& key, std::smatch* m) {
  static const std::regex kEmailRe(
      R"([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})");
  static const std::regex kPhoneRe(R"(\+[0-9]{8,15})");
  static const std::regex kIpv4Re(
      R"((?:^|[^0-9.])((?:(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])\.){3})"
      R"((?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9]))(?:$|[^0-9.]))");
  switch (kind) {
    case kEmail:
      return key.find('@') != std::string::npos &&
             std::regex_search(key, *m, kEmailRe);
    case kPhone:
      return key.find('+') != std::string::npos &&
             std::regex_search(key, *m, kPhoneRe);
    case kIpv4:
      return std::count(key.begin(), key.end(), '.') >= 3 &&
             std::regex_search(key, *m, kIpv4Re);
    case kKinds:
      break;
  }
  return false;
}

// The key with the personal part masked: "u***@example.com", "+86*****00",
// "10.*.*.*".
std::string Masked(Kind kind, const std::string& key, const std::smatch& m) {
  const int group = kind == kIpv4 ? 1 : 0;
  const std::string found = m.str(group);
  std::string mask;
  if (kind == kEmail) {
    mask = found.substr(0, 1) + "***" + found.substr(found.find('@'));
  } else if (kind == kPhone) {
    mask = found.substr(0, 3) + std::string(found.size() - 5, '*') +
           found.substr(found.size() - 2);
  } else {
    mask = found.substr(0, found.find('.')) + ".*.*.*";
  }
  const size_t at = static_cast<size_t>(m.position(group));
  return key.substr(0, at) + mask + key.substr(at + found.size());
}

class PersonalDataRule : public LintRule {
 public:
  void Observe(const ObservedKey& k) override {
    const std::string key(k.key);
    bool any = false;
    for (int kind = 0; kind < kKinds; ++kind) {
      std::smatch m;
      if (!Find(static_cast<Kind>(kind), key, &m)) continue;
      if (counts_[kind]++ == 0) {
        examples_[kind] = Masked(static_cast<Kind>(kind), key, m);
      }
      any = true;
    }
    if (any) ++keys_;
  }

  std::optional<Lint> Finish(const LintContext& ctx) const override {
    if (keys_ == 0) return std::nullopt;
    std::string found;
    for (int kind = 0; kind < kKinds; ++kind) {
      if (counts_[kind] == 0) continue;
      if (!found.empty()) found += "; ";
      found += std::to_string(counts_[kind]) + " contain " + kKindNames[kind] +
               " (e.g. " + QuoteKey(examples_[kind]) + ")";
    }
    Lint lint;
    lint.id = "personal-data";
    lint.severity = LintSeverity::kWarning;
    lint.finding = std::to_string(keys_) + " of " + std::to_string(ctx.keys) +
                   " keys look like personal data: " + found;
    lint.reason =
        "row keys appear in plain text in the WAL, the HFiles, the meta "
        "table and OceanBase's logs, so anyone who can read those sees the "
        "data, and it cannot be masked per column";
    lint.fix =
        "put a hash of the value in the key (sha256(email)), keep the value "
        "in a protected column, and look it up through an index table";
    lint.citations = {
        "seed 004: do not put e-mail addresses or other sensitive data in "
        "row keys; they are exposed in plain text in the WAL, HFiles and "
        "meta table; use sha256(user@example.com)_20260308 instead"};
    return lint;
  }

 private:
  int64_t keys_ = 0;
  int64_t counts_[kKinds] = {0, 0, 0};
  std::string examples_[kKinds];
};

}  // namespace

std::unique_ptr<LintRule> NewPersonalDataRule() {
  return std::make_unique<PersonalDataRule>();
}

}  // namespace analyze_internal
}  // namespace obkvlite
