// Copyright (c) obkvlite authors.
#include "storage/mysql/row_lock.h"

namespace obkvlite {
namespace storage {
namespace {

uint64_t Fnv1a(uint64_t hash, std::string_view bytes) {
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

}  // namespace

int64_t RowLockSlot(std::string_view table, std::string_view row) {
  uint64_t hash = Fnv1a(0xcbf29ce484222325ULL, table);
  hash = Fnv1a(hash, std::string_view("\0", 1));
  hash = Fnv1a(hash, row);
  return static_cast<int64_t>(hash % static_cast<uint64_t>(kRowLockSlots));
}

}  // namespace storage
}  // namespace obkvlite
