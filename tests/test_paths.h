// Copyright (c) obkvlite authors.
//
// The paths the suites need: the checkout and the programs they run. The
// build writes their definitions (test_paths.cc in the build folder,
// tests/CMakeLists.txt), so that no suite's object holds an absolute path
// and a compiler cache shares the objects between clones in other folders.
//
// The macros keep the suites' spelling: OBKV_SOURCE_DIR and the others
// are `const char*` expressions, never string literals to paste to.
//
// Thread safety: pure functions over constants.

#ifndef OBKVLITE_TESTS_TEST_PATHS_H_
#define OBKVLITE_TESTS_TEST_PATHS_H_

namespace obkvlite {
namespace testing {

// The root of the checkout the suites were built from.
const char* SourceDir();
// The obkv command of the same build.
const char* ObkvBinary();
// obkv-crash-writer, the process the crash suites kill.
const char* CrashWriterBinary();
// obkv-bench; "" in a build without it (the sanitizer builds).
const char* BenchBinary();
// examples/embed.cpp built; "" in a build without the examples.
const char* ExampleEmbedBinary();

}  // namespace testing
}  // namespace obkvlite

#define OBKV_SOURCE_DIR (::obkvlite::testing::SourceDir())
#define OBKV_BINARY (::obkvlite::testing::ObkvBinary())
#define OBKV_CRASH_WRITER (::obkvlite::testing::CrashWriterBinary())
#define OBKV_BENCH_BINARY (::obkvlite::testing::BenchBinary())
#define OBKV_EXAMPLE_EMBED (::obkvlite::testing::ExampleEmbedBinary())

#endif  // OBKVLITE_TESTS_TEST_PATHS_H_
