// Copyright (c) obkvlite authors.
//
// Java regular expressions in the regexstring comparators (HBase's
// RegexStringComparator: Pattern.compile(regex, DOTALL [| CASE_INSENSITIVE])
// .matcher(new String(value, UTF_8)).find()), run by PCRE2.
//
// The tables give a pattern, a value and Java's answer. The first is the
// TEST_CASES table of HBase's TestRegexComparator.java (a subset of
// OpenJDK 7's regex tests), less the class unions and intersections that
// are refused here (see "Java-only constructs"). The second covers Java's
// semantics case by case. Every expected answer was checked against
// OpenJDK 17's java.util.regex through the JavaRegexEngine logic above.

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "hbase/filter/comparators.h"
#include "hbase/filter/regex/java_regex_translator.h"
#include "hbase/filter/regex/java_utf8.h"
#include "obkvlite/bytes.h"
#include "obkvlite/filter.h"

namespace obkvlite {
namespace {

using namespace std::string_view_literals;

enum Type { kCase, kNoCase };              // regexstring, regexstringnocase
enum Expect { kMatch, kNoMatch, kError };  // Java's find(), or an exception

struct RegexCase {
  Type type;
  std::string_view pattern;
  std::string_view value;
  Expect expect;
};

Result<std::unique_ptr<filter::ByteComparator>> Comparator(
    Type type, std::string_view pattern) {
  return filter::ParseComparator(
      std::string(type == kNoCase ? "regexstringnocase:" : "regexstring:") +
      std::string(pattern));
}

Expect Outcome(Type type, std::string_view pattern, std::string_view value) {
  auto c = Comparator(type, pattern);
  if (!c.ok()) return kError;
  const int result = (*c)->CompareTo(value);
  REQUIRE_MESSAGE((*c)->status().ok(), (*c)->status().ToString());
  return result == 0 ? kMatch : kNoMatch;
}

void CheckTable(const std::vector<RegexCase>& cases) {
  for (const RegexCase& c : cases) {
    CAPTURE(ToStringBinary(c.pattern));
    CAPTURE(ToStringBinary(c.value));
    CAPTURE(c.type);
    CHECK(Outcome(c.type, c.pattern, c.value) == c.expect);
  }
}

// The error message of a pattern that does not compile.
std::string Err(std::string_view pattern, Type type = kCase) {
  auto c = Comparator(type, pattern);
  REQUIRE_MESSAGE(!c.ok(), "compiled: " << ToStringBinary(pattern));
  CHECK(c.status().IsInvalidArgument());
  return c.status().message();
}

TEST_CASE("regex: HBase's TestRegexComparator cases") {
  CheckTable({
      {kCase, "a|b"sv, "a"sv, kMatch},
      {kCase, "a|b"sv, "b"sv, kMatch},
      {kNoCase, "a|b"sv, "A"sv, kMatch},
      {kNoCase, "a|b"sv, "B"sv, kMatch},
      {kCase, "a|b"sv, "z"sv, kNoMatch},
      {kCase, "a|b|cd"sv, "cd"sv, kMatch},
      {kCase, "z(a|ac)b"sv, "zacb"sv, kMatch},
      {kCase, "[abc]+"sv, "ababab"sv, kMatch},
      {kCase, "[abc]+"sv, "defg"sv, kNoMatch},
      {kCase, "[abc]+[def]+[ghi]+"sv, "zzzaaddggzzz"sv, kMatch},
      {kCase, R"([a-\u4444]+)"sv, "za-9z"sv, kMatch},
      {kCase, "[^abc]+"sv, "ababab"sv, kNoMatch},
      {kCase, "[^abc]+"sv, "aaabbbcccdefg"sv, kMatch},
      {kCase, "[abc^b]"sv, "b"sv, kMatch},
      {kCase, "a.c.+"sv, "a#c%&"sv, kMatch},
      {kCase, "ab."sv, "ab\n"sv, kMatch},
      {kCase, "(?s)ab."sv, "ab\n"sv, kMatch},
      {kCase, R"(ab\wc)"sv, "abcc"sv, kMatch},
      {kCase, R"(\W\w\W)"sv, "#r#"sv, kMatch},
      {kCase, R"(\W\w\W)"sv, "rrrr#ggg"sv, kNoMatch},
      {kCase, R"(abc[\sdef]*)"sv, "abc  def"sv, kMatch},
      {kCase, R"(abc[\sy-z]*)"sv, "abc y z"sv, kMatch},
      {kCase, R"(abc[a-d\sm-p]*)"sv, "abcaa mn  p"sv, kMatch},
      {kCase, R"(\s\s\s)"sv, "blah  err"sv, kNoMatch},
      {kCase, R"(\S\S\s)"sv, "blah  err"sv, kMatch},
      {kCase, R"(ab\dc)"sv, "ab9c"sv, kMatch},
      {kCase, R"(\d\d\d)"sv, "blah45"sv, kNoMatch},
      {kCase, "^abc"sv, "abcdef"sv, kMatch},
      {kCase, "^abc"sv, "bcdabc"sv, kNoMatch},
      {kCase, "^(a)?a"sv, "a"sv, kMatch},
      {kCase, "^(aa(bb)?)+$"sv, "aabbaa"sv, kMatch},
      {kCase, "((a|b)?b)+"sv, "b"sv, kMatch},
      {kCase, "^(a(b)?)+$"sv, "aba"sv, kMatch},
      {kCase, "^(a(b(c)?)?)?abc"sv, "abc"sv, kMatch},
      {kCase, "^(a(b(c))).*"sv, "abc"sv, kMatch},
      {kCase, "a?b"sv, "aaaab"sv, kMatch},
      {kCase, "a?b"sv, "aaacc"sv, kNoMatch},
      {kCase, "a??b"sv, "aaaab"sv, kMatch},
      {kCase, "a??b"sv, "aaacc"sv, kNoMatch},
      {kCase, "a?+b"sv, "aaaab"sv, kMatch},
      {kCase, "a?+b"sv, "aaacc"sv, kNoMatch},
      {kCase, "a+b"sv, "aaaab"sv, kMatch},
      {kCase, "a+b"sv, "aaacc"sv, kNoMatch},
      {kCase, "a+?b"sv, "aaaab"sv, kMatch},
      {kCase, "a+?b"sv, "aaacc"sv, kNoMatch},
      {kCase, "a++b"sv, "aaaab"sv, kMatch},
      {kCase, "a++b"sv, "aaacc"sv, kNoMatch},
      {kCase, "a{2,3}"sv, "a"sv, kNoMatch},
      {kCase, "a{2,3}"sv, "aa"sv, kMatch},
      {kCase, "a{2,3}"sv, "aaa"sv, kMatch},
      {kCase, "a{3,}"sv, "zzzaaaazzz"sv, kMatch},
      {kCase, "a{3,}"sv, "zzzaazzz"sv, kNoMatch},
      {kCase, "abc(?=d)"sv, "zzzabcd"sv, kMatch},
      {kCase, "abc(?=d)"sv, "zzzabced"sv, kNoMatch},
      {kCase, "abc(?!d)"sv, "zzabcd"sv, kNoMatch},
      {kCase, "abc(?!d)"sv, "zzabced"sv, kMatch},
      {kCase, R"(\w(?<=a))"sv, "###abc###"sv, kMatch},
      {kCase, R"(\w(?<=a))"sv, "###ert###"sv, kNoMatch},
      {kCase, "(?<!a)c"sv, "bc"sv, kMatch},
      {kCase, "(?<!a)c"sv, "ac"sv, kNoMatch},
      {kCase, "(a+b)+"sv, "ababab"sv, kMatch},
      {kCase, "(a+b)+"sv, "accccd"sv, kNoMatch},
      {kCase, "(ab)+"sv, "ababab"sv, kMatch},
      {kCase, "(ab)+"sv, "accccd"sv, kNoMatch},
      {kCase, "(ab)(cd*)"sv, "zzzabczzz"sv, kMatch},
      {kCase, "abc(d)*abc"sv, "abcdddddabc"sv, kMatch},
      {kCase, "a*b"sv, "aaaab"sv, kMatch},
      {kCase, "a*b"sv, "b"sv, kMatch},
      {kCase, "a*b"sv, "aaaac"sv, kNoMatch},
      {kCase, ".*?b"sv, "aaaab"sv, kMatch},
      {kCase, "a*+b"sv, "aaaab"sv, kMatch},
      {kCase, "a*+b"sv, "b"sv, kMatch},
      {kCase, "a*+b"sv, "aaaac"sv, kNoMatch},
      {kCase, "(?i)foobar"sv, "fOobAr"sv, kMatch},
      {kCase, "f(?i)oobar"sv, "fOobAr"sv, kMatch},
      {kCase, "f(?i)oobar"sv, "FOobAr"sv, kNoMatch},
      {kCase, "foo(?i)bar"sv, "fOobAr"sv, kNoMatch},
      {kCase, "(?i)foo[bar]+"sv, "foObAr"sv, kMatch},
      {kCase, "(?i)foo[a-r]+"sv, "foObAr"sv, kMatch},
      {kCase, "abc(?x)blah"sv, "abcblah"sv, kMatch},
      {kCase, "abc(?x)  blah"sv, "abcblah"sv, kMatch},
      {kCase, "abc(?x)  blah  blech"sv, "abcblahblech"sv, kMatch},
      {kCase, R"([\n-#])"sv, "!"sv, kMatch},
      {kCase, R"([\n-#])"sv, "-"sv, kNoMatch},
      {kCase, R"([\043]+)"sv, "blahblah#blech"sv, kMatch},
      {kCase, R"([\042-\044]+)"sv, "blahblah#blech"sv, kMatch},
      {kCase, R"([\u1234-\u1236])"sv, "blahblahስblech"sv, kMatch},
      {kCase, "[^#]*"sv, "blahblah#blech"sv, kMatch},
      {kCase, "(|f)?+"sv, "foo"sv, kMatch},
  });
}

TEST_CASE("regex: Java semantics, checked against OpenJDK 17") {
  CheckTable({
      // inline flags and their scopes
      {kCase, "(?i)abc"sv, "xABCx"sv, kMatch},
      {kCase, "a(?i)b"sv, "aB"sv, kMatch},
      {kCase, "a(?i)b"sv, "AB"sv, kNoMatch},
      {kCase, "(?i:a)b"sv, "Ab"sv, kMatch},
      {kCase, "(?i:a)b"sv, "AB"sv, kNoMatch},
      {kCase, "(?i)a(?-i)b"sv, "AB"sv, kNoMatch},
      {kCase, "(a(?i)b)c"sv, "aBC"sv, kNoMatch},
      {kCase, "(?i)x|y"sv, "Y"sv, kMatch},
      {kCase, "(?i)é"sv, "É"sv, kNoMatch},
      {kCase, "(?i)[é]"sv, "É"sv, kNoMatch},
      {kNoCase, "abc"sv, "xAbCx"sv, kMatch},
      {kNoCase, "[a-c]+$"sv, "ABC"sv, kMatch},
      {kNoCase, "[^a]"sv, "A"sv, kNoMatch},
      {kNoCase, "[^a]"sv, "b"sv, kMatch},
      {kNoCase, "(?-i)a"sv, "A"sv, kNoMatch},
      {kNoCase, "[Z-a]"sv, "z"sv, kMatch},
      {kNoCase, "[Z-a]"sv, "A"sv, kMatch},
      // dot and line terminators
      {kCase, "a.b"sv, "a\nb"sv, kMatch},
      {kCase, "(?-s)a.b"sv, "a\nb"sv, kNoMatch},
      {kCase, "(?-s)a.b"sv, "a\rb"sv, kNoMatch},
      {kCase, "(?-s)a.b"sv, "a\302\205b"sv, kNoMatch},
      {kCase, "(?-s)a.b"sv, "a\u2028b"sv, kNoMatch},
      {kCase, "(?-s)a.b"sv, "a\013b"sv, kMatch},
      {kCase, "(?-s)(?d)a.b"sv, "a\rb"sv, kMatch},
      {kCase, "(?-s)(?d)a.b"sv, "a\nb"sv, kNoMatch},
      {kCase, "^b"sv, "a\nb"sv, kNoMatch},
      {kCase, "(?m)^b"sv, "a\nb"sv, kMatch},
      {kCase, "(?m)^b"sv, "a\rb"sv, kMatch},
      {kCase, "(?m)^b"sv, "a\302\205b"sv, kMatch},
      {kCase, "(?m)^b"sv, "a\r\nb"sv, kMatch},
      {kCase, R"((?m)^\n)"sv, "a\r\n"sv, kNoMatch},
      {kCase, "(?m)^"sv, ""sv, kNoMatch},
      {kCase, "^"sv, ""sv, kMatch},
      {kCase, "$"sv, ""sv, kMatch},
      {kCase, "(?m)^$"sv, "a\n"sv, kNoMatch},
      {kCase, "(?m)^$"sv, "a\n\nb"sv, kMatch},
      {kCase, "a$"sv, "a\n"sv, kMatch},
      {kCase, "a$"sv, "a\r\n"sv, kMatch},
      {kCase, "a$"sv, "a\r"sv, kMatch},
      {kCase, "a$"sv, "a\u2029"sv, kMatch},
      {kCase, "a$"sv, "a\n\n"sv, kNoMatch},
      {kCase, "a$"sv, "a\nb"sv, kNoMatch},
      {kCase, "(?m)a$"sv, "a\nb"sv, kMatch},
      {kCase, "(?m)a$"sv, "a\r\nb"sv, kMatch},
      {kCase, "a\r$"sv, "a\r\n"sv, kNoMatch},
      {kCase, "(?m)a\r$"sv, "a\r\nb"sv, kNoMatch},
      {kCase, "(?d)a$"sv, "a\r"sv, kNoMatch},
      {kCase, "(?d)a$"sv, "a\n"sv, kMatch},
      {kCase, "(?md)a$"sv, "a\rb"sv, kNoMatch},
      {kCase, "(?md)^b"sv, "a\rb"sv, kNoMatch},
      {kCase, R"(a\Z)"sv, "a\n"sv, kMatch},
      {kCase, R"(a\z)"sv, "a\n"sv, kNoMatch},
      {kCase, R"(a\z)"sv, "a"sv, kMatch},
      {kCase, R"(\Aa)"sv, "ba"sv, kNoMatch},
      // comments mode
      {kCase, "(?x) a b # comment\n c"sv, "abc"sv, kMatch},
      {kCase, "(?x)[a b]"sv, " "sv, kNoMatch},
      {kCase, R"((?x)a\ b)"sv, "a b"sv, kMatch},
      {kCase, "(?x)a#b"sv, "a"sv, kMatch},
      {kCase, "(?x)a{1, 2}b"sv, "aab"sv, kMatch},
      {kCase, "(?x)a # c\302\205b"sv, "a\302\205b"sv, kMatch},
      {kCase, "(?x:a b)c d"sv, "abc d"sv, kMatch},
      // lookaround, atomic, possessive
      {kCase, "(?<=a)b"sv, "ab"sv, kMatch},
      {kCase, "(?<=a)b"sv, "cb"sv, kNoMatch},
      {kCase, "(?<!a)b"sv, "cb"sv, kMatch},
      {kCase, "(?<=ab|c)d"sv, "cd"sv, kMatch},
      {kCase, "(?<=ab|c)d"sv, "bd"sv, kNoMatch},
      {kCase, "a++a"sv, "aaa"sv, kNoMatch},
      {kCase, "a+a"sv, "aaa"sv, kMatch},
      {kCase, "(?>a+)a"sv, "aaa"sv, kNoMatch},
      {kCase, "a{1,3}+a"sv, "aaa"sv, kNoMatch},
      {kCase, "(?=a)*b"sv, "b"sv, kMatch},
      {kCase, R"(\b*a)"sv, "a"sv, kMatch},
      {kCase, "^*a"sv, "ba"sv, kMatch},
      // escapes
      {kCase, R"(\041)"sv, "!"sv, kMatch},
      {kCase, R"(\07)"sv, "\007"sv, kMatch},
      {kCase, R"(\08)"sv, ""sv, kError},
      {kCase, R"(\0)"sv, ""sv, kError},
      {kCase, R"([\01-\03])"sv, "\002"sv, kMatch},
      {kCase, R"(\u0041)"sv, "A"sv, kMatch},
      {kCase, R"(\u00e9)"sv, "é"sv, kMatch},
      {kCase, R"(\uD83D\uDE00)"sv, "😀"sv, kMatch},
      {kCase, R"([\u0041-\u0043])"sv, "B"sv, kMatch},
      {kCase, R"(\u004)"sv, "x"sv, kError},
      {kCase, R"(\x41)"sv, "A"sv, kMatch},
      {kCase, R"(\x{1F600})"sv, "😀"sv, kMatch},
      {kCase, R"(\x4)"sv, "x"sv, kError},
      {kCase, R"(\x{110000})"sv, "x"sv, kError},
      {kCase, R"(\x{41)"sv, "A"sv, kError},
      {kCase, R"(\cA)"sv, "\001"sv, kMatch},
      {kCase, R"(\ca)"sv, "!"sv, kMatch},
      {kCase, R"(\e)"sv, "\033"sv, kMatch},
      {kCase, R"(\a)"sv, "\007"sv, kMatch},
      {kCase, R"(\t\n\r\f)"sv, "\t\n\r\014"sv, kMatch},
      {kCase, R"(\.)"sv, "."sv, kMatch},
      {kCase, R"(\.)"sv, "x"sv, kNoMatch},
      {kCase, R"(\é)"sv, "é"sv, kMatch},
      {kCase, R"(\y)"sv, "y"sv, kError},
      {kCase, R"(\E)"sv, "E"sv, kError},
      {kCase, R"(\)"sv, "x"sv, kError},
      {kCase, R"([\b])"sv, "b"sv, kError},
      {kCase, R"([\1])"sv, "1"sv, kError},
      {kCase, R"(\s)"sv, "\013"sv, kMatch},
      {kCase, R"(\s)"sv, "\u00a0"sv, kNoMatch},
      {kCase, R"(\h)"sv, "\u00a0"sv, kMatch},
      {kCase, R"(\v)"sv, "\u2028"sv, kMatch},
      {kCase, R"(\R)"sv, "\r\n"sv, kMatch},
      {kCase, R"(^\R$)"sv, "\r\n"sv, kMatch},
      {kCase, R"([\v-\x0c])"sv, "\014"sv, kMatch},
      // find semantics, empty
      {kCase, "b"sv, "abc"sv, kMatch},
      {kCase, "^b"sv, "abc"sv, kNoMatch},
      {kCase, ""sv, ""sv, kMatch},
      {kCase, ""sv, "x"sv, kMatch},
      {kCase, "x*"sv, ""sv, kMatch},
      // back references
      {kCase, R"((a)\1)"sv, "aa"sv, kMatch},
      {kCase, R"((a)\10)"sv, "aa0"sv, kMatch},
      {kCase, R"((a)\2)"sv, "a"sv, kNoMatch},
      {kCase, R"((a)\2?)"sv, "a"sv, kMatch},
      {kCase, R"((?<x>a)\k<x>)"sv, "aa"sv, kMatch},
      {kCase, R"(\1(a))"sv, "aa"sv, kNoMatch},
      {kCase, R"((?i)(a)\1)"sv, "aA"sv, kMatch},
      {kCase, R"((a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10)"sv, "abcdefghijj"sv,
       kMatch},
      {kCase, R"((a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\11)"sv, "abcdefghija1"sv,
       kMatch},
      {kCase, R"(\k<x>(?<x>a))"sv, "aa"sv, kError},
      {kCase, "(?<x>a)(?<x>b)"sv, "ab"sv, kError},
      {kCase, "(?<x_y>a)"sv, "a"sv, kError},
      // quoting
      {kCase, R"(\Qa.b\E)"sv, "axb"sv, kNoMatch},
      {kCase, R"(\Qa.b\E)"sv, "a.b"sv, kMatch},
      {kCase, R"(\Qab\E+)"sv, "abbb"sv, kMatch},
      {kCase, R"([\Q]\E])"sv, "]"sv, kMatch},
      {kCase, R"(\Q()"sv, "("sv, kMatch},
      {kCase, R"(\Q[a&&b]\E)"sv, "[a&&b]"sv, kMatch},
      {kCase, R"([\Qa-z\E])"sv, "m"sv, kNoMatch},
      {kCase, R"([\Qa-z\E])"sv, "-"sv, kMatch},
      {kCase, R"((?i)\QAB\E)"sv, "ab"sv, kMatch},
      // classes
      {kCase, "[]a]"sv, "]"sv, kMatch},
      {kCase, "[^]a]"sv, "b"sv, kMatch},
      {kCase, "[a-]"sv, "-"sv, kMatch},
      {kCase, R"([\d-z])"sv, "-"sv, kMatch},
      {kCase, "[&]"sv, "&"sv, kMatch},
      {kCase, "[a&b]"sv, "&"sv, kMatch},
      {kCase, "[^^]"sv, "^"sv, kNoMatch},
      {kCase, "[a^]"sv, "^"sv, kMatch},
      {kCase, "[z-a]"sv, "a"sv, kError},
      {kCase, R"([a-\d])"sv, "a"sv, kError},
      {kCase, "["sv, "x"sv, kError},
      {kCase, "[a"sv, "x"sv, kError},
      {kCase, "[]"sv, "x"sv, kError},
      {kCase, R"([^\s])"sv, "x"sv, kMatch},
      {kCase, R"([\p{L}1])"sv, "é"sv, kMatch},
      // properties
      {kCase, R"(\p{Lower})"sv, "a"sv, kMatch},
      {kCase, R"(\p{Lower})"sv, "é"sv, kNoMatch},
      {kCase, R"(\p{Alpha})"sv, "é"sv, kNoMatch},
      {kCase, R"(\p{L})"sv, "é"sv, kMatch},
      {kCase, R"(\p{IsLatin})"sv, "é"sv, kMatch},
      {kCase, R"(\p{IsGreek})"sv, "α"sv, kMatch},
      {kCase, R"(\p{sc=Greek})"sv, "α"sv, kMatch},
      {kCase, R"(\P{L})"sv, "1"sv, kMatch},
      {kCase, R"(\pL)"sv, "a"sv, kMatch},
      {kCase, R"(\p{Lu})"sv, "É"sv, kMatch},
      {kCase, R"(\p{IsLu})"sv, "É"sv, kMatch},
      {kCase, R"(\p{Punct})"sv, "!"sv, kMatch},
      {kCase, R"(\p{gc=Nd})"sv, "٣"sv, kMatch},
      {kCase, R"(\d)"sv, "٣"sv, kNoMatch},
      {kCase, R"(\p{XDigit}+$)"sv, "fF"sv, kMatch},
      {kCase, R"([\P{Alpha}])"sv, "1"sv, kMatch},
      {kCase, R"([\P{Alpha}])"sv, "a"sv, kNoMatch},
      {kCase, R"(\p{IsLower})"sv, "a"sv, kMatch},
      {kCase, R"(\p{Latin})"sv, "a"sv, kError},
      {kCase, R"(\p{LC})"sv, "a"sv, kMatch},
      {kCase, R"(\p{})"sv, "a"sv, kError},
      {kCase, R"(\p{L)"sv, "a"sv, kError},
      // word boundary (Java 8-18: Unicode letters count)
      {kCase, R"(\w)"sv, "é"sv, kNoMatch},
      {kCase, R"(\bé)"sv, " é"sv, kMatch},
      {kCase, R"(a\b)"sv, "aé"sv, kNoMatch},
      {kCase, R"(a\B)"sv, "aé"sv, kMatch},
      {kCase, R"(\ba\b)"sv, "a"sv, kMatch},
      {kCase, R"(\Ba)"sv, "ba"sv, kMatch},
      // UTF-8 decoding of values and patterns
      {kCase, "^.$"sv, "é"sv, kMatch},
      {kCase, "^..$"sv, "é"sv, kNoMatch},
      {kCase, "^.$"sv, "\377"sv, kMatch},
      {kCase, "^.$"sv, "\342\202"sv, kMatch},
      {kCase, "^..$"sv, "\342\202"sv, kNoMatch},
      {kCase, R"(\uFFFD)"sv, "\377"sv, kMatch},
      {kCase, "\377"sv, "\376"sv, kMatch},
      {kCase, "^.$"sv, "\355\240\200"sv, kMatch},
      {kCase, "^...$"sv, "\340\200\200"sv, kMatch},
      {kCase, "^..$"sv, "\342\202A"sv, kMatch},
      {kCase, "^.$"sv, "\000"sv, kMatch},
      {kCase, "é+$"sv, "éé"sv, kMatch},
      {kCase, "[à-ÿ]"sv, "é"sv, kMatch},
      // quantifier with nothing before it, and repetition syntax
      {kCase, "{2}a"sv, "a"sv, kMatch},
      {kCase, "a{2}{3}"sv, "aa"sv, kMatch},
      {kCase, "a*{2}"sv, "b"sv, kMatch},
      {kCase, "x{,3}"sv, "x"sv, kError},
      {kCase, "a{"sv, "a"sv, kError},
      {kCase, "a{1"sv, "a"sv, kError},
      {kCase, "a{2,1}"sv, "aa"sv, kError},
      {kCase, "a{1}?"sv, "a"sv, kMatch},
      {kCase, "a{1,2}+b"sv, "aab"sv, kMatch},
      {kCase, "a}"sv, "a}"sv, kMatch},
      {kCase, "a]"sv, "a]"sv, kMatch},
      // errors in Java too
      {kCase, "a**"sv, "a"sv, kError},
      {kCase, "*a"sv, "a"sv, kError},
      {kCase, "("sv, "x"sv, kError},
      {kCase, ")"sv, "x"sv, kError},
      {kCase, "(?<a"sv, "x"sv, kError},
      {kCase, "(?z)"sv, "x"sv, kError},
      {kCase, "(?)"sv, "x"sv, kMatch},
      {kCase, "(?-)"sv, "x"sv, kMatch},
      {kCase, "(?#c)"sv, "x"sv, kError},
      {kCase, "(*ACCEPT)"sv, "x"sv, kError},
      {kCase, "(?P<n>a)"sv, "a"sv, kError},
      {kCase, "(?|a)"sv, "a"sv, kError},
      {kCase, "(?R)"sv, "a"sv, kError},
      {kCase, R"(\K)"sv, "a"sv, kError},
      {kCase, R"(\g1)"sv, "a"sv, kError},
      {kCase, "a|*"sv, "a"sv, kError},
      // Java-only constructs and unsupported flags
      {kCase, "(?-u)a"sv, "a"sv, kMatch},
      // PCRE2 10.42 limitation: variable-length lookbehind
      {kCase, "(?<=a|bc)d"sv, "bcd"sv, kMatch},
  });
}

TEST_CASE("regex: Java-only constructs are refused by name") {
  // Java accepts each of these; PCRE2 has no such construct, so they are
  // errors rather than patterns with another meaning. The unions and
  // intersections of TestRegexComparator.java are among them.
  struct Refused {
    Type type;
    std::string_view pattern;
    std::string_view reason;
  };
  const Refused refused[] = {
      {kCase, "[abc[def]]", "character class union [a[b]] is Java-only"},
      {kCase, "[a-c[d-f[g-i]]m]", "character class union [a[b]] is Java-only"},
      {kCase, "[[a-m]&&[^a-c]]", "character class union [a[b]] is Java-only"},
      {kCase, "[a-c&&[d-f]]",
       "character class intersection [a&&b] is "
       "Java-only"},
      {kCase, "[a-m&&m-z&&a-c]", "character class intersection [a&&b]"},
      {kCase, R"([\w&&\d])", "character class intersection [a&&b]"},
      {kCase, "[a-z&&[^aeiou]]", "character class intersection [a&&b]"},
      {kCase, "(?u)a", "inline flag (?u) (UNICODE_CASE) is not supported"},
      {kCase, R"((?U)\w)", "inline flag (?U) (UNICODE_CHARACTER_CLASS)"},
      {kCase, "(?c)a", "inline flag (?c) (CANON_EQ) is not supported"},
      {kCase, R"(\N{LATIN SMALL LETTER A})", R"(\N{name} (named character))"},
      {kCase, R"(\b{g})", R"(\b{g} (grapheme cluster boundary))"},
      {kCase, R"(\p{InGreek})", "Unicode blocks are not supported"},
      {kCase, R"(\p{IsAlphabetic})", "Unicode binary properties"},
      {kCase, R"(\p{javaLowerCase})", "java.lang.Character properties"},
      {kNoCase, R"(\p{Lower})", "not supported under case-insensitive"},
      {kNoCase, R"(\p{Lu})", "not supported under case-insensitive"},
      // PCRE2 10.42 needs a fixed length per lookbehind alternative.
      {kCase, "(?<=a{1,3})b", "lookbehind assertion is not fixed length"},
      {kCase, "(?<=a+)b", "lookbehind assertion is not fixed length"},
  };
  for (const Refused& r : refused) {
    CAPTURE(r.pattern);
    const std::string e = Err(r.pattern, r.type);
    CHECK_MESSAGE(e.find(r.reason) != std::string::npos, e);
  }
  CHECK(Err("[a-c&&[d-f]]") ==
        "expected a valid regular expression, got '[a-c&&[d-f]]' (character "
        "class intersection [a&&b] is Java-only and not supported at offset "
        "4)");
  CHECK(Err("x[abc[def]]") ==
        "expected a valid regular expression, got 'x[abc[def]]' (character "
        "class union [a[b]] is Java-only and not supported at offset 5)");
  // Quoted, they are plain text.
  CHECK(Outcome(kCase, R"(\Q[a&&b]\E)", "[a&&b]") == kMatch);
  CHECK(Outcome(kCase, R"([a&b])", "&") == kMatch);
}

TEST_CASE("regex: errors give the offset in the Java pattern") {
  CHECK(Err("a(b") ==
        "expected a valid regular expression, got 'a(b' (unclosed group at "
        "offset 1)");
  CHECK(Err("ab)") ==
        "expected a valid regular expression, got 'ab)' (unmatched ')' at "
        "offset 2)");
  CHECK(Err("a**") ==
        "expected a valid regular expression, got 'a**' (dangling meta "
        "character '*' at offset 2)");
  CHECK(Err("[ab") ==
        "expected a valid regular expression, got '[ab' (unclosed character "
        "class at offset 0)");
  CHECK(Err("[a-") ==
        "expected a valid regular expression, got '[a-' (illegal character "
        "range at offset 1)");
  CHECK(Err("x{a}") ==
        "expected a valid regular expression, got 'x{a}' (illegal "
        "repetition: expected {n}, {n,} or {n,m} at offset 1)");
  CHECK(Err(R"(a\y)") ==
        "expected a valid regular expression, got 'a\\x5Cy' (illegal or "
        "unsupported escape sequence at offset 1)");
  // PCRE2's own errors are placed in the Java pattern too.
  CHECK(Err("ab(?<=c+)") ==
        "expected a valid regular expression, got 'ab(?<=c+)' (lookbehind "
        "assertion is not fixed length at offset 2)");
  // The limits keep their messages (fuzz/filter_fuzzer).
  CHECK(Err("a{1001}") ==
        "expected repetition counts of at most 1000 in a regular "
        "expression, got 1001");
  CHECK(Err(R"(\0123)") ==
        "expected at most 3 digits after '\\' in a regular expression, got "
        "4");
  // Inside \Q...\E neither limit applies: it is text.
  CHECK(Outcome(kCase, R"(\Qa{5000}\1234\E)", R"(a{5000}\1234)") == kMatch);
}

TEST_CASE("regex: a match over its limit is an error, not a silent no-match") {
  auto c = Comparator(kCase, "(x+x+)+y");
  REQUIRE(c.ok());
  // Catastrophic backtracking: the 'y' is there but never after the x's.
  CHECK((*c)->CompareTo(std::string(40, 'x') + "zy") == 1);
  CHECK((*c)->status().IsInvalidArgument());
  CHECK((*c)->status().message() ==
        "filter: regexstring:(x+x+)+y: regular expression match reached its "
        "limit of 10000000 steps on a 42-byte value");
  // Once failed, the comparator stays failed (the read ends anyway).
  CHECK((*c)->CompareTo("xy") == 1);
  CHECK(!(*c)->status().ok());
  // A deep but legitimate match on a long value still runs.
  auto deep = Comparator(kCase, "(a|b)*c");
  REQUIRE(deep.ok());
  CHECK((*deep)->CompareTo(std::string(1 << 20, 'a') + "c") == 0);
  CHECK((*deep)->status().ok());
}

TEST_CASE("regex: values and patterns are decoded as Java decodes UTF-8") {
  using filter::ToJavaUtf8;
  const std::string fffd = "\xEF\xBF\xBD";
  CHECK(ToJavaUtf8("abc") == "abc");
  CHECK(ToJavaUtf8("\xC3\xA9") == "\xC3\xA9");
  CHECK(ToJavaUtf8("\xFF") == fffd);
  CHECK(ToJavaUtf8("\xC0\xAF") == fffd + fffd);  // C0 is never a lead
  CHECK(ToJavaUtf8("\xE0\x80\x80") == fffd + fffd + fffd);  // overlong
  CHECK(ToJavaUtf8("\xE2\x82"
                   "A") == fffd + "A");       // maximal subpart
  CHECK(ToJavaUtf8("\xED\xA0\x80") == fffd);  // a surrogate: one, as the JDK
  CHECK(ToJavaUtf8("\xF4\x90\x80\x80") == fffd + fffd + fffd + fffd);
  CHECK(ToJavaUtf8("\xF0\x9F\x98") == fffd);  // truncated at the end
}

}  // namespace
}  // namespace obkvlite
