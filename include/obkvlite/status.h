// Copyright (c) obkvlite authors.
//
// Status and Result<T>: the error types of every public obkvlite function.
//
// A Status is either OK or carries a code and a message. Messages name the
// offending field and the violated limit, e.g.
//   "families[1].ttl_seconds: must be a positive integer, got -5".
// Result<T> holds either a value or a non-OK Status.
//
// REQUIRED: callers check ok() before calling value(); value() on an error
// Result aborts in debug builds.
// Thread safety: Status and Result are values; distinct objects may be used
// from different threads, a single object needs external synchronisation.

#ifndef OBKVLITE_STATUS_H_
#define OBKVLITE_STATUS_H_

#include <cassert>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace obkvlite {

class [[nodiscard]] Status {
 public:
  enum class Code {
    kOk = 0,
    kNotFound,
    kInvalidArgument,
    kNotSupported,
    kCorruption,
    kIOError,
    kAlreadyExists,
    kBusy,
    kUnavailable,         // a server engine's server cannot be reached
    kFailedPrecondition,  // the table's state refuses it (e.g. disabled)
    // A server rolled the write transaction back (a deadlock, a lock wait
    // timeout, a cluster's certification failure or leader change) and it
    // was still refused after the retries (StoreOptions::retry): nothing of
    // it was applied. The message names the conflict.
    kAborted,
    // The connection was lost after COMMIT was sent: the write may or may
    // not have happened, and it was not retried. The message names the row.
    kUnknownOutcome,
  };
  // A finer reason some errors carry, as RocksDB's Status::SubCode, so a
  // caller tells them apart without reading the message: the obkv
  // compatibility profile (obkvlite/compat.h) words these as OBKV-HBase
  // does. kNone for every other error, and for OK.
  enum class SubCode : uint8_t {
    kNone = 0,
    kRowTooLong,        // a row key past kMaxRowKeyBytes (obkvlite/spec.h)
    kQualifierTooLong,  // a qualifier past kMaxQualifierBytes
    kValueTooLong,      // a value past its family's FamilySpec::ValueLimit()
    kUnknownFamily,     // a family the table does not have
    kTableDisabled,     // a data operation on a disabled table
    kNotALong,          // an increment of a cell that is not 8 bytes long
  };

  Status() = default;

  static Status OK() { return Status(); }
  static Status NotFound(std::string msg) {
    return Status(Code::kNotFound, std::move(msg));
  }
  static Status InvalidArgument(std::string msg) {
    return Status(Code::kInvalidArgument, std::move(msg));
  }
  static Status NotSupported(std::string msg) {
    return Status(Code::kNotSupported, std::move(msg));
  }
  static Status Corruption(std::string msg) {
    return Status(Code::kCorruption, std::move(msg));
  }
  static Status IOError(std::string msg) {
    return Status(Code::kIOError, std::move(msg));
  }
  static Status AlreadyExists(std::string msg) {
    return Status(Code::kAlreadyExists, std::move(msg));
  }
  static Status Busy(std::string msg) {
    return Status(Code::kBusy, std::move(msg));
  }
  static Status Unavailable(std::string msg) {
    return Status(Code::kUnavailable, std::move(msg));
  }
  static Status FailedPrecondition(std::string msg) {
    return Status(Code::kFailedPrecondition, std::move(msg));
  }

  static Status Aborted(std::string msg) {
    return Status(Code::kAborted, std::move(msg));
  }
  static Status UnknownOutcome(std::string msg) {
    return Status(Code::kUnknownOutcome, std::move(msg));
  }

  bool ok() const { return code_ == Code::kOk; }
  Code code() const { return code_; }
  bool IsNotFound() const { return code_ == Code::kNotFound; }
  bool IsInvalidArgument() const { return code_ == Code::kInvalidArgument; }
  bool IsNotSupported() const { return code_ == Code::kNotSupported; }
  bool IsUnavailable() const { return code_ == Code::kUnavailable; }
  bool IsAlreadyExists() const { return code_ == Code::kAlreadyExists; }
  bool IsAborted() const { return code_ == Code::kAborted; }
  bool IsUnknownOutcome() const { return code_ == Code::kUnknownOutcome; }
  bool IsFailedPrecondition() const {
    return code_ == Code::kFailedPrecondition;
  }

  // The message without the code name.
  const std::string& message() const { return message_; }

  // The code's name as used in exec results: "InvalidArgument", "NotFound"...
  std::string_view CodeName() const;

  // "OK" or "<CodeName>: <message>".
  std::string ToString() const;

  // Returns a copy whose message is "<prefix>: <message>"; OK stays OK.
  Status WithPrefix(std::string_view prefix) const;

  SubCode subcode() const { return subcode_; }
  // Returns a copy that carries `subcode`; OK stays OK, without one.
  Status WithSubCode(SubCode subcode) const;

 private:
  Status(Code code, std::string msg) : code_(code), message_(std::move(msg)) {}

  Code code_ = Code::kOk;
  SubCode subcode_ = SubCode::kNone;
  std::string message_;
};

// Either a T or a non-OK Status.
template <typename T>
class [[nodiscard]] Result {
 public:
  // REQUIRED: !status.ok(). An OK status (a caller bug) becomes an
  // InvalidArgument rather than a Result without a value.
  Result(Status status) : status_(std::move(status)) {  // NOLINT
    assert(!status_.ok());
    if (status_.ok()) {
      status_ = Status::InvalidArgument("internal: Result made from OK status");
    }
  }
  Result(T value) : value_(std::move(value)) {}  // NOLINT

  bool ok() const { return status_.ok(); }
  const Status& status() const { return status_; }

  // REQUIRED: ok().
  T& value() & {
    assert(ok());
    return *value_;
  }
  const T& value() const& {
    assert(ok());
    return *value_;
  }
  T&& value() && {
    assert(ok());
    return std::move(*value_);
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

 private:
  Status status_;
  std::optional<T> value_;
};

}  // namespace obkvlite

// Returns from the enclosing function if `expr` yields a non-OK Status.
#define OBKV_RETURN_IF_ERROR(expr)        \
  do {                                    \
    ::obkvlite::Status _obkv_st = (expr); \
    if (!_obkv_st.ok()) return _obkv_st;  \
  } while (0)

// Evaluates `expr` (a Result<T>); returns its Status from the enclosing
// function on error, otherwise moves the value into `lhs` (which may be a
// declaration such as `auto x`).
#define OBKV_ASSIGN_OR_RETURN(lhs, expr) \
  OBKV_ASSIGN_OR_RETURN_IMPL_(OBKV_CONCAT_(_obkv_result_, __LINE__), lhs, expr)
#define OBKV_CONCAT_INNER_(a, b) a##b
#define OBKV_CONCAT_(a, b) OBKV_CONCAT_INNER_(a, b)
#define OBKV_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                                \
  if (!tmp.ok()) return tmp.status();               \
  lhs = std::move(tmp).value()

#endif  // OBKVLITE_STATUS_H_
