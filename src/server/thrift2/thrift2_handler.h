// Copyright (c) obkvlite authors.
//
// Thrift2Handler: HBase's Thrift2 service (THBaseService, hbase2.thrift)
// over one obkvlite Store, through the public API only. Each method does
// what HBase 2.x's ThriftHBaseServiceHandler does; doc/thrift2.md lists the
// methods and where obkvlite differs. The handler is shared by every
// connection.
//
// checkAndPut, checkAndDelete and checkAndMutate are also served by
// CheckAndMutateRow, which knows whether the check value was sent at all
// (an absent value checks that the cell does not exist; the generated
// interface cannot tell absent from empty). Their `op` is the
// TCompareOperator number the client sent (wire_enum.h).
//
// REQUIRED: the Store and the ScannerRegistry outlive the handler.
// Thread safety: every method may run on several threads at once.

#ifndef OBKVLITE_SERVER_THRIFT2_THRIFT2_HANDLER_H_
#define OBKVLITE_SERVER_THRIFT2_THRIFT2_HANDLER_H_

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "obkvlite/store.h"
#include "server/common/region_keys.h"
#include "server/common/scanner_registry.h"
#include "server/thrift2/gen-cpp/THBaseService.h"
#include "server/thrift2/thrift2_processor.h"

namespace obkvlite {
namespace server {

namespace gen2 = ::obkvlite::server::hbase_thrift2;

struct Thrift2HandlerOptions {
  // Refuse every mutation and admin change (`--readonly`).
  bool read_only = false;
  // Reported in TServerName.hostName and port.
  std::string server_name = "127.0.0.1";
  int port = 9090;
  // Most bytes of cells one getScannerRows returns (it returns fewer rows
  // than asked rather than build a larger reply).
  int64_t max_reply_bytes = 8 * 1024 * 1024;
};

class Thrift2Handler : public gen2::THBaseServiceIf,
                       public Thrift2CheckHandler {
 public:
  using Text = std::string;

  Thrift2Handler(Store* store, ScannerRegistry* scanners,
                 Thrift2HandlerOptions options);

  // checkAndPut, checkAndDelete and checkAndMutate with `value` null when
  // the client did not send one (the processor calls these).
  bool CheckAndPutValue(const Text& table, const Text& row, const Text& family,
                        const Text& qualifier, const Text* value,
                        const gen2::TPut& tput);
  bool CheckAndDeleteValue(const Text& table, const Text& row,
                           const Text& family, const Text& qualifier,
                           const Text* value, const gen2::TDelete& tdelete);
  bool CheckAndMutateValue(const Text& table, const Text& row,
                           const Text& family, const Text& qualifier,
                           int32_t op, const Text* value,
                           const gen2::TRowMutations& rowMutations);

  // ---- reads (handler2_read.cc)
  bool exists(const Text& table, const gen2::TGet& tget) override;
  void existsAll(std::vector<bool>& _return, const Text& table,
                 const std::vector<gen2::TGet>& tgets) override;
  void get(gen2::TResult& _return, const Text& table,
           const gen2::TGet& tget) override;
  void getMultiple(std::vector<gen2::TResult>& _return, const Text& table,
                   const std::vector<gen2::TGet>& tgets) override;

  // ---- writes (handler2_write.cc)
  void put(const Text& table, const gen2::TPut& tput) override;
  bool checkAndPut(const Text& table, const Text& row, const Text& family,
                   const Text& qualifier, const Text& value,
                   const gen2::TPut& tput) override;
  void putMultiple(const Text& table,
                   const std::vector<gen2::TPut>& tputs) override;
  void deleteSingle(const Text& table, const gen2::TDelete& tdelete) override;
  void deleteMultiple(std::vector<gen2::TDelete>& _return, const Text& table,
                      const std::vector<gen2::TDelete>& tdeletes) override;
  bool checkAndDelete(const Text& table, const Text& row, const Text& family,
                      const Text& qualifier, const Text& value,
                      const gen2::TDelete& tdelete) override;
  void increment(gen2::TResult& _return, const Text& table,
                 const gen2::TIncrement& tincrement) override;
  void append(gen2::TResult& _return, const Text& table,
              const gen2::TAppend& tappend) override;
  void mutateRow(const Text& table,
                 const gen2::TRowMutations& trowMutations) override;
  bool checkAndMutate(const Text& table, const Text& row, const Text& family,
                      const Text& qualifier,
                      gen2::TCompareOperator::type compareOperator,
                      const Text& value,
                      const gen2::TRowMutations& rowMutations) override;

  // ---- scanners (handler2_scan.cc)
  int32_t openScanner(const Text& table, const gen2::TScan& tscan) override;
  void getScannerRows(std::vector<gen2::TResult>& _return, int32_t scannerId,
                      int32_t numRows) override;
  void closeScanner(int32_t scannerId) override;
  void getScannerResults(std::vector<gen2::TResult>& _return, const Text& table,
                         const gen2::TScan& tscan, int32_t numRows) override;

  // ---- regions and the server (handler2_regions.cc)
  void getRegionLocation(gen2::THRegionLocation& _return, const Text& table,
                         const Text& row, bool reload) override;
  void getAllRegionLocations(std::vector<gen2::THRegionLocation>& _return,
                             const Text& table) override;
  gen2::TThriftServerType::type getThriftServerType() override;
  void getClusterId(std::string& _return) override;
  void getSlowLogResponses(std::vector<gen2::TOnlineLogRecord>& _return,
                           const std::set<gen2::TServerName>& serverNames,
                           const gen2::TLogQueryFilter& filter) override;
  void clearSlowLogResponses(
      std::vector<bool>& _return,
      const std::set<gen2::TServerName>& serverNames) override;
  bool grant(const gen2::TAccessControlEntity& info) override;
  bool revoke(const gen2::TAccessControlEntity& info) override;

  // ---- tables (handler2_tables.cc)
  void getTableDescriptor(gen2::TTableDescriptor& _return,
                          const gen2::TTableName& table) override;
  void getTableDescriptors(
      std::vector<gen2::TTableDescriptor>& _return,
      const std::vector<gen2::TTableName>& tables) override;
  bool tableExists(const gen2::TTableName& tableName) override;
  void getTableDescriptorsByPattern(
      std::vector<gen2::TTableDescriptor>& _return, const std::string& regex,
      bool includeSysTables) override;
  void getTableDescriptorsByNamespace(
      std::vector<gen2::TTableDescriptor>& _return,
      const std::string& name) override;
  void getTableNamesByPattern(std::vector<gen2::TTableName>& _return,
                              const std::string& regex,
                              bool includeSysTables) override;
  void getTableNamesByNamespace(std::vector<gen2::TTableName>& _return,
                                const std::string& name) override;
  void createTable(const gen2::TTableDescriptor& desc,
                   const std::vector<Text>& splitKeys) override;
  void deleteTable(const gen2::TTableName& tableName) override;
  void truncateTable(const gen2::TTableName& tableName,
                     bool preserveSplits) override;
  void enableTable(const gen2::TTableName& tableName) override;
  void disableTable(const gen2::TTableName& tableName) override;
  bool isTableEnabled(const gen2::TTableName& tableName) override;
  bool isTableDisabled(const gen2::TTableName& tableName) override;
  bool isTableAvailable(const gen2::TTableName& tableName) override;
  bool isTableAvailableWithSplit(const gen2::TTableName& tableName,
                                 const std::vector<Text>& splitKeys) override;
  void addColumnFamily(const gen2::TTableName& tableName,
                       const gen2::TColumnFamilyDescriptor& column) override;
  void deleteColumnFamily(const gen2::TTableName& tableName,
                          const Text& column) override;
  void modifyColumnFamily(const gen2::TTableName& tableName,
                          const gen2::TColumnFamilyDescriptor& column) override;
  void modifyTable(const gen2::TTableDescriptor& desc) override;

  // ---- namespaces (handler2_tables.cc)
  void createNamespace(
      const gen2::TNamespaceDescriptor& namespaceDesc) override;
  void modifyNamespace(
      const gen2::TNamespaceDescriptor& namespaceDesc) override;
  void deleteNamespace(const std::string& name) override;
  void getNamespaceDescriptor(gen2::TNamespaceDescriptor& _return,
                              const std::string& name) override;
  void listNamespaceDescriptors(
      std::vector<gen2::TNamespaceDescriptor>& _return) override;
  void listNamespaces(std::vector<std::string>& _return) override;

 private:
  // The table, or TIOError naming it (HBase's TableNotFoundException).
  Table* OpenTable(std::string_view method, const Text& name);
  // TIOError unless the gateway takes writes.
  void CheckWritable(std::string_view method) const;
  // Judges `method` on `table` by rule `rule` of doc/obkv-compat.md
  // (Store::CompatCheck): throws the refusal under the obkv profile,
  // records a finding under the hbase profile.
  void CheckCompat(const char* method, const Text& table, const char* rule);
  // `status`, an error this gateway finds itself before the library (a
  // family, a row, qualifier or value too long), in the words of the
  // store's profile (CompatWording, obkvlite/compat.h).
  Status Worded(std::string_view method, const Table* table,
                const Status& status) const;
  // C-17: whether `tget`'s per-family limit and offset apply (not under
  // the obkv profile; a finding under the hbase profile).
  bool StoreLimited(const char* method, const Table* table,
                    const gen2::TGet& tget);
  // One Get with the TGet's per-family limit and offset applied.
  RowResult GetRow(const char* method, Table* table, const gen2::TGet& tget,
                   const std::string& field);
  // The check-and-mutate of `mutations` on `table`.
  bool CheckAndMutateRow(const char* method, Table* table, const Text& row,
                         const Text& family, const Text& qualifier, int32_t op,
                         const Text* value,
                         std::vector<std::variant<Put, Delete>> mutations);
  // Applies `mutations` (puts and deletes of one or more rows) in one
  // Table::Batch.
  void ApplyBatch(const char* method, Table* table,
                  std::vector<Mutation> mutations);
  // Opens a scanner of `tscan` and registers it; returns its id.
  int32_t OpenScanner(const char* method, const Text& table,
                      const gen2::TScan& tscan);
  // Up to `numRows` rows of scanner `scannerId` into `*out`.
  void ReadScanner(const char* method, std::vector<gen2::TResult>* out,
                   int32_t scannerId, int32_t numRows);
  // A region: a first-level partition of the table's first family.
  struct Region {
    int index = 0;
    RegionKeys keys;
  };
  // The regions of `table`, with a copy of its first family's spec.
  std::vector<Region> Regions(const char* method, const Text& table,
                              FamilySpec* family);
  gen2::THRegionLocation LocationOf(const Text& table,
                                    const Region& region) const;
  // The descriptor of a table (handler2_tables.cc).
  gen2::TTableDescriptor DescriptorOf(const char* method,
                                      const std::string& name);
  // Alters a table to `spec_json` (its new spec), or throws its error.
  void AlterSpec(const char* method, const Result<std::string>& spec_json);
  // The tables whose whole "ns:table" name `regex` matches (all for "").
  std::vector<std::string> TablesMatching(const char* method,
                                          const std::string& regex);
  // The tables of namespace `ns`; TIOError when it does not exist.
  std::vector<std::string> TablesOfNamespace(const char* method,
                                             const std::string& ns);

  Store* const store_;
  ScannerRegistry* const scanners_;
  const Thrift2HandlerOptions options_;
  // TServerName.startCode: when the handler started (ms).
  const int64_t start_code_;
};

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT2_THRIFT2_HANDLER_H_
