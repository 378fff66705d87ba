// Copyright (c) obkvlite authors.
#include "server/rest/xml_doc.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include <climits>
#include <mutex>

namespace obkvlite {
namespace rest {
namespace {

const xmlChar* X(const char* s) { return reinterpret_cast<const xmlChar*>(s); }

std::string S(const xmlChar* s) {
  return s == nullptr ? std::string() : reinterpret_cast<const char*>(s);
}

}  // namespace

void InitXml() {
  static std::once_flag once;
  std::call_once(once, [] { xmlInitParser(); });
}

Result<XmlDocument> XmlDocument::Parse(std::string_view text,
                                       const char* root) {
  InitXml();
  if (text.size() > static_cast<size_t>(INT_MAX)) {
    return Status::InvalidArgument("body: XML document too large");
  }
  xmlResetLastError();
  xmlDoc* doc = xmlReadMemory(
      text.data(), static_cast<int>(text.size()), "body.xml", nullptr,
      XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc == nullptr) {
    const xmlError* err = xmlGetLastError();
    std::string message = err != nullptr && err->message != nullptr
                              ? err->message
                              : "not well-formed";
    while (!message.empty() && message.back() == '\n') message.pop_back();
    if (err != nullptr) message += " at line " + std::to_string(err->line);
    return Status::InvalidArgument("body: malformed XML: " + message);
  }
  XmlDocument out(doc, xmlDocGetRootElement(doc));
  if (doc->intSubset != nullptr || doc->extSubset != nullptr) {
    return Status::InvalidArgument("body: DOCTYPE is not allowed");
  }
  if (out.root_ == nullptr) {
    return Status::InvalidArgument("body: XML document has no root element");
  }
  if (XmlName(out.root_) != root) {
    return Status::InvalidArgument("body: root element is <" +
                                   XmlName(out.root_) + ">, expected <" + root +
                                   ">");
  }
  return out;
}

XmlDocument::XmlDocument(XmlDocument&& o) noexcept
    : doc_(o.doc_), root_(o.root_) {
  o.doc_ = nullptr;
  o.root_ = nullptr;
}

XmlDocument& XmlDocument::operator=(XmlDocument&& o) noexcept {
  if (this != &o) {
    if (doc_ != nullptr) xmlFreeDoc(doc_);
    doc_ = o.doc_;
    root_ = o.root_;
    o.doc_ = nullptr;
    o.root_ = nullptr;
  }
  return *this;
}

XmlDocument::~XmlDocument() {
  if (doc_ != nullptr) xmlFreeDoc(doc_);
}

std::optional<std::string> XmlAttribute(XmlNode* node, const char* name) {
  xmlChar* v = xmlGetProp(node, X(name));
  if (v == nullptr) return std::nullopt;
  std::string s = S(v);
  xmlFree(v);
  return s;
}

std::vector<std::pair<std::string, std::string>> XmlAttributes(XmlNode* node) {
  std::vector<std::pair<std::string, std::string>> out;
  for (xmlAttr* a = node->properties; a != nullptr; a = a->next) {
    xmlChar* v = xmlNodeListGetString(node->doc, a->children, 1);
    out.emplace_back(S(a->name), S(v));
    if (v != nullptr) xmlFree(v);
  }
  return out;
}

std::string XmlText(XmlNode* node) {
  xmlChar* v = xmlNodeGetContent(node);
  std::string s = S(v);
  if (v != nullptr) xmlFree(v);
  return s;
}

std::vector<XmlNode*> XmlChildren(XmlNode* node, const char* name) {
  std::vector<XmlNode*> out;
  for (xmlNode* c = node->children; c != nullptr; c = c->next) {
    if (c->type != XML_ELEMENT_NODE) continue;
    if (name == nullptr || xmlStrcmp(c->name, X(name)) == 0) out.push_back(c);
  }
  return out;
}

std::string XmlName(XmlNode* node) { return S(node->name); }

}  // namespace rest
}  // namespace obkvlite
