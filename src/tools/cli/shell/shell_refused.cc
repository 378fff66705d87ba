// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_refused.h"

#include <initializer_list>

namespace obkvlite {
namespace cli {
namespace {

struct RefusedGroup {
  const char* reason;
  std::initializer_list<const char*> commands;
};

constexpr const char* kCluster =
    "there is no HBase master, region server or ZooKeeper here (partitions "
    "change with obkv partition, the server balances itself)";

const RefusedGroup kGroups[] = {
    {kCluster,
     {"processlist", "assign", "balance_switch", "balancer",
      "balancer_enabled", "catalogjanitor_enabled", "catalogjanitor_run",
      "catalogjanitor_switch", "cleaner_chore_enabled", "cleaner_chore_run",
      "cleaner_chore_switch", "clear_block_cache", "clear_compaction_queues",
      "clear_deadservers", "clear_slowlog_responses", "close_region",
      "compact_rs", "compaction_state", "compaction_switch",
      "decommission_regionservers", "flush_master_store",
      "get_balancer_decisions", "get_balancer_rejections",
      "get_largelog_responses", "get_slowlog_responses", "hbck_chore_run",
      "is_in_maintenance_mode", "list_deadservers",
      "list_decommissioned_regionservers", "move", "normalize",
      "normalizer_enabled", "normalizer_switch", "recommission_regionserver",
      "regioninfo", "rit", "snapshot_cleanup_enabled",
      "snapshot_cleanup_switch", "splitormerge_enabled",
      "splitormerge_switch", "stop_master", "stop_regionserver", "trace",
      "unassign", "wal_roll", "zk_dump", "locate_region", "list_locks",
      "list_procedures", "update_all_config", "update_config",
      "change_sft", "change_sft_all"}},
    {"partitions merge with obkv partition merge (OceanBase's REORGANIZE "
     "PARTITION), not by region name",
     {"merge_region"}},
    {"replication is the server's own (OceanBase's log and standby "
     "tenants, Galera's cluster), not HBase peers",
     {"add_peer", "append_peer_exclude_namespaces",
      "append_peer_exclude_tableCFs", "append_peer_namespaces",
      "append_peer_tableCFs", "disable_peer", "disable_table_replication",
      "enable_peer", "enable_table_replication", "get_peer_config",
      "list_peer_configs", "list_peers", "list_replicated_tables",
      "remove_peer", "remove_peer_exclude_namespaces",
      "remove_peer_exclude_tableCFs", "remove_peer_namespaces",
      "remove_peer_tableCFs", "set_peer_bandwidth",
      "set_peer_exclude_namespaces", "set_peer_exclude_tableCFs",
      "set_peer_namespaces", "set_peer_replicate_all", "set_peer_serial",
      "set_peer_tableCFs", "show_peer_tableCFs", "update_peer_config",
      "transit_peer_sync_replication_state"}},
    {"obkvlite keeps no snapshots (HBase's are HFile references); copy a "
     "table with obkv export and obkv load, or copy the store",
     {"clone_snapshot", "delete_all_snapshot", "delete_snapshot",
      "delete_table_snapshots", "list_table_snapshots", "restore_snapshot"}},
    {"no quotas or throttles are kept: the server's resource limits apply",
     {"disable_exceed_throttle_quota", "disable_rpc_throttle",
      "enable_exceed_throttle_quota", "enable_rpc_throttle",
      "list_quota_snapshots", "list_quota_table_sizes", "list_quotas",
      "list_snapshot_sizes", "set_quota"}},
    {"access control is the server's (MySQL users and grants) or the "
     "file's, not HBase's ACLs",
     {"grant", "revoke", "user_permission", "list_security_capabilities"}},
    {"obkvlite has no cell visibility labels, and accepting them without "
     "enforcing them would mislead",
     {"add_labels", "clear_auths", "get_auths", "list_labels", "set_auths",
      "set_visibility"}},
    {"there are no region servers to group here",
     {"add_rsgroup", "alter_rsgroup_config", "balance_rsgroup",
      "get_namespace_rsgroup", "get_rsgroup", "get_server_rsgroup",
      "get_table_rsgroup", "list_rsgroups", "move_namespaces_rsgroup",
      "move_servers_namespaces_rsgroup", "move_servers_rsgroup",
      "move_servers_tables_rsgroup", "move_tables_rsgroup", "remove_rsgroup",
      "remove_servers_rsgroup", "rename_rsgroup", "show_rsgroup_config"}},
};

}  // namespace

const char* RefusedCommandReason(std::string_view command) {
  for (const RefusedGroup& group : kGroups) {
    for (const char* name : group.commands) {
      if (command == name) return group.reason;
    }
  }
  return nullptr;
}

}  // namespace cli
}  // namespace obkvlite
