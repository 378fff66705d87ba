// Copyright (c) obkvlite authors.
//
// HBase's operation attributes on get, scan, count, put, delete, deleteall,
// incr and append (table.rb: ATTRIBUTES, CONSISTENCY, METRICS / ALL_METRICS,
// REGION_REPLICA_ID; VISIBILITY and AUTHORIZATIONS). CONSISTENCY on get,
// scan and count is the read's consistency ('TIMELINE': weak; it goes to
// ShellCommand::consistency). The others tune HBase's region servers
// (coprocessor attributes, region replicas, scan metrics) and there is
// nothing here for them to change, so they are taken out of the command's
// maps, each with one line
//   NOTE: REGION_REPLICA_ID has no effect here: there are no region ...
// and the command runs. VISIBILITY and AUTHORIZATIONS are security labels:
// accepting them without enforcing them would mislead, so the command is
// refused with that reason. TTL on put, incr and append is HBase's cell
// TTL in milliseconds (Mutation.setTTL): it is taken into
// ShellCommand::op_ttl_ms, and the store refuses it for a family without
// "cell_ttl", as OBKV-HBase refuses it for a table without the TTL column.
//
// Thread safety: pure function.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_ATTRIBUTES_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_ATTRIBUTES_H_

#include <string>

#include "obkvlite/status.h"
#include "tools/cli/shell/shell_parser.h"

namespace obkvlite {
namespace cli {

// Takes the operation attributes out of c's {KEY => value} arguments,
// appending one note line per attribute to *notes; a map left empty that
// was the last argument of put, delete, deleteall, incr or append (where a
// map holds only attributes) is dropped. InvalidArgument naming the key
// for VISIBILITY and AUTHORIZATIONS. Commands other than the ones above
// are left as they are. TTL on put, incr and append goes to c->op_ttl_ms;
// InvalidArgument naming TTL when it is not an integer >= 0.
Status TakeOperationAttributes(ShellCommand* c, std::string* notes);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_ATTRIBUTES_H_
