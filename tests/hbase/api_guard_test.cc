// Copyright (c) obkvlite authors.
//
// The API guard at the one boundary every table call and every scanner
// read passes through (LiveTable, GuardedScanner): an exception thrown by
// any layout's implementation comes back as an IOError naming the
// operation, never across the public API.

#include <doctest/doctest.h>

#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "hbase/guarded_scanner.h"
#include "hbase/read/normal_scanner.h"
#include "hbase/table/empty_qualifier_scanner.h"
#include "hbase/table/live_table.h"
#include "obkvlite/spec.h"
#include "store_fixture.h"

namespace obkvlite {
namespace {

// A scanner that returns one row, then throws.
class ThrowingScanner final : public Scanner {
 public:
  explicit ThrowingScanner(bool bad_alloc) : bad_alloc_(bad_alloc) {}
  bool NextCell(CellView*) override { Throw(); }
  Status status() const override { return Status::OK(); }
  int partitions_opened() const override { return 7; }

 protected:
  bool NextRow(RowResult* out) override {
    if (rows_++ == 0) {
      out->row = "r1";
      out->cells.push_back(Cell{"r1", "f", "q", 5, "v"});
      return true;
    }
    Throw();
  }

 private:
  [[noreturn]] void Throw() const {
    if (bad_alloc_) throw std::bad_alloc();
    throw std::runtime_error("boom");
  }
  bool bad_alloc_;
  int rows_ = 0;
};

// A table whose every operation throws, as a layout's bug would.
class ThrowingTable final : public Table {
 public:
  ThrowingTable() { spec_.name = "t"; }
  const TableSpec& spec() const override { return spec_; }
  Status Put(const obkvlite::Put&) override { Throw(); }
  Status Put(const std::vector<obkvlite::Put>&) override { Throw(); }
  Result<RowResult> Get(const obkvlite::Get&) override { Throw(); }
  Result<bool> Exists(const obkvlite::Get&) override { Throw(); }
  Result<std::unique_ptr<Scanner>> GetScanner(const obkvlite::Scan&) override {
    return std::unique_ptr<Scanner>(new ThrowingScanner(false));
  }
  Status Delete(const obkvlite::Delete&) override { Throw(); }
  Result<RowResult> Increment(const obkvlite::Increment&) override { Throw(); }
  Result<RowResult> Append(const obkvlite::Append&) override { Throw(); }
  Result<bool> CheckAndMutate(const obkvlite::CheckAndMutate&) override {
    Throw();
  }
  Result<std::vector<MutationResult>> Batch(
      const std::vector<Mutation>&) override {
    Throw();
  }
  Result<PurgeStats> Purge() override { throw 42; }

