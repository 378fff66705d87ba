// Copyright (c) obkvlite authors.
//
// libFuzzer target: the mysql:// store URI parser (storage/mysql/mysql_uri.h).
// Any input gives a URI or an InvalidArgument, never a crash; an accepted
// URI's printed forms (Redacted, Endpoint) do not depend on its password,
// it has at least one endpoint, and every parsed port is in [1, 65535].

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "storage/mysql/mysql_uri.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  obkvlite::Result<obkvlite::storage::MysqlUri> uri =
      obkvlite::storage::ParseMysqlUri(text);
  if (!uri.ok()) {
    OBKV_FUZZ_CHECK(uri.status().IsInvalidArgument());
    return 0;
  }
  OBKV_FUZZ_CHECK(!uri->endpoints.empty());
  for (const obkvlite::storage::MysqlEndpoint& endpoint : uri->endpoints) {
    OBKV_FUZZ_CHECK(endpoint.port >= 1 && endpoint.port <= 65535);
    OBKV_FUZZ_CHECK(!endpoint.host.empty());
  }
  OBKV_FUZZ_CHECK(!uri->user.empty() && !uri->database.empty());
  // The printed forms do not depend on the password at all.
  obkvlite::storage::MysqlUri other = *uri;
  other.password = uri->password + "x";
  OBKV_FUZZ_CHECK(other.Redacted() == uri->Redacted());
  OBKV_FUZZ_CHECK(other.Endpoint() == uri->Endpoint());
  return 0;
}
