// Copyright (c) obkvlite authors.
//
// libFuzzer target: the HBase filter language parser (ParseFilter). Any
// input must give a filter or an InvalidArgument starting "filter: ",
// never a crash or a stack overflow; an accepted filter's ToString() must
// parse again to the same text (the contract in obkvlite/filter.h).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "obkvlite/filter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  obkvlite::Result<std::unique_ptr<obkvlite::Filter>> filter =
      obkvlite::ParseFilter(text);
  if (!filter.ok()) {
    OBKV_FUZZ_CHECK(filter.status().IsInvalidArgument());
    OBKV_FUZZ_CHECK(filter.status().message().rfind("filter: ", 0) == 0);
    return 0;
  }
  const std::string canonical = (*filter)->ToString();
  obkvlite::Result<std::unique_ptr<obkvlite::Filter>> again =
      obkvlite::ParseFilter(canonical);
  OBKV_FUZZ_CHECK(again.ok());
  OBKV_FUZZ_CHECK((*again)->ToString() == canonical);
  return 0;
}