 private:
  [[noreturn]] static void Throw() { throw std::runtime_error("boom"); }
  TableSpec spec_;
};

TEST_CASE("every table operation of the live table is guarded") {
  LiveTable table("t", std::make_unique<ThrowingTable>());
  obkvlite::Put put;
  put.row = "r";
  CHECK(table.Put(put).ToString() == "IOError: put: boom");
  CHECK(table.Put(std::vector<obkvlite::Put>{put}).ToString() ==
        "IOError: put: boom");
  obkvlite::Get get;
  get.row = "r";
  CHECK(table.Get(get).status().ToString() == "IOError: get: boom");
  RowResult row;
  CHECK(table.Get(get, &row).ToString() == "IOError: get: boom");
  CHECK(table.Exists(get).status().ToString() == "IOError: exists: boom");
  obkvlite::Delete del;
  CHECK(table.Delete(del).ToString() == "IOError: delete: boom");
  CHECK(table.Increment(obkvlite::Increment()).status().ToString() ==
        "IOError: increment: boom");
  CHECK(table.Append(obkvlite::Append()).status().ToString() ==
        "IOError: append: boom");
  CHECK(table.CheckAndMutate(obkvlite::CheckAndMutate()).status().ToString() ==
        "IOError: check_and_mutate: boom");
  CHECK(table.Batch({}).status().ToString() == "IOError: batch: boom");
  CHECK(table.Purge().status().ToString() ==
        "IOError: purge: unknown exception");
}

TEST_CASE("a scanner the live table hands out is guarded") {
  LiveTable table("t", std::make_unique<ThrowingTable>());
  Result<std::unique_ptr<Scanner>> opened = table.GetScanner(obkvlite::Scan());
  REQUIRE(opened.ok());
  Scanner& scanner = **opened;
  CHECK(scanner.partitions_opened() == 7);
  RowResult row;
  REQUIRE(scanner.Next(&row));
  CHECK(row.row == "r1");
  REQUIRE(row.cells.size() == 1);
  CHECK(row.cells[0].value == "v");
  CHECK_FALSE(scanner.Next(&row));
  CHECK(scanner.status().ToString() == "IOError: scan: boom");
  CHECK_FALSE(scanner.Next(&row));  // stays failed
  CellView cell;
  CHECK_FALSE(scanner.NextCell(&cell));
  CHECK(scanner.status().ToString() == "IOError: scan: boom");
}

TEST_CASE("GuardedScanner turns bad_alloc in NextCell into out of memory") {
  GuardedScanner scanner("index scan", std::make_unique<ThrowingScanner>(true));
  CellView cell;
  CHECK_FALSE(scanner.NextCell(&cell));
  CHECK(scanner.status().ToString() == "IOError: index scan: out of memory");
}

TEST_CASE("a streaming scan of the normal layout is its own guard") {
  // Without a filter, forward, NormalScanner catches in every call (the
  // API guard's status): handed out unwrapped, one virtual call less per
  // cell. A filtered or reversed scan reads rows through Scanner's default
  // NextCell, whose row views Scanner::Next updates unguarded: wrapped.
  // Each scan names its family: a family-less one is judged around its
  // scanner for the compatibility profile (checked below).
  testing::StoreFixture fx(R"({"table": "t", "families": [{"name": "f"}]})");
  fx.MustPut(obkvlite::Put("r1").Add("f", "q", 100, "v"));
  obkvlite::Scan plain;
  plain.families = {"f"};
  obkvlite::Scan filtered = plain;
  filtered.filter = "KeyOnlyFilter()";
  obkvlite::Scan reversed = plain;
  reversed.reversed = true;
  for (const auto& [scan, self_guarded] :
       {std::pair{plain, true}, {filtered, false}, {reversed, false}}) {
    Result<std::unique_ptr<Scanner>> opened = fx.table()->GetScanner(scan);
    REQUIRE(opened.ok());
    Scanner* scanner = opened->get();
    CHECK((dynamic_cast<NormalScanner*>(scanner) != nullptr) == self_guarded);
    CHECK((dynamic_cast<GuardedScanner*>(scanner) != nullptr) != self_guarded);
    CellView cell;
    REQUIRE(scanner->NextCell(&cell));
    CHECK(cell.row == "r1");
    CHECK(cell.qualifier == "q");
    CHECK(cell.value == (scan.filter.empty() ? "v" : ""));
    CHECK_FALSE(scanner->NextCell(&cell));
    CHECK(scanner->status().ok());
  }
  // A family-less scan reads the table group: its cells are judged for
  // rule C-22 (doc/obkv-compat.md) by one wrapper around the guarded
  // scanner, here the self-guarding NormalScanner.
  Result<std::unique_ptr<Scanner>> group = fx.table()->GetScanner(Scan());
  REQUIRE(group.ok());
  CHECK(dynamic_cast<EmptyQualifierScanner*>(group->get()) != nullptr);
  CellView cell;
  REQUIRE((*group)->NextCell(&cell));
  CHECK(cell.value == "v");
  CHECK_FALSE((*group)->NextCell(&cell));
  CHECK((*group)->status().ok());
}

}  // namespace
}  // namespace obkvlite
