// Copyright (c) obkvlite authors.
//
// HbaseHandler: HBase's Thrift1 service (hbase.thrift) over one obkvlite
// Store, through the public API only. Each method does what HBase's
// ThriftHBaseServiceHandler does; doc/thrift.md lists the methods and
// where obkvlite differs. The handler is shared by every connection.
//
// checkAndPut is also served by CheckAndPut, which knows whether the
// expected value was sent at all (an absent value checks that the cell
// does not exist; the generated interface cannot tell absent from empty).
//
// REQUIRED: the Store and the ScannerRegistry outlive the handler.
// Thread safety: every method may run on several threads at once.

#ifndef OBKVLITE_SERVER_THRIFT_HBASE_HANDLER_H_
#define OBKVLITE_SERVER_THRIFT_HBASE_HANDLER_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/store.h"
#include "server/common/scanner_registry.h"
#include "server/thrift/gen-cpp/Hbase.h"
#include "server/thrift/hbase_processor.h"

namespace obkvlite {
namespace server {

namespace gen = ::obkvlite::server::hbase_thrift;

struct HbaseHandlerOptions {
  // Refuse every mutation and admin change (`--readonly`, HBase's -ro).
  bool read_only = false;
  // Reported in TRegionInfo.serverName and port.
  std::string server_name = "127.0.0.1";
  int port = 9090;
  // Most bytes of cells one scannerGetList returns (it returns fewer rows
  // than asked rather than build a larger reply).
  int64_t max_reply_bytes = 8 * 1024 * 1024;
};

class HbaseHandler : public gen::HbaseIf, public CheckAndPutHandler {
 public:
  using Text = std::string;
  using Attributes = std::map<Text, Text>;

  HbaseHandler(Store* store, ScannerRegistry* scanners,
               HbaseHandlerOptions options);

  // checkAndPut with the knowledge of whether `value` was sent.
  bool CheckAndPut(const Text& tableName, const Text& row, const Text& column,
                   const Text* value, const gen::Mutation& mput,
                   const Attributes& attributes) override;

  // ---- admin (handler_admin.cc)
  void enableTable(const Text& tableName) override;
  void disableTable(const Text& tableName) override;
  bool isTableEnabled(const Text& tableName) override;
  void compact(const Text& tableNameOrRegionName) override;
  void majorCompact(const Text& tableNameOrRegionName) override;
  void getTableNames(std::vector<Text>& _return) override;
  void getTableNamesWithIsTableEnabled(std::map<Text, bool>& _return) override;
  void getColumnDescriptors(std::map<Text, gen::ColumnDescriptor>& _return,
                            const Text& tableName) override;
  void getTableRegions(std::vector<gen::TRegionInfo>& _return,
                       const Text& tableName) override;
  void createTable(
      const Text& tableName,
      const std::vector<gen::ColumnDescriptor>& columnFamilies) override;
  void deleteTable(const Text& tableName) override;
  void getRegionInfo(gen::TRegionInfo& _return, const Text& row) override;
  gen::TThriftServerType::type getThriftServerType() override;
  void getClusterId(std::string& _return) override;
  bool grant(const gen::TAccessControlEntity& info) override;
  bool revoke(const gen::TAccessControlEntity& info) override;

  // ---- reads (handler_read.cc)
  void get(std::vector<gen::TCell>& _return, const Text& tableName,
           const Text& row, const Text& column,
           const Attributes& attributes) override;
  void getVer(std::vector<gen::TCell>& _return, const Text& tableName,
              const Text& row, const Text& column, int32_t numVersions,
              const Attributes& attributes) override;
  void getVerTs(std::vector<gen::TCell>& _return, const Text& tableName,
                const Text& row, const Text& column, int64_t timestamp,
                int32_t numVersions, const Attributes& attributes) override;
  void getRow(std::vector<gen::TRowResult>& _return, const Text& tableName,
              const Text& row, const Attributes& attributes) override;
  void getRowWithColumns(std::vector<gen::TRowResult>& _return,
                         const Text& tableName, const Text& row,
                         const std::vector<Text>& columns,
                         const Attributes& attributes) override;
  void getRowTs(std::vector<gen::TRowResult>& _return, const Text& tableName,
                const Text& row, int64_t timestamp,
                const Attributes& attributes) override;
  void getRowWithColumnsTs(std::vector<gen::TRowResult>& _return,
                           const Text& tableName, const Text& row,
                           const std::vector<Text>& columns, int64_t timestamp,
                           const Attributes& attributes) override;
  void getRows(std::vector<gen::TRowResult>& _return, const Text& tableName,
               const std::vector<Text>& rows,
               const Attributes& attributes) override;
  void getRowsWithColumns(std::vector<gen::TRowResult>& _return,
                          const Text& tableName, const std::vector<Text>& rows,
                          const std::vector<Text>& columns,
                          const Attributes& attributes) override;
  void getRowsTs(std::vector<gen::TRowResult>& _return, const Text& tableName,
                 const std::vector<Text>& rows, int64_t timestamp,
                 const Attributes& attributes) override;
  void getRowsWithColumnsTs(std::vector<gen::TRowResult>& _return,
                            const Text& tableName,
                            const std::vector<Text>& rows,
                            const std::vector<Text>& columns, int64_t timestamp,
                            const Attributes& attributes) override;
  void getRowOrBefore(std::vector<gen::TCell>& _return, const Text& tableName,
                      const Text& row, const Text& family) override;

