// Copyright (c) obkvlite authors.
#include "hbase/filter/regex/pcre2_regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <string>

#include "hbase/filter/regex/java_utf8.h"

namespace obkvlite {
namespace filter {
namespace {

std::string ErrorText(int code) {
  PCRE2_UCHAR buffer[256];
  if (pcre2_get_error_message(code, buffer, sizeof(buffer)) < 0) {
    return "PCRE2 error " + std::to_string(code);
  }
  return std::string(reinterpret_cast<const char*>(buffer));
}

bool IsUtfError(int rc) {
  return rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21;
}

// The message of a match that reached a limit.
Status LimitError(int rc, size_t subject_bytes) {
  std::string what;
  switch (rc) {
    case PCRE2_ERROR_MATCHLIMIT:
      what = "its limit of " + std::to_string(kRegexMatchLimit) + " steps";
      break;
    case PCRE2_ERROR_HEAPLIMIT:
      what = "its memory limit of " + std::to_string(kRegexHeapLimit >> 20) +
             " MiB";
      break;
    case PCRE2_ERROR_JIT_STACKLIMIT:
      what = "its stack limit of " + std::to_string(kRegexJitStackLimit >> 20) +
             " MiB";
      break;
    default:
      return Status::InvalidArgument("regular expression match failed on a " +
                                     std::to_string(subject_bytes) +
                                     "-byte value (" + ErrorText(rc) + ")");
  }
  return Status::InvalidArgument("regular expression match reached " + what +
                                 " on a " + std::to_string(subject_bytes) +
                                 "-byte value");
}

}  // namespace

struct Pcre2Regex::Impl {
  pcre2_code* code = nullptr;
  pcre2_match_context* context = nullptr;
  pcre2_match_data* data = nullptr;

  ~Impl() {
    pcre2_match_data_free(data);
    pcre2_match_context_free(context);
    pcre2_code_free(code);
  }

  // pcre2_match() with this regex's limits; a JIT match that needs more
  // than the default stack is retried once with a stack of its own.
  int Match(std::string_view subject, uint32_t options) {
    const auto* s = reinterpret_cast<PCRE2_SPTR>(subject.data());
    int rc = pcre2_match(code, s, subject.size(), 0, options, data, context);
    if (rc != PCRE2_ERROR_JIT_STACKLIMIT) return rc;
    pcre2_jit_stack* stack =
        pcre2_jit_stack_create(256 << 10, kRegexJitStackLimit, nullptr);
    pcre2_match_context* big = pcre2_match_context_copy(context);
    if (stack == nullptr || big == nullptr) {
      pcre2_match_context_free(big);
      pcre2_jit_stack_free(stack);
      return PCRE2_ERROR_NOMEMORY;
    }
    pcre2_jit_stack_assign(big, nullptr, stack);
    rc = pcre2_match(code, s, subject.size(), 0, options, data, big);
    pcre2_match_context_free(big);
    pcre2_jit_stack_free(stack);
    return rc;
  }
};

Pcre2Regex::Pcre2Regex(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Pcre2Regex::~Pcre2Regex() = default;

Result<std::unique_ptr<Pcre2Regex>> Pcre2Regex::Compile(
    std::string_view pattern, size_t* error_offset) {
  auto impl = std::make_unique<Impl>();
  pcre2_compile_context* cc = pcre2_compile_context_create(nullptr);
  if (cc == nullptr) return Status::IOError("regex: out of memory");
  // \R is any Unicode line break, as Java's.
  pcre2_set_bsr(cc, PCRE2_BSR_UNICODE);
  int error = 0;
  PCRE2_SIZE offset = 0;
  impl->code = pcre2_compile(
      reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
      PCRE2_UTF | PCRE2_NEVER_UCP | PCRE2_NEVER_BACKSLASH_C, &error, &offset,
      cc);
  pcre2_compile_context_free(cc);
  if (impl->code == nullptr) {
    *error_offset = offset;
    return Status::InvalidArgument(ErrorText(error));
  }
  // Without JIT support (or memory for it) the interpreter runs instead.
  (void)pcre2_jit_compile(impl->code, PCRE2_JIT_COMPLETE);
  impl->context = pcre2_match_context_create(nullptr);
  impl->data = pcre2_match_data_create(1, nullptr);
  if (impl->context == nullptr || impl->data == nullptr) {
    return Status::IOError("regex: out of memory");
  }
  pcre2_set_match_limit(impl->context, kRegexMatchLimit);
  pcre2_set_heap_limit(impl->context,
                       static_cast<uint32_t>(kRegexHeapLimit >> 10));
  return std::unique_ptr<Pcre2Regex>(new Pcre2Regex(std::move(impl)));
}

Result<bool> Pcre2Regex::Find(std::string_view subject) {
  int rc = impl_->Match(subject, 0);
  if (IsUtfError(rc)) {
    // Java decodes the value first: match its U+FFFD-repaired form.
    const std::string repaired = ToJavaUtf8(subject);
    rc = impl_->Match(repaired, PCRE2_NO_UTF_CHECK);
  }
  // 0: a match whose groups did not fit the (one-pair) match data.
  if (rc >= 0) return true;
  if (rc == PCRE2_ERROR_NOMATCH) return false;
  return LimitError(rc, subject.size());
}

}  // namespace filter
}  // namespace obkvlite
