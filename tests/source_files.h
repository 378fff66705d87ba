// Copyright (c) obkvlite authors.
//
// Reading files of the source tree from tests (specs, goldens):
// OBKV_SOURCE_DIR is set by tests/CMakeLists.txt.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TESTS_SOURCE_FILES_H_
#define OBKVLITE_TESTS_SOURCE_FILES_H_

#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "test_paths.h"

namespace obkvlite {
namespace testing {

// OBKV_SOURCE_DIR/relative.
inline std::string SourcePath(const std::string& relative) {
  return std::string(OBKV_SOURCE_DIR) + "/" + relative;
}

// The whole file; fails the test when it cannot be opened.
inline std::string ReadSourceFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot open " << path);
  return std::string(std::istreambuf_iterator<char>(in),
                     std::istreambuf_iterator<char>());
}

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_SOURCE_FILES_H_
