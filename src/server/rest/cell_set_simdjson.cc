// Copyright (c) obkvlite authors.
#include "server/rest/cell_set_simdjson.h"

#include <simdjson.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "server/rest/base64.h"

namespace obkvlite {
namespace rest {
namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

// Bodies up to this size reuse their thread's parser (its buffers keep the
// size of the largest body it read); a larger one gets a parser of its own.
constexpr size_t kReusedParserBytes = 1 << 20;

// The string `e` holds, base64-decoded into `*out`; false: not a string, or
// not base64.
bool DecodeString(element e, std::string* out) {
  std::string_view text;
  if (e.get_string().get(text) != simdjson::SUCCESS) return false;
  Result<std::string> bytes = Base64Decode(text, "body");
  if (!bytes.ok()) return false;
  *out = std::move(bytes).value();
  return true;
}

bool ReadCell(element e, CellModel* out) {
  simdjson::dom::object cell;
  if (e.get_object().get(cell) != simdjson::SUCCESS) return false;
  bool column = false, timestamp = false, value = false;
  for (simdjson::dom::key_value_pair field : cell) {
    if (field.key == "column") {
      if (std::exchange(column, true)) return false;
      out->column.emplace();
      if (!DecodeString(field.value, &*out->column)) return false;
    } else if (field.key == "timestamp") {
      if (std::exchange(timestamp, true)) return false;
      if (field.value.type() != element_type::INT64) return false;
      out->timestamp = field.value.get_int64().value_unsafe();
    } else if (field.key == "$") {
      if (std::exchange(value, true)) return false;
      if (!DecodeString(field.value, &out->value)) return false;
    }
  }
  return value;
}

bool ReadRow(element e, RowModel* out) {
  simdjson::dom::object row;
  if (e.get_object().get(row) != simdjson::SUCCESS) return false;
  bool key = false, cells = false;
  for (simdjson::dom::key_value_pair field : row) {
    if (field.key == "key") {
      if (std::exchange(key, true)) return false;
      out->key.emplace();
      if (!DecodeString(field.value, &*out->key)) return false;
    } else if (field.key == "Cell") {
      if (std::exchange(cells, true)) return false;
      simdjson::dom::array array;
      if (field.value.get_array().get(array) != simdjson::SUCCESS) {
        return false;
      }
      out->cells.reserve(array.size());
      for (element c : array) {
        out->cells.emplace_back();
        if (!ReadCell(c, &out->cells.back())) return false;
      }
    }
  }
  return cells;
}

std::optional<CellSetModel> ReadDocument(element doc) {
  simdjson::dom::object top;
  if (doc.get_object().get(top) != simdjson::SUCCESS) return std::nullopt;
  CellSetModel model;
  bool rows = false;
  for (simdjson::dom::key_value_pair field : top) {
    if (field.key != "Row") continue;
    if (std::exchange(rows, true)) return std::nullopt;
    simdjson::dom::array array;
    if (field.value.get_array().get(array) != simdjson::SUCCESS) {
      return std::nullopt;
    }
    model.rows.reserve(array.size());
    for (element r : array) {
      model.rows.emplace_back();
      if (!ReadRow(r, &model.rows.back())) return std::nullopt;
    }
  }
  if (!rows) return std::nullopt;
  return model;
}

}  // namespace

std::optional<CellSetModel> ReadPlainCellSetJson(std::string_view body) {
  std::unique_ptr<simdjson::dom::parser> own;
  simdjson::dom::parser* parser;
  if (body.size() <= kReusedParserBytes) {
    thread_local simdjson::dom::parser reused;
    parser = &reused;
  } else {
    own = std::make_unique<simdjson::dom::parser>();
    parser = own.get();
  }
  element doc;
  // Copies the body into a padded buffer of the parser's (simdjson reads
  // past the end in blocks).
  if (parser->parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS) {
    return std::nullopt;
  }
  return ReadDocument(doc);
}

}  // namespace rest
}  // namespace obkvlite
