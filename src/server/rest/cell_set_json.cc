// Copyright (c) obkvlite authors.
#include "server/rest/cell_set_json.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/rest/base64.h"
#include "server/rest/cell_set_simdjson.h"
#include "server/rest/json_body.h"

namespace obkvlite {
namespace rest {
namespace {

using nlohmann::json;

// A cell's members as they came, until its row ends.
struct RawCell {
  bool is_object = false;
  std::optional<json> column, timestamp, value;
};

// A row's members as they came, until it ends.
struct RawRow {
  std::optional<json> key;
  bool has_cells = false;
  bool cells_is_array = false;
  std::vector<RawCell> cells;
};

json* Or(std::optional<json>* member) {
  return member->has_value() ? &**member : nullptr;
}

// Decodes one row (DOM order of checks: key, Cell, then each cell's column,
// timestamp and $) into `out`.
Status DecodeRow(RawRow* raw, size_t r, RowModel* out) {
  const std::string rpath = "Row[" + std::to_string(r) + "]";
  OBKV_ASSIGN_OR_RETURN(std::optional<std::string> key,
                        JsonStringValue(Or(&raw->key), rpath + ".key"));
  if (key) {
    OBKV_ASSIGN_OR_RETURN(out->key,
                          Base64Decode(*key, "body: " + rpath + ".key"));
  }
  if (!raw->has_cells) {
    return Status::InvalidArgument("body: " + rpath + ".Cell: missing");
  }
  if (!raw->cells_is_array) {
    return Status::InvalidArgument("body: " + rpath +
                                   ".Cell: must be an array");
  }
  out->cells.reserve(raw->cells.size());
  for (size_t c = 0; c < raw->cells.size(); ++c) {
    RawCell& cell = raw->cells[c];
    const std::string cpath = rpath + ".Cell[" + std::to_string(c) + "]";
    if (!cell.is_object) {
      return Status::InvalidArgument("body: " + cpath + ": must be an object");
    }
    CellModel cm;
    OBKV_ASSIGN_OR_RETURN(std::optional<std::string> column,
                          JsonStringValue(Or(&cell.column), cpath + ".column"));
    if (column) {
      OBKV_ASSIGN_OR_RETURN(
          cm.column, Base64Decode(*column, "body: " + cpath + ".column"));
    }
    OBKV_ASSIGN_OR_RETURN(
        cm.timestamp, JsonIntValue(Or(&cell.timestamp), cpath + ".timestamp"));
    OBKV_ASSIGN_OR_RETURN(std::optional<std::string> value,
                          JsonStringValue(Or(&cell.value), cpath + ".$"));
    if (!value)
      return Status::InvalidArgument("body: " + cpath + ".$: missing");
    OBKV_ASSIGN_OR_RETURN(cm.value,
                          Base64Decode(*value, "body: " + cpath + ".$"));
    out->cells.push_back(std::move(cm));
  }
  return Status::OK();
}

// The SAX handler: a stack of the containers it reads, a count of the
// levels of a value it skips, and what the next value is for.
class CellSetReader : public nlohmann::json_sax<json> {
 public:
  bool null() override { return Value(json()); }
  bool boolean(bool v) override { return Value(json(v)); }
  bool number_integer(number_integer_t v) override { return Value(json(v)); }
  bool number_unsigned(number_unsigned_t v) override { return Value(json(v)); }
  bool number_float(number_float_t v, const string_t&) override {
    return Value(json(v));
  }
  bool string(string_t& v) override { return Value(json(std::move(v))); }
  bool binary(binary_t&) override { return Value(json()); }

  bool start_object(std::size_t) override { return Start(/*object=*/true); }
  bool start_array(std::size_t) override { return Start(/*object=*/false); }
  bool end_object() override { return End(); }
  bool end_array() override { return End(); }

  bool key(string_t& name) override {
    if (skip_ > 0) return true;
    slot_ = Slot::kIgnore;
    switch (frames_.back()) {
      case Frame::kTop:
        if (name == "Row") slot_ = Slot::kRows;
        break;
      case Frame::kRow:
        if (name == "key") slot_ = Slot::kRowKey;
        if (name == "Cell") slot_ = Slot::kRowCells;
        break;
      case Frame::kCell:
        if (name == "column") slot_ = Slot::kColumn;
        if (name == "timestamp") slot_ = Slot::kTimestamp;
        if (name == "$") slot_ = Slot::kValue;
        break;
      default:
        break;
    }
    return true;
  }

  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& ex) override {
    parse_error_ = dynamic_cast<const json::parse_error*>(&ex) != nullptr
                       ? MalformedJson("body", position)
                       : JsonNumberOutOfRange("body");
    return false;
  }

  // The model, or the error reading the whole document first would give.
  Result<CellSetModel> Finish() {
    if (!parse_error_.ok()) return parse_error_;
    if (!top_is_object_) {
      return Status::InvalidArgument("body: must be a JSON object");
    }
    if (rows_ == Rows::kAbsent) {
      return Status::InvalidArgument("body: Row: missing");
    }
    if (rows_ == Rows::kNotArray) {
      return Status::InvalidArgument("body: Row: must be an array");
    }
    if (!rows_error_.ok()) return rows_error_;
    return std::move(model_);
  }

