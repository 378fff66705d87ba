// Copyright (c) obkvlite authors.
#include "server/rest/cell_set.h"

#include <string>

#include "server/rest/base64.h"
#include "server/rest/cell_set_json.h"
#include "server/rest/json_body.h"
#include "server/rest/protobuf_body.h"
#include "server/rest/xml_doc.h"

namespace obkvlite {
namespace rest {
namespace {

Result<std::optional<std::string>> DecodeOptional(
    const std::optional<std::string>& b64, const std::string& path) {
  if (!b64) return std::optional<std::string>();
  OBKV_ASSIGN_OR_RETURN(std::string raw, Base64Decode(*b64, "body: " + path));
  return std::optional<std::string>(std::move(raw));
}

Result<CellSetModel> ParseXml(std::string_view body) {
  OBKV_ASSIGN_OR_RETURN(XmlDocument doc, XmlDocument::Parse(body, "CellSet"));
  CellSetModel model;
  const std::vector<XmlNode*> rows = XmlChildren(doc.root(), "Row");
  for (size_t r = 0; r < rows.size(); ++r) {
    const std::string rpath = "Row[" + std::to_string(r) + "]";
    RowModel rm;
    OBKV_ASSIGN_OR_RETURN(
        rm.key, DecodeOptional(XmlAttribute(rows[r], "key"), rpath + ".key"));
    const std::vector<XmlNode*> cells = XmlChildren(rows[r], "Cell");
    for (size_t c = 0; c < cells.size(); ++c) {
      const std::string cpath = rpath + ".Cell[" + std::to_string(c) + "]";
      CellModel cm;
      OBKV_ASSIGN_OR_RETURN(
          cm.column,
          DecodeOptional(XmlAttribute(cells[c], "column"), cpath + ".column"));
      if (std::optional<std::string> ts = XmlAttribute(cells[c], "timestamp")) {
        OBKV_ASSIGN_OR_RETURN(
            cm.timestamp,
            ParseIntField(*ts, cpath + ".timestamp", 0, INT64_MAX));
      }
      OBKV_ASSIGN_OR_RETURN(cm.value,
                            Base64Decode(XmlText(cells[c]), "body: " + cpath));
      rm.cells.push_back(std::move(cm));
    }
    model.rows.push_back(std::move(rm));
  }
  return model;
}

// HBase's CellSetModel.getObjectFromMessage: a cell without a column
// takes the URL's, one without a timestamp the server's clock.
Result<CellSetModel> ParseProtobuf(std::string_view body) {
  pb::CellSet message;
  OBKV_RETURN_IF_ERROR(ParseProtobufBody(body, &message));
  CellSetModel model;
  for (int r = 0; r < message.rows_size(); ++r) {
    const pb::CellSet::Row& row = message.rows(r);
    RowModel rm;
    rm.key = row.key();
    for (int c = 0; c < row.values_size(); ++c) {
      const pb::Cell& cell = row.values(c);
      CellModel cm;
      if (cell.has_column()) cm.column = cell.column();
      if (cell.has_timestamp()) cm.timestamp = cell.timestamp();
      cm.value = cell.data();
      rm.cells.push_back(std::move(cm));
    }
    model.rows.push_back(std::move(rm));
  }
  return model;
}

// Calls fn(row, first, last) for each run of adjacent RowResults with the
// same row.
template <typename Fn>
void ForEachRow(const std::vector<RowResult>& rows, Fn fn) {
  size_t i = 0;
  while (i < rows.size()) {
    size_t j = i + 1;
    while (j < rows.size() && rows[j].row == rows[i].row) ++j;
    fn(rows[i].row, i, j);
    i = j;
  }
}

std::string Column(const Cell& cell) {
  return cell.family + ":" + cell.qualifier;
}

}  // namespace

Result<CellSetModel> ParseCellSet(MediaType type, std::string_view body) {
  if (type == MediaType::kProtobuf) return ParseProtobuf(body);
  return type == MediaType::kXml ? ParseXml(body) : ParseCellSetJson(body);
}

std::string RenderCellSet(MediaType type, const std::vector<RowResult>& rows) {
  if (type == MediaType::kProtobuf) {
    pb::CellSet message;
    ForEachRow(rows, [&](const std::string& row, size_t first, size_t last) {
      pb::CellSet::Row* r = message.add_rows();
      r->set_key(row);
      for (size_t i = first; i < last; ++i) {
        for (const Cell& c : rows[i].cells) {
          pb::Cell* cell = r->add_values();
          cell->set_column(Column(c));
          cell->set_timestamp(c.timestamp);
          cell->set_data(c.value);
        }
      }
    });
    return ProtobufBytes(message);
  }
  if (type == MediaType::kXml) {
    std::string out(kXmlDeclaration);
    // JAXB writes an element without content as an empty-element tag.
    if (rows.empty()) return out + "<CellSet/>";
    out += "<CellSet>";
    ForEachRow(rows, [&](const std::string& row, size_t first, size_t last) {
      out += "<Row key=\"" + Base64Encode(row) + "\">";
      for (size_t i = first; i < last; ++i) {
        for (const Cell& c : rows[i].cells) {
          out += "<Cell column=\"" + Base64Encode(Column(c)) +
                 "\" timestamp=\"" + std::to_string(c.timestamp) + "\">" +
                 Base64Encode(c.value) + "</Cell>";
        }
      }
      out += "</Row>";
    });
    return out + "</CellSet>";
  }
  // JSON written as it goes: base64 needs no escaping, and the members
  // come in the order a JSON document's dump gives them (sorted by name):
  // {"Row":[{"Cell":[{"$":B64,"column":B64,"timestamp":N}],"key":B64}]}.
  std::string out = "{\"Row\":[";
  bool first_row = true;
  ForEachRow(rows, [&](const std::string& row, size_t first, size_t last) {
    out += first_row ? "{\"Cell\":[" : ",{\"Cell\":[";
    first_row = false;
    bool first_cell = true;
    for (size_t i = first; i < last; ++i) {
      for (const Cell& c : rows[i].cells) {
        out += first_cell ? "{\"$\":\"" : ",{\"$\":\"";
        first_cell = false;
        Base64Append(c.value, &out);
        out += "\",\"column\":\"";
        Base64Append(Column(c), &out);
        out += "\",\"timestamp\":";
        out += std::to_string(c.timestamp);
        out += '}';
      }
    }
    out += "],\"key\":\"";
    Base64Append(row, &out);
    out += "\"}";
  });
  return out + "]}";
}

}  // namespace rest
}  // namespace obkvlite
