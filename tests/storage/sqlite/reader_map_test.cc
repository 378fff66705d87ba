// Copyright (c) obkvlite authors.
//
// A store file's readers map it, and keep the mapping across the writer's
// commits (storage/sqlite/sqlite_lasting_map_vfs.h): the store runs on FaultVfs
// (fault_vfs.h, never armed here), which counts the readers' whole-file
// unmaps that reach it through the lasting-map VFS. Scans after writes, after
// checkpoints that copy the WAL into the mapped file, after the file grew
// and after it shrank (VACUUM) see exactly the cells written; an unmap
// passes only when the file grew by more than an eighth, or shrank.

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <memory>
#include <string>
#include <vector>

#include "fault_vfs.h"
#include "obkvlite/store.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

std::string Row(int i) {
  std::string r = std::to_string(i);
  return std::string(6 - r.size(), '0') + r;
}

// Runs `sql` on the file at `path` through a connection of its own (the
// default VFS), as another process would.
void RunOnFile(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* error = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  const std::string message = error != nullptr ? error : "";
  sqlite3_free(error);
  sqlite3_close(db);
  REQUIRE_MESSAGE(rc == SQLITE_OK, sql << ": " << message);
}

TEST_CASE("readers keep their mapping across commits and see every one") {
  FaultVfs& vfs = FaultVfs::Get();
  vfs.Disarm();
  TempDir dir;
  const std::string path = dir.path() + "/store.db";
  StoreOptions options;
  options.sqlite.vfs = kFaultVfsName;
  options.request_stats = false;
  std::unique_ptr<Store> store = MustOpenStore(path, options);
  REQUIRE(store
              ->CreateTable(MustParseSpec(SpecJson("t", R"([{"name": "f"}])",
                                                   R"({"strategy": "none"})")))
              .ok());
  Table* table = MustTable(store.get(), "t");
  // Rows [from, to) with one 200-byte cell of `fill`.
  const auto put_rows = [&](int from, int to, char fill) {
    std::vector<Put> puts;
    for (int i = from; i < to; ++i) {
      puts.push_back(Put(Row(i)).Add("f", "q", 1, std::string(200, fill)));
    }
    REQUIRE(table->Put(puts).ok());
  };
  // "row:fill " of up to `limit` rows from `start` (0: all).
  const auto scan = [&](const std::string& start, int64_t limit) {
    Scan s;
    s.start_row = start;
    s.limit = limit;
    Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(s);
    REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
    std::string out;
    int rows = 0;
    char last = 0;
    for (const Cell& c : Drain(scanner->get())) {
      // Runs of equal fills, to keep the text short: "n x fill".
      if (c.value.size() != 200) return std::string("bad value size");
      if (c.value[0] != last && rows > 0) {
        out += std::to_string(rows) + "x" + last + " ";
        rows = 0;
      }
      last = c.value[0];
      ++rows;
    }
    if (rows > 0) out += std::to_string(rows) + "x" + last;
    return out;
  };
  const auto checkpoint = [&] {
    // PASSIVE: copies every frame (nothing reads meanwhile) and keeps the
    // WAL's header, so only writes count as another connection's commit.
    RunOnFile(path, "PRAGMA wal_checkpoint(PASSIVE)");
  };

  put_rows(0, 4000, 'a');
  checkpoint();
  CHECK(scan("", 0) == "4000xa");  // the reader maps the file
  const int64_t mapped = vfs.reader_unmaps();

  // Writes, and the same writes checkpointed into the mapped file: every
  // scan sees them, and no unmap reaches the file.
  for (int i = 0; i < 20; ++i) {
    put_rows(i * 100, i * 100 + 50, 'b');
    if (i % 4 == 3) checkpoint();
    CHECK(scan(Row(i * 100), 100) == "50xb 50xa");
  }
  std::string all;
  for (int i = 0; i < 19; ++i) all += "50xb 50xa ";
  CHECK(scan("", 0) == all + "50xb 2050xa");
  CHECK(vfs.reader_unmaps() == mapped);

  // The file doubles: the next read maps it again, whole.
  put_rows(4000, 8000, 'c');
  checkpoint();
  CHECK(scan(Row(3990), 0) == "10xa 4000xc");
  CHECK(vfs.reader_unmaps() > mapped);

  // The file shrinks: the rows go, VACUUM and a checkpoint truncate it, and
  // the readers' next read lets go of the longer mapping.
  for (int i = 2000; i < 8000; ++i) {
    Delete row;
    row.row = Row(i);
    REQUIRE(table->Delete(row).ok());
  }
  const int64_t before_vacuum = vfs.reader_unmaps();
  RunOnFile(path, "VACUUM");
  checkpoint();
  CHECK(scan(Row(1990), 0) == "10xa");
  CHECK(vfs.reader_unmaps() > before_vacuum);
  CHECK(scan("", 3) == "3xb");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
