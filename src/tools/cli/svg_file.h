// Copyright (c) obkvlite authors.
//
// Writing a heatmap SVG to a file (`analyze --svg`, `stats --svg`), with
// the error naming the option: "<field>PATH: cannot write the SVG".
//
// Thread safety: pure function over the file system.

#ifndef OBKVLITE_TOOLS_CLI_SVG_FILE_H_
#define OBKVLITE_TOOLS_CLI_SVG_FILE_H_

#include <string>

#include "obkvlite/status.h"

namespace obkvlite {
namespace cli {

// Writes `svg` to `path` (replacing it). IOError "<field>PATH: cannot write
// the SVG" or "... write error"; `field` is e.g. "--svg: " or "".
Status WriteSvgFile(const std::string& path, const std::string& svg,
                    const std::string& field);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SVG_FILE_H_
