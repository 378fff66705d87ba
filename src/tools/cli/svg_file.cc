// Copyright (c) obkvlite authors.
#include "tools/cli/svg_file.h"

#include <fstream>

namespace obkvlite {
namespace cli {

Status WriteSvgFile(const std::string& path, const std::string& svg,
                    const std::string& field) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return Status::IOError(field + path + ": cannot write the SVG");
  out << svg;
  out.close();
  if (!out) return Status::IOError(field + path + ": write error");
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