  // ---- writes (handler_write.cc)
  void mutateRow(const Text& tableName, const Text& row,
                 const std::vector<gen::Mutation>& mutations,
                 const Attributes& attributes) override;
  void mutateRowTs(const Text& tableName, const Text& row,
                   const std::vector<gen::Mutation>& mutations,
                   int64_t timestamp, const Attributes& attributes) override;
  void mutateRows(const Text& tableName,
                  const std::vector<gen::BatchMutation>& rowBatches,
                  const Attributes& attributes) override;
  void mutateRowsTs(const Text& tableName,
                    const std::vector<gen::BatchMutation>& rowBatches,
                    int64_t timestamp, const Attributes& attributes) override;
  int64_t atomicIncrement(const Text& tableName, const Text& row,
                          const Text& column, int64_t value) override;
  void deleteAll(const Text& tableName, const Text& row, const Text& column,
                 const Attributes& attributes) override;
  void deleteAllTs(const Text& tableName, const Text& row, const Text& column,
                   int64_t timestamp, const Attributes& attributes) override;
  void deleteAllRow(const Text& tableName, const Text& row,
                    const Attributes& attributes) override;
  void deleteAllRowTs(const Text& tableName, const Text& row, int64_t timestamp,
                      const Attributes& attributes) override;
  void increment(const gen::TIncrement& increment) override;
  void incrementRows(const std::vector<gen::TIncrement>& increments) override;
  void append(std::vector<gen::TCell>& _return,
              const gen::TAppend& append) override;
  bool checkAndPut(const Text& tableName, const Text& row, const Text& column,
                   const Text& value, const gen::Mutation& mput,
                   const Attributes& attributes) override;

  // ---- scanners (handler_scan.cc)
  gen::ScannerID scannerOpenWithScan(const Text& tableName,
                                     const gen::TScan& scan,
                                     const Attributes& attributes) override;
  gen::ScannerID scannerOpen(const Text& tableName, const Text& startRow,
                             const std::vector<Text>& columns,
                             const Attributes& attributes) override;
  gen::ScannerID scannerOpenWithStop(const Text& tableName,
                                     const Text& startRow, const Text& stopRow,
                                     const std::vector<Text>& columns,
                                     const Attributes& attributes) override;
  gen::ScannerID scannerOpenWithPrefix(const Text& tableName,
                                       const Text& startAndPrefix,
                                       const std::vector<Text>& columns,
                                       const Attributes& attributes) override;
  gen::ScannerID scannerOpenTs(const Text& tableName, const Text& startRow,
                               const std::vector<Text>& columns,
                               int64_t timestamp,
                               const Attributes& attributes) override;
  gen::ScannerID scannerOpenWithStopTs(const Text& tableName,
                                       const Text& startRow,
                                       const Text& stopRow,
                                       const std::vector<Text>& columns,
                                       int64_t timestamp,
                                       const Attributes& attributes) override;
  void scannerGet(std::vector<gen::TRowResult>& _return,
                  gen::ScannerID id) override;
  void scannerGetList(std::vector<gen::TRowResult>& _return, gen::ScannerID id,
                      int32_t nbRows) override;
  void scannerClose(gen::ScannerID id) override;

 private:
  // The table, or IOError naming it (HBase's TableNotFoundException).
  Table* OpenTable(std::string_view method, const Text& name);
  // IOError unless the gateway takes writes.
  void CheckWritable(std::string_view method) const;
  // Judges `method` on `table` by reference row `rule` of
  // doc/obkv-compat.md (Store::CompatCheck): throws the refusal under the
  // obkv profile, records a finding under the hbase profile.
  void CheckCompat(const char* method, const Text& table, const char* rule);
  // `status`, an error this gateway finds itself before the library (a
  // family, a row, qualifier or value too long), in the words of the
  // store's profile (CompatWording, obkvlite/compat.h).
  Status Worded(const Text& table, std::string_view method,
                const Status& status) const;
  // Gets `rows` (each with `columns`, newest version, time range [0, ts)
  // when `timestamp` is set) into TRowResults: as one Table::MultiGet
  // (HBase's get(List), for the getRows* methods) when `as_list`, else
  // the one row of `rows` as a Get.
  void GetRows(std::string_view method, std::vector<gen::TRowResult>* out,
               const Text& tableName, const std::vector<Text>& rows,
               const std::vector<Text>& columns,
               std::optional<int64_t> timestamp, bool as_list);
  // Versions of one column or family as TCells.
  void GetCells(std::string_view method, std::vector<gen::TCell>* out,
                const Text& tableName, const Text& row, const Text& column,
                int32_t versions, std::optional<int64_t> timestamp);
  // Applies `batches` in one Table::Batch (all rows or none).
  void MutateRows(std::string_view method, const Text& tableName,
                  const std::vector<gen::BatchMutation>& batches,
                  std::optional<int64_t> timestamp,
                  const Attributes& attributes);
  // Deletes one column or family (deleteAll, deleteAllTs) or a row.
  void DeleteCells(std::string_view method, const Text& tableName,
                   const Text& row, const Text* column,
                   std::optional<int64_t> timestamp);
  // Adds `amount` to one column; returns the new value.
  int64_t Increment(std::string_view method, const Text& tableName,
                    const Text& row, const Text& column, int64_t amount);
  // Opens a scanner and registers it.
  gen::ScannerID OpenScanner(std::string_view method, const Text& tableName,
                             Scan scan, const std::vector<Text>& columns,
                             bool sort_columns);
  // Up to `rows` rows of scanner `id`.
  void ReadScanner(std::string_view method, std::vector<gen::TRowResult>* out,
                   gen::ScannerID id, int32_t rows);

  Store* const store_;
  ScannerRegistry* const scanners_;
  const HbaseHandlerOptions options_;
};

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT_HBASE_HANDLER_H_
