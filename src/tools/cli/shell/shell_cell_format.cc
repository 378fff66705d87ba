// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_cell_format.h"

namespace obkvlite {
namespace cli {
namespace {

constexpr size_t kLeftWidth = 31;

// The first `n` UTF-8 characters of `text` (Ruby's str[0, n]).
std::string FirstChars(const std::string& text, int64_t n) {
  size_t i = 0;
  for (int64_t chars = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (chars++ == n) break;
  }
  return text.substr(0, i);
}

}  // namespace

Result<std::string> ShellCellFormat::Row(std::string_view row) const {
  return FormatBytes(formatter_, row);
}

Result<std::string> ShellCellFormat::Column(const Cell& cell) const {
  OBKV_ASSIGN_OR_RETURN(std::string family,
                        FormatBytes(formatter_, cell.family));
  OBKV_ASSIGN_OR_RETURN(std::string qualifier,
                        FormatBytes(formatter_, cell.qualifier));
  return family + ":" + qualifier;
}

Result<std::string> ShellCellFormat::Text(const Cell& cell) const {
  auto it = columns_.find({cell.family, cell.qualifier});
  OBKV_ASSIGN_OR_RETURN(
      std::string value,
      FormatBytes(it == columns_.end() ? formatter_ : it->second, cell.value));
  std::string text =
      "timestamp=" + std::to_string(cell.timestamp) + ", value=" + value;
  return max_length_ < 0 ? text : FirstChars(text, max_length_);
}

std::string ShellTwoColumns(const std::string& left, const std::string& right) {
  std::string out = left;
  out.append(left.size() < kLeftWidth ? kLeftWidth - left.size() : 1, ' ');
  return out + right + "\n";
}

}  // namespace cli
}  // namespace obkvlite
