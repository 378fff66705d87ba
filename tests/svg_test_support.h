// Copyright (c) obkvlite authors.
//
// Reading heatmap SVGs in tests with a real XML parser (libxml2, linked
// to the suites that include this): an attribute of an element, and every
// <rect> by its class ("cell", "hot-row", "hot-marker", "legend-step").
//
//   xmlDoc* doc = xmlReadMemory(svg.data(), svg.size(), "x.svg", nullptr,
//                               XML_PARSE_NONET);
//   std::map<std::string, std::vector<xmlNode*>> rects;
//   CollectRects(xmlDocGetRootElement(doc), &rects);
//
// Thread safety: as libxml2 (one document per thread).

#ifndef OBKVLITE_TESTS_SVG_TEST_SUPPORT_H_
#define OBKVLITE_TESTS_SVG_TEST_SUPPORT_H_

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <map>
#include <string>
#include <vector>

namespace obkvlite {
namespace testing {

// The attribute `name` of `node`, or "" when it has none.
inline std::string Attr(xmlNode* node, const char* name) {
  xmlChar* v = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  if (v == nullptr) return "";
  std::string s(reinterpret_cast<const char*>(v));
  xmlFree(v);
  return s;
}

// Every <rect> under `node` (and its siblings), by class.
inline void CollectRects(xmlNode* node,
                         std::map<std::string, std::vector<xmlNode*>>* out) {
  for (xmlNode* n = node; n != nullptr; n = n->next) {
    if (n->type == XML_ELEMENT_NODE &&
        xmlStrcmp(n->name, reinterpret_cast<const xmlChar*>("rect")) == 0) {
      (*out)[Attr(n, "class")].push_back(n);
    }
    CollectRects(n->children, out);
  }
}

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_SVG_TEST_SUPPORT_H_
