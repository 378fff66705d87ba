// Copyright (c) obkvlite authors.
//
// Node balance (seed 003): OceanBase's balancer keeps the partition counts
// of any two nodes within 1 of each other, so 7 partitions on 3 nodes are
// <3,2,2> and the nodes are (3-2)/3 = 33% out of balance. Partition i is
// modelled on node i % nodes, which gives exactly those counts.

#include <algorithm>

#include "analyze/analyze_internal.h"
#include "obkvlite/analyze.h"

namespace obkvlite {
namespace {

template <typename T>
double Imbalance(const std::vector<T>& v) {
  if (v.empty()) return 0;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  if (*hi <= 0) return 0;
  return static_cast<double>(*hi - *lo) / static_cast<double>(*hi);
}

template <typename T>
std::string AngleList(const std::vector<T>& v) {
  std::string out = "<";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i > 0) out += ",";
    out += std::to_string(v[i]);
  }
  return out + ">";
}

}  // namespace

std::string FormatNodeBalance(const NodeBalance& b, std::string_view unit) {
  using analyze_internal::Percent;
  std::string out = "nodes: " + std::to_string(b.nodes) + " -> partitions " +
                    AngleList(b.partitions_per_node) + ", imbalance " +
                    Percent(b.partition_imbalance) +
                    " (seed 003: node partition counts differ by at most 1)\n";
  if (!b.keys_per_node.empty()) {
    out += "       " + std::string(unit) + " " + AngleList(b.keys_per_node) +
           ", imbalance " + Percent(b.load_imbalance) +
           " (partition i on node i % " + std::to_string(b.nodes) + ")\n";
  }
  return out;
}

NodeBalance BalanceNodes(int partitions, int nodes,
                         const std::vector<int64_t>& loads) {
  NodeBalance b;
  b.nodes = nodes;
  b.partitions_per_node.assign(static_cast<size_t>(nodes), 0);
  for (int p = 0; p < partitions; ++p) {
    ++b.partitions_per_node[static_cast<size_t>(p % nodes)];
  }
  b.partition_imbalance = Imbalance(b.partitions_per_node);
  if (!loads.empty()) {
    b.keys_per_node.assign(static_cast<size_t>(nodes), 0);
    for (int p = 0; p < partitions; ++p) {
      b.keys_per_node[static_cast<size_t>(p % nodes)] +=
          loads[static_cast<size_t>(p)];
    }
    b.load_imbalance = Imbalance(b.keys_per_node);
  }
  return b;
}

}  // namespace obkvlite
