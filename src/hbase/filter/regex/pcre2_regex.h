// Copyright (c) obkvlite authors.
//
// Pcre2Regex: one compiled PCRE2 pattern (UTF mode) and its matcher, the
// engine under the regexstring comparators (java_regex_translator.h makes
// the pattern from Java syntax).
//
// Compiled with JIT when the platform has it, with the interpreter
// otherwise. Every match runs under limits, so a hostile pattern cannot
// stall a scan: at most kRegexMatchLimit backtracking steps, kRegexHeapLimit
// bytes of interpreter memory and kRegexJitStackLimit bytes of JIT stack
// (a match first tries PCRE2's 32 KiB default, and gets a larger stack for
// that match only when it needs one). A match that reaches a limit is an
// error, never a silent "no match".
//
// Thread safety: Compile() from any thread; Find() reuses the regex's match
// data, so one thread at a time per regex (a filter serves one scan).

#ifndef OBKVLITE_HBASE_FILTER_REGEX_PCRE2_REGEX_H_
#define OBKVLITE_HBASE_FILTER_REGEX_PCRE2_REGEX_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace filter {

inline constexpr uint32_t kRegexMatchLimit = 10000000;
inline constexpr size_t kRegexHeapLimit = 64u << 20;
inline constexpr size_t kRegexJitStackLimit = 64u << 20;

class Pcre2Regex {
 public:
  ~Pcre2Regex();
  Pcre2Regex(const Pcre2Regex&) = delete;
  Pcre2Regex& operator=(const Pcre2Regex&) = delete;

  // Compiles `pattern` (PCRE2 syntax, valid UTF-8). On error, an
  // InvalidArgument with PCRE2's message, and *error_offset is the byte
  // offset in `pattern` where PCRE2 stopped.
  static Result<std::unique_ptr<Pcre2Regex>> Compile(std::string_view pattern,
                                                     size_t* error_offset);

  // True iff the pattern matches somewhere in `subject` (Java's
  // Matcher.find()). The subject is read as UTF-8; a malformed sequence
  // reads as U+FFFD (java_utf8.h). Error: InvalidArgument when the match
  // reaches one of the limits above.
  Result<bool> Find(std::string_view subject);

 private:
  struct Impl;
  explicit Pcre2Regex(std::unique_ptr<Impl> impl);

  std::unique_ptr<Impl> impl_;
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_REGEX_PCRE2_REGEX_H_
