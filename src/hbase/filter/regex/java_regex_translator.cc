// Copyright (c) obkvlite authors.
#include "hbase/filter/regex/java_regex_translator.h"

#include "hbase/filter/regex/java_regex_parser.h"
#include "util/printable.h"

namespace obkvlite {
namespace filter {

size_t Pcre2Translation::SourceOffset(size_t offset) const {
  return offset < source_offsets.size() ? source_offsets[offset] : source_size;
}

Result<Pcre2Translation> TranslateJavaRegex(std::string_view java,
                                            bool case_insensitive) {
  return java_regex::JavaRegexParser(java, case_insensitive).Run();
}

Status InvalidRegex(std::string_view java, const std::string& reason) {
  return Status::InvalidArgument("expected a valid regular expression, got '" +
                                 util::Printable(java) + "' (" + reason + ")");
}

}  // namespace filter
}  // namespace obkvlite