 private:
  enum class Frame { kTop, kRows, kRow, kCells, kCell };
  enum class Slot {
    kIgnore,
    kRows,
    kRowKey,
    kRowCells,
    kColumn,
    kTimestamp,
    kValue,
  };
  enum class Rows { kAbsent, kNotArray, kArray };

  // A new value of top-level "Row" replaces the one before it.
  void NewRows(Rows kind) {
    rows_ = kind;
    model_.rows.clear();
    rows_error_ = Status::OK();
    row_index_ = 0;
  }

  // An element of "Row" that is not an object.
  void RowNotObject() {
    if (rows_error_.ok()) {
      rows_error_ = Status::InvalidArgument(
          "body: Row[" + std::to_string(row_index_) + "]: must be an object");
    }
    ++row_index_;
  }

  // The slot of the value now starting, consumed.
  Slot TakeSlot() { return std::exchange(slot_, Slot::kIgnore); }

  // A scalar value, or `v` standing for a container (which is skipped).
  bool Value(json v) {
    if (skip_ > 0) return true;
    if (frames_.empty()) return true;  // a top-level scalar: not an object
    const Slot slot = TakeSlot();
    switch (frames_.back()) {
      case Frame::kTop:
        if (slot == Slot::kRows) NewRows(Rows::kNotArray);
        break;
      case Frame::kRows:
        RowNotObject();
        break;
      case Frame::kRow:
        if (slot == Slot::kRowKey) row_.key = std::move(v);
        if (slot == Slot::kRowCells) {
          row_.has_cells = true;
          row_.cells_is_array = false;
          row_.cells.clear();
        }
        break;
      case Frame::kCells:
        row_.cells.emplace_back();  // not an object
        break;
      case Frame::kCell:
        if (slot == Slot::kColumn) cell_.column = std::move(v);
        if (slot == Slot::kTimestamp) cell_.timestamp = std::move(v);
        if (slot == Slot::kValue) cell_.value = std::move(v);
        break;
    }
    return true;
  }

  bool Start(bool object) {
    if (skip_ > 0) {
      ++skip_;
      return true;
    }
    if (frames_.empty()) {
      top_is_object_ = object;
      if (object) {
        frames_.push_back(Frame::kTop);
      } else {
        skip_ = 1;
      }
      return true;
    }
    const Frame frame = frames_.back();
    if (frame == Frame::kTop && slot_ == Slot::kRows && !object) {
      TakeSlot();
      NewRows(Rows::kArray);
      frames_.push_back(Frame::kRows);
      return true;
    }
    if (frame == Frame::kRows && object) {
      row_ = RawRow();
      frames_.push_back(Frame::kRow);
      return true;
    }
    if (frame == Frame::kRow && slot_ == Slot::kRowCells && !object) {
      TakeSlot();
      row_.has_cells = true;
      row_.cells_is_array = true;
      row_.cells.clear();
      frames_.push_back(Frame::kCells);
      return true;
    }
    if (frame == Frame::kCells && object) {
      cell_ = RawCell();
      cell_.is_object = true;
      frames_.push_back(Frame::kCell);
      return true;
    }
    // Any other container: what it stands for, then skipped whole.
    Value(object ? json::object() : json::array());
    skip_ = 1;
    return true;
  }

  bool End() {
    if (skip_ > 0) {
      --skip_;
      return true;
    }
    const Frame frame = frames_.back();
    frames_.pop_back();
    if (frame == Frame::kRow) {
      if (rows_error_.ok()) {
        RowModel row;
        rows_error_ = DecodeRow(&row_, row_index_, &row);
        if (rows_error_.ok()) model_.rows.push_back(std::move(row));
      }
      row_ = RawRow();
      ++row_index_;
    } else if (frame == Frame::kCell) {
      row_.cells.push_back(std::move(cell_));
    }
    return true;
  }

  std::vector<Frame> frames_;
  int64_t skip_ = 0;  // levels of a skipped value still open
  Slot slot_ = Slot::kIgnore;
  bool top_is_object_ = false;
  Rows rows_ = Rows::kAbsent;
  size_t row_index_ = 0;
  RawRow row_;
  RawCell cell_;
  CellSetModel model_;
  Status rows_error_;   // the first error of the rows, in order
  Status parse_error_;  // the body is no JSON
};

}  // namespace

Result<CellSetModel> ParseCellSetJson(std::string_view body) {
  // The plain shape clients send, at simdjson's speed; the rest (and every
  // error) through the stream below.
  std::optional<CellSetModel> plain = ReadPlainCellSetJson(body);
  if (plain) return std::move(*plain);
  CellSetReader reader;
  try {
    (void)json::sax_parse(body.begin(), body.end(), &reader);
  } catch (const json::exception&) {
    return JsonNumberOutOfRange("body");
  }
  return reader.Finish();
}

}  // namespace rest
}  // namespace obkvlite
