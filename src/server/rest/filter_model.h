// Copyright (c) obkvlite authors.
//
// HBase's JSON filter model (ScannerModel.FilterModel, the "filter" of a
// REST scanner), e.g.
//   {"type":"FilterList","op":"MUST_PASS_ALL","filters":[
//     {"type":"PrefixFilter","value":"cm93"},
//     {"type":"ValueFilter","op":"EQUAL",
//      "comparator":{"type":"BinaryComparator","value":"eA=="}}]}
// turned into the filter language the library reads (obkvlite/filter.h):
//   (PrefixFilter('row') AND ValueFilter(=,'binary:x'))
// Byte arguments are base64 in the model (regex and substring comparators'
// values are plain text) and raw inside the quotes in the language.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_REST_FILTER_MODEL_H_
#define OBKVLITE_SERVER_REST_FILTER_MODEL_H_

#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace rest {

// Deepest FilterList / SkipFilter / WhileMatchFilter nesting accepted.
inline constexpr int kMaxFilterDepth = 32;

// The filter-language string of the JSON filter model `json_text`.
// InvalidArgument names the element and what is wrong: "filter.filters[1]
// .comparator.type: unsupported comparator 'BitComparator'".
Result<std::string> FilterModelToLanguage(std::string_view json_text);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_FILTER_MODEL_H_
