// Copyright (c) obkvlite authors.
#include <iostream>

#include "tools/cli/cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return obkvlite::cli::RunObkv(argc, argv, std::cin, std::cout, std::cerr);
}
