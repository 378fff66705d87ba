// Copyright (c) obkvlite authors.
#include "hbase/filter/comparators_in.h"

#include "hbase/filter/comparators.h"
#include "hbase/filter/filter_lexer.h"

namespace obkvlite {
namespace filter {

std::vector<ComparatorText> ComparatorsIn(std::string_view filter_text) {
  std::vector<ComparatorText> comparators;
  FilterLexer lexer(filter_text);
  while (true) {
    const Token t = lexer.Next();
    if (t.kind == Token::Kind::kEnd) break;
    if (t.kind != Token::Kind::kWord ||
        lexer.Peek().kind != Token::Kind::kLParen) {
      continue;
    }
    lexer.Next();  // '('
    Result<std::vector<FilterArg>> args = lexer.ReadArguments(t.text);
    if (!args.ok()) break;
    for (size_t i = 1; i < args->size(); ++i) {
      const FilterArg& op = (*args)[i - 1];
      const FilterArg& arg = (*args)[i];
      if (op.quoted || !arg.quoted || !ParseCompareOp(op.value)) continue;
      const size_t colon = arg.value.find(':');
      if (colon != std::string::npos) {
        comparators.push_back(
            {arg.value.substr(0, colon), arg.value.substr(colon + 1)});
      }
    }
  }
  return comparators;
}

}  // namespace filter
}  // namespace obkvlite
