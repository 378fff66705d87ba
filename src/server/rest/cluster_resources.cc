// Copyright (c) obkvlite authors.
//
// HBase REST's cluster resources: /version, /version/cluster,
// /status/cluster (each region's storefileSizeMB from the store's sizes,
// regions.h), the table list (GET /) and /namespaces.

#include <sys/utsname.h>

#include <algorithm>
#include <boost/version.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "server/rest/base64.h"
#include "server/rest/protobuf_body.h"
#include "server/rest/regions.h"
#include "server/rest/rest_handlers.h"
#include "server/rest/xml_doc.h"
#include "util/xml_escape.h"

namespace obkvlite {
namespace rest {
namespace {

using nlohmann::json;

std::string OsName() {
  struct utsname u;
  if (uname(&u) != 0) return "unknown";
  return std::string(u.sysname) + " " + u.release + " " + u.machine;
}

std::string Attr(const char* name, const std::string& value) {
  return std::string(" ") + name + "=\"" + XmlEscape(value) + "\"";
}

// HBase's storefileSizeMB of a region: its stored bytes in whole MiB
// (RegionMetrics' store file size in MEGABYTE, cast to int); 0 when the
// engine cannot tell.
int64_t StorefileSizeMb(const RegionInfo& r) {
  return r.bytes > 0 ? r.bytes / (1024 * 1024) : 0;
}

std::string ClusterVersionText(const Store* store) {
  const StoreInfo& info = store->info();
  return "obkvlite-" + ObkvliteVersion() + " (" + info.engine + " " +
         info.version + ")";
}

HttpResponse TableListBody(MediaType type,
                           const std::vector<std::string>& names) {
  if (type == MediaType::kProtobuf) {
    pb::TableList message;
    for (const std::string& n : names) message.add_name(n);
    return Body(type, ProtobufBytes(message));
  }
  if (type == MediaType::kJson) {
    json doc;
    json& tables = doc["table"] = json::array();
    for (const std::string& n : names) tables.push_back({{"name", n}});
    return Body(type, doc.dump());
  }
  if (type == MediaType::kXml) {
    std::string out = std::string(kXmlDeclaration);
    // JAXB writes an element without content as an empty-element tag.
    if (names.empty()) return Body(type, out + "<TableList/>");
    out += "<TableList>";
    for (const std::string& n : names) out += "<table" + Attr("name", n) + "/>";
    return Body(type, out + "</TableList>");
  }
  std::string out;
  for (const std::string& n : names) out += n + "\n";
  return Body(type, out);
}

// What JAXB writes for a double holding a count (Double.toString): "2.0".
// REQUIRED: count < 10^7, past which Java writes "1.0E7".
std::string CountAsJavaDouble(size_t count) {
  return std::to_string(count) + ".0";
}

}  // namespace

HttpResponse GetVersion(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type = ResponseType(ctx, kModelTypes, &refused);
  if (!type) return refused;
  // HBase's VersionModel: REST (the protocol), JVM, OS, Server (the HTTP
  // server), Jersey. There is no JVM or Jersey here; they say what runs
  // instead.
  const std::string rest = "0.0.3";
  const std::string jvm = "none (obkvlite " + ObkvliteVersion() + ", C++17)";
  const std::string os = OsName();
  const std::string server = "Boost.Beast/" +
                             std::to_string(BOOST_VERSION / 100000) + "." +
                             std::to_string(BOOST_VERSION / 100 % 1000);
  const std::string jersey = "none";
  if (*type == MediaType::kProtobuf) {
    pb::Version message;
    message.set_restversion(rest);
    message.set_jvmversion(jvm);
    message.set_osversion(os);
    message.set_serverversion(server);
    message.set_jerseyversion(jersey);
    return Body(*type, ProtobufBytes(message));
  }
  if (*type == MediaType::kJson) {
    json doc = {{"REST", rest},
                {"JVM", jvm},
                {"OS", os},
                {"Server", server},
                {"Jersey", jersey}};
    return Body(*type, doc.dump());
  }
  if (*type == MediaType::kXml) {
    return Body(*type, std::string(kXmlDeclaration) + "<Version" +
                           Attr("JVM", jvm) + Attr("Jersey", jersey) +
                           Attr("OS", os) + Attr("REST", rest) +
                           Attr("Server", server) + "/>");
  }
  return Body(*type, "rest " + rest + " [JVM: " + jvm + "] [OS: " + os +
                         "] [Server: " + server + "] [Jersey: " + jersey +
                         "]\n");
}

HttpResponse GetClusterVersion(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type = ResponseType(ctx, kTextModelTypes, &refused);
  if (!type) return refused;
  const std::string version = ClusterVersionText(ctx.store);
  if (*type == MediaType::kJson) {
    return Body(*type, json({{"Version", version}}).dump());
  }
  if (*type == MediaType::kXml) {
    return Body(*type, std::string(kXmlDeclaration) + "<ClusterVersion" +
                           Attr("Version", version) + "/>");
  }
  // StorageClusterVersionModel.toString: the version, no line end.
  return Body(*type, version);
}

HttpResponse GetClusterStatus(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type = ResponseType(ctx, kModelTypes, &refused);
  if (!type) return refused;
  struct Region {
    RegionInfo info;
    int stores = 0;
  };
  std::vector<Region> regions;
  int64_t requests = 0;
  for (const std::string& name : ctx.store->ListTables()) {
    Result<Table*> table = ctx.store->GetTable(name);
    if (!table.ok()) {
      if (table.status().IsNotFound()) continue;  // dropped meanwhile
      return ErrorResponse(table.status());
    }
    Result<std::vector<RegionInfo>> list =
        ListRegions(ctx.store, (*table)->spec());
    if (!list.ok()) {
      if (list.status().IsNotFound()) continue;
      return ErrorResponse(list.status());
    }
    for (RegionInfo& r : *list) {
      requests += r.requests.requests();
      regions.push_back(
          {std::move(r), static_cast<int>((*table)->spec().families.size())});
    }
  }
  const std::string node = ctx.options.location;
  const int64_t start_code = 0;
  const double average_load = static_cast<double>(regions.size());
  if (*type == MediaType::kProtobuf) {
    pb::StorageClusterStatus message;
    message.set_regions(static_cast<int32_t>(regions.size()));
    message.set_requests(requests);
    message.set_averageload(average_load);
    pb::StorageClusterStatus::Node* n = message.add_livenodes();
    n->set_name(node);
    n->set_startcode(start_code);
    n->set_requests(requests);
    n->set_heapsizemb(0);
    n->set_maxheapsizemb(0);
    for (const Region& r : regions) {
      pb::StorageClusterStatus::Region* pr = n->add_regions();
      pr->set_name(r.info.name);
      pr->set_stores(r.stores);
      pr->set_storefiles(r.stores);
      pr->set_storefilesizemb(static_cast<int32_t>(StorefileSizeMb(r.info)));
      pr->set_memstoresizemb(0);
      pr->set_storefileindexsizekb(0);
      pr->set_readrequestscount(r.info.requests.reads);
      pr->set_cprequestscount(0);
      pr->set_writerequestscount(r.info.requests.writes +
                                 r.info.requests.deletes);
      pr->set_rootindexsizekb(0);
      pr->set_totalstaticindexsizekb(0);
      pr->set_totalstaticbloomsizekb(0);
      pr->set_totalcompactingkvs(0);
      pr->set_currentcompactedkvs(0);
    }
    return Body(*type, ProtobufBytes(message));
  }
  if (*type == MediaType::kJson) {
    json region_list = json::array();
    for (const Region& r : regions) {
      region_list.push_back({{"name", Base64Encode(r.info.name)},
                             {"stores", r.stores},
                             {"storefiles", r.stores},
                             {"storefileSizeMB", StorefileSizeMb(r.info)},
                             {"memStoreSizeMB", 0},
                             {"storefileIndexSizeKB", 0},
                             {"readRequestsCount", r.info.requests.reads},
                             {"cpRequestsCount", 0},
                             {"writeRequestsCount",
                              r.info.requests.writes + r.info.requests.deletes},
                             {"rootIndexSizeKB", 0},
                             {"totalStaticIndexSizeKB", 0},
                             {"totalStaticBloomSizeKB", 0},
                             {"totalCompactingKVs", 0},
                             {"currentCompactedKVs", 0}});
    }
    json doc = {{"regions", regions.size()},
                {"requests", requests},
                {"averageLoad", average_load},
                {"LiveNodes", json::array({{{"name", node},
                                            {"startCode", start_code},
                                            {"requests", requests},
                                            {"heapSizeMB", 0},
                                            {"maxHeapSizeMB", 0},
                                            {"Region", region_list}}})},
                {"DeadNodes", json::array()}};
    return Body(*type, doc.dump());
  }
  if (*type == MediaType::kXml) {
    std::string out = std::string(kXmlDeclaration) + "<ClusterStatus" +
                      Attr("averageLoad", CountAsJavaDouble(regions.size())) +
                      Attr("regions", std::to_string(regions.size())) +
                      Attr("requests", std::to_string(requests)) +
                      "><LiveNodes><Node" + Attr("heapSizeMB", "0") +
                      Attr("maxHeapSizeMB", "0") + Attr("name", node) +
                      Attr("requests", std::to_string(requests)) +
                      Attr("startCode", std::to_string(start_code)) + ">";
    for (const Region& r : regions) {
      out +=
          "<Region" + Attr("name", Base64Encode(r.info.name)) +
          Attr("stores", std::to_string(r.stores)) +
          Attr("storefiles", std::to_string(r.stores)) +
          Attr("storefileSizeMB", std::to_string(StorefileSizeMb(r.info))) +
          Attr("memStoreSizeMB", "0") + Attr("storefileIndexSizeKB", "0") +
          Attr("readRequestsCount", std::to_string(r.info.requests.reads)) +
          Attr("cpRequestsCount", "0") +
          Attr("writeRequestsCount", std::to_string(r.info.requests.writes +
                                                    r.info.requests.deletes)) +
          Attr("rootIndexSizeKB", "0") + Attr("totalStaticIndexSizeKB", "0") +
          Attr("totalStaticBloomSizeKB", "0") +
          Attr("totalCompactingKVs", "0") + Attr("currentCompactedKVs", "0") +
          "/>";
    }
    return Body(*type, out + "</Node></LiveNodes><DeadNodes/></ClusterStatus>");
  }
  // StorageClusterStatusModel.toString, "storefiless" and all; a dead
  // servers part only for dead servers, and there are none.
  std::ostringstream out;
  char load[32];
  std::snprintf(load, sizeof(load), "%.4f", average_load);
  out << "1 live servers, 0 dead servers, " << load
      << " average load\n\n1 live servers\n    " << node << " " << start_code
      << "\n        requests=" << requests << ", regions=" << regions.size()
      << "\n        heapSizeMB=0\n        maxHeapSizeMB=0\n\n";
  for (const Region& r : regions) {
    out << "        " << r.info.name << "\n            stores=" << r.stores
        << "\n            storefiless=" << r.stores
        << "\n            storefileSizeMB=" << StorefileSizeMb(r.info)
        << "\n            memstoreSizeMB=0"
        << "\n            storefileIndexSizeKB=0"
        << "\n            readRequestsCount=" << r.info.requests.reads
        << "\n            cpRequestsCount=0"
        << "\n            writeRequestsCount="
        << r.info.requests.writes + r.info.requests.deletes
        << "\n            rootIndexSizeKB=0"
        << "\n            totalStaticIndexSizeKB=0"
        << "\n            totalStaticBloomSizeKB=0"
        << "\n            totalCompactingKVs=0"
        << "\n            currentCompactedKVs=0\n";
  }
  out << "\n";
  return Body(*type, out.str());
}

HttpResponse GetTableList(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type = ResponseType(ctx, kModelTypes, &refused);
  if (!type) return refused;
  if (auto r = CompatRefusal(ctx, "", "listTables", "C-51")) return *r;
  return TableListBody(*type, ctx.store->ListTables());
}

HttpResponse HandleNamespaces(const RestContext& ctx) {
  const std::string& method = ctx.request.method;
  const std::string& ns = ctx.target.name;
  if (auto r = CompatRefusal(ctx, "", "namespaces", "C-50")) return *r;
  if (ctx.target.resource == RestResource::kNamespace && method != "GET" &&
      method != "HEAD") {
    if (method == "DELETE") {
      Status st = ctx.store->DropNamespace(ns);
      return st.ok() ? HttpResponse() : ErrorResponse(st);
    }
    if (method == "PUT") {
      // NamespacesInstanceResource: PUT alters an existing namespace (200),
      // POST creates one (201); each refuses the other's case with 403.
      Result<std::vector<std::string>> all = ctx.store->ListNamespaces();
      if (!all.ok()) return ErrorResponse(all.status());
      if (std::find(all->begin(), all->end(), ns) == all->end()) {
        return HttpResponse::Text(403, "Forbidden: namespace '" + ns +
                                           "' does not exist; POST creates "
                                           "it");
      }
      return HttpResponse();
    }
    Status st = ctx.store->CreateNamespace(ns);
    if (!st.ok()) return ErrorResponse(st);
    HttpResponse created;
    created.status = 201;
    return created;
  }
  HttpResponse refused;
  std::optional<MediaType> type = ResponseType(ctx, kModelTypes, &refused);
  if (!type) return refused;
  Result<std::vector<std::string>> namespaces = ctx.store->ListNamespaces();
  if (!namespaces.ok()) return ErrorResponse(namespaces.status());
  if (ctx.target.resource == RestResource::kNamespaces) {
    if (*type == MediaType::kProtobuf) {
      pb::Namespaces message;
      for (const std::string& n : *namespaces) message.add_namespace_(n);
      return Body(*type, ProtobufBytes(message));
    }
    if (*type == MediaType::kJson) {
      return Body(*type, json({{"Namespace", *namespaces}}).dump());
    }
    if (*type == MediaType::kXml) {
      std::string out = std::string(kXmlDeclaration) + "<Namespaces>";
      for (const std::string& n : *namespaces) {
        out += "<Namespace>" + XmlEscape(n) + "</Namespace>";
      }
      return Body(*type, out + "</Namespaces>");
    }
    std::string out;
    for (const std::string& n : *namespaces) out += n + "\n";
    return Body(*type, out);
  }
  bool exists = false;
  for (const std::string& n : *namespaces) exists = exists || n == ns;
  if (!exists) return NotFound("namespace '" + ns + "'");
  if (ctx.target.resource == RestResource::kNamespaceTables) {
    // Each table by its qualifier (TableName.getQualifierAsString).
    std::vector<std::string> names;
    for (const std::string& t : ctx.store->ListTables()) {
      if (TableNamespace(t) == ns) names.emplace_back(TableQualifier(t));
    }
    return TableListBody(*type, names);
  }
  // HBase's NamespacesInstanceModel: the namespace's properties (none).
  if (*type == MediaType::kProtobuf) {
    return Body(*type, ProtobufBytes(pb::NamespaceProperties()));
  }
  if (*type == MediaType::kJson) return Body(*type, "{}");
  if (*type == MediaType::kXml) {
    return Body(*type, std::string(kXmlDeclaration) + "<NamespaceProperties/>");
  }
  // NamespacesInstanceModel.toString.
  return Body(*type, "{NAME => '" + ns + "'}");
}

}  // namespace rest
}  // namespace obkvlite
