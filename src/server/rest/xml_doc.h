// Copyright (c) obkvlite authors.
//
// XML request bodies (HBase's REST XML models) read with libxml2, and the
// escaping of XML responses. Documents are parsed without network access,
// entity substitution or DTD loading, and a document with a DOCTYPE is
// refused, so no entity expansion can blow up.
//
// Thread safety: XmlDocument belongs to one thread; documents on different
// threads are independent (InitXml is called once by the server, and by
// Parse itself).

#ifndef OBKVLITE_SERVER_REST_XML_DOC_H_
#define OBKVLITE_SERVER_REST_XML_DOC_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"

struct _xmlDoc;
struct _xmlNode;

namespace obkvlite {
namespace rest {

using XmlNode = _xmlNode;

// Initialises libxml2 for use from several threads. Idempotent.
void InitXml();

class XmlDocument {
 public:
  // Parses `text`; its root element must be named `root`. Errors are
  // InvalidArgument: "body: malformed XML: <libxml2's message> at line
  // N", "body: DOCTYPE is not allowed", "body: root element is <X>,
  // expected <CellSet>".
  static Result<XmlDocument> Parse(std::string_view text, const char* root);

  XmlDocument(XmlDocument&&) noexcept;
  XmlDocument& operator=(XmlDocument&&) noexcept;
  ~XmlDocument();

  // The root element; lives as long as the document.
  XmlNode* root() const { return root_; }

 private:
  XmlDocument(_xmlDoc* doc, XmlNode* root) : doc_(doc), root_(root) {}
  _xmlDoc* doc_ = nullptr;
  XmlNode* root_ = nullptr;
};

// The attribute `name` of `node`, or nullopt.
std::optional<std::string> XmlAttribute(XmlNode* node, const char* name);
// Every attribute of `node` as (name, value), in document order.
std::vector<std::pair<std::string, std::string>> XmlAttributes(XmlNode* node);
// The text content of `node`.
std::string XmlText(XmlNode* node);
// The child elements of `node` named `name` (every child element when
// `name` is null).
std::vector<XmlNode*> XmlChildren(XmlNode* node, const char* name);
// The element's name.
std::string XmlName(XmlNode* node);

// The declaration HBase's XML responses start with.
inline constexpr std::string_view kXmlDeclaration =
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>";

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_XML_DOC_H_
