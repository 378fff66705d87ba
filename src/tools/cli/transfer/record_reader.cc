// Copyright (c) obkvlite authors.
#include "tools/cli/transfer/record_reader.h"

#include <utility>

namespace obkvlite {
namespace cli {
namespace {

Status QuoteError(size_t field, const std::string& what, size_t offset) {
  return Status::InvalidArgument("field " + std::to_string(field) + ": " +
                                 what + " at offset " + std::to_string(offset));
}

}  // namespace

RecordReader::RecordReader(std::istream& in, RecordSyntax syntax)
    : in_(in), syntax_(syntax) {}

bool RecordReader::ReadLine(std::string* text, bool* had_cr) {
  if (!std::getline(in_, *text)) return false;
  ++lines_read_;
  *had_cr = !text->empty() && text->back() == '\r';
  if (*had_cr) text->pop_back();
  return true;
}

Result<bool> RecordReader::Next(std::vector<std::string>* fields) {
  std::string text;
  bool had_cr = false;
  do {
    if (!ReadLine(&text, &had_cr)) {
      if (in_.bad()) {
        return Status::IOError("read error after line " +
                               std::to_string(lines_read_));
      }
      return false;
    }
  } while (text.empty());
  record_line_ = lines_read_;
  if (!syntax_.quoted) {
    SplitDelimited(text, fields);
    return true;
  }
  OBKV_RETURN_IF_ERROR(ParseQuoted(std::move(text), had_cr, fields));
  return true;
}

void RecordReader::SplitDelimited(const std::string& text,
                                  std::vector<std::string>* fields) const {
  fields->clear();
  size_t start = 0;
  for (;;) {
    const size_t end = text.find(syntax_.separator, start);
    fields->emplace_back(text, start,
                         end == std::string::npos ? end : end - start);
    if (end == std::string::npos) return;
    start = end + 1;
  }
}

Status RecordReader::ParseQuoted(std::string text, bool had_cr,
                                 std::vector<std::string>* fields) {
  fields->assign(1, std::string());
  size_t base = 0;  // offset of `text` in the record
  size_t open = 0;  // record offset of the open quote
  bool in_quotes = false;
  bool closed = false;  // the current field was quoted and is closed
  size_t i = 0;
  for (;;) {
    if (i == text.size()) {
      if (!in_quotes) return Status::OK();
      // A line break inside quotes belongs to the field.
      std::string next;
      bool next_cr = false;
      if (!ReadLine(&next, &next_cr)) {
        if (in_.bad()) {
          return Status::IOError("read error after line " +
                                 std::to_string(lines_read_));
        }
        return QuoteError(fields->size(), "unterminated quote opened", open);
      }
      fields->back() += had_cr ? "\r\n" : "\n";
      base += text.size() + (had_cr ? 2 : 1);
      text = std::move(next);
      had_cr = next_cr;
      i = 0;
      continue;
    }
    const char c = text[i];
    std::string& field = fields->back();
    if (in_quotes) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field.push_back('"');
        i += 2;
        continue;
      }
      if (c == '"') {
        in_quotes = false;
        closed = true;
      } else {
        field.push_back(c);
      }
      ++i;
      continue;
    }
    if (c == syntax_.separator) {
      fields->emplace_back();
      closed = false;
    } else if (closed) {
      return QuoteError(fields->size(), "text after the closing quote",
                        base + i);
    } else if (c == '"' && field.empty()) {
      in_quotes = true;
      open = base + i;
    } else {
      field.push_back(c);
    }
    ++i;
  }
}

}  // namespace cli
}  // namespace obkvlite
