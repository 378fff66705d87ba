// Copyright (c) obkvlite authors.
//
// libFuzzer target: the table spec parser (ParseTableSpec). Any input must
// give a spec or an InvalidArgument, never a crash; an accepted spec's
// canonical JSON must parse again to the same canonical JSON.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "obkvlite/spec.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  obkvlite::Result<obkvlite::TableSpec> spec = obkvlite::ParseTableSpec(text);
  if (!spec.ok()) {
    OBKV_FUZZ_CHECK(spec.status().IsInvalidArgument());
    return 0;
  }
  obkvlite::Result<obkvlite::TableSpec> again =
      obkvlite::ParseTableSpec(spec->json);
  OBKV_FUZZ_CHECK(again.ok());
  OBKV_FUZZ_CHECK(again->json == spec->json);
  return 0;
}
