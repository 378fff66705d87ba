// Copyright (c) obkvlite authors.
//
// libFuzzer target: the Bytes.toStringBinary decoder (FromStringBinary)
// and encoder. For any input: decoding never crashes; an accepted text
// re-encodes to a text that decodes to the same bytes; any bytes encode to
// printable ASCII that decodes back to them.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "obkvlite/bytes.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  obkvlite::Result<std::string> decoded = obkvlite::FromStringBinary(input);
  if (decoded.ok()) {
    obkvlite::Result<std::string> again =
        obkvlite::FromStringBinary(obkvlite::ToStringBinary(*decoded));
    OBKV_FUZZ_CHECK(again.ok() && *again == *decoded);
  } else {
    OBKV_FUZZ_CHECK(decoded.status().IsInvalidArgument());
  }
  const std::string encoded = obkvlite::ToStringBinary(input);
  for (char c : encoded) OBKV_FUZZ_CHECK(c >= 0x20 && c <= 0x7E);
  obkvlite::Result<std::string> round = obkvlite::FromStringBinary(encoded);
  OBKV_FUZZ_CHECK(round.ok() && *round == input);
  return 0;
}
