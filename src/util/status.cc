// Copyright (c) obkvlite authors.
#include "obkvlite/status.h"

namespace obkvlite {

std::string_view Status::CodeName() const {
  switch (code_) {
    case Code::kOk:
      return "OK";
    case Code::kNotFound:
      return "NotFound";
    case Code::kInvalidArgument:
      return "InvalidArgument";
    case Code::kNotSupported:
      return "NotSupported";
    case Code::kCorruption:
      return "Corruption";
    case Code::kIOError:
      return "IOError";
    case Code::kAlreadyExists:
      return "AlreadyExists";
    case Code::kBusy:
      return "Busy";
    case Code::kUnavailable:
      return "Unavailable";
    case Code::kAborted:
      return "Aborted";
    case Code::kUnknownOutcome:
      return "UnknownOutcome";
    case Code::kFailedPrecondition:
      return "FailedPrecondition";
  }
  return "Unknown";
}

std::string Status::ToString() const {
  if (ok()) return "OK";
  std::string out(CodeName());
  out += ": ";
  out += message_;
  return out;
}

Status Status::WithPrefix(std::string_view prefix) const {
  if (ok()) return *this;
  std::string msg(prefix);
  msg += ": ";
  msg += message_;
  Status out(code_, std::move(msg));
  out.subcode_ = subcode_;
  return out;
}

Status Status::WithSubCode(SubCode subcode) const {
  Status out = *this;
  if (!ok()) out.subcode_ = subcode;
  return out;
}

}  // namespace obkvlite
