// Copyright (c) obkvlite authors.
//
// XmlEscape: `text` as XML character data or an attribute value in double
// or single quotes: & < > " ' become entities, every other byte is kept.
// The one escaping rule of every XML obkvlite writes: the heatmap's SVG,
// the REST gateway's XML documents and the web pages' HTML.
//
// Header-only, so that layers above the public API (src/server/) use it
// without linking the library's internals.
// Thread safety: a plain function.

#ifndef OBKVLITE_UTIL_XML_ESCAPE_H_
#define OBKVLITE_UTIL_XML_ESCAPE_H_

#include <string>
#include <string_view>

namespace obkvlite {

inline std::string XmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_XML_ESCAPE_H_
