// Copyright (c) obkvlite authors.
//
// CheckSpecChange: whether Store::AlterTable may turn table spec `before`
// into `after` (obkvlite/store.h), with an InvalidArgument that names the
// field and what makes that change instead.
//
// Thread safety: pure function.

#ifndef OBKVLITE_SPEC_SPEC_CHANGE_CHECK_H_
#define OBKVLITE_SPEC_SPEC_CHANGE_CHECK_H_

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

Status CheckSpecChange(const TableSpec& before, const TableSpec& after);

}  // namespace obkvlite

#endif  // OBKVLITE_SPEC_SPEC_CHANGE_CHECK_H_
