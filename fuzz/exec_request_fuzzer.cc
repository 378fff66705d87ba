// Copyright (c) obkvlite authors.
//
// libFuzzer target: the `obkv exec` line parser (ParseExecRequest). Any
// input must give a request or an InvalidArgument, never a crash or an
// exception.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "tools/cli/exec/exec_request.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  obkvlite::Result<obkvlite::cli::ExecRequest> request =
      obkvlite::cli::ParseExecRequest(line);
  if (!request.ok()) {
    OBKV_FUZZ_CHECK(request.status().IsInvalidArgument());
  }
  return 0;
}
