// Copyright (c) obkvlite authors.
//
// MakeThrift2Processor (thrift2_processor.h).

#include "server/thrift2/thrift2_processor.h"

#include <memory>
#include <string>
#include <utility>

#include "obkvlite/compat.h"
#include "server/thrift/call_metrics.h"
#include "server/thrift/processor_guard.h"
#include "server/thrift2/wire_enum.h"

namespace obkvlite {
namespace server {
namespace {

using apache::thrift::TApplicationException;
using apache::thrift::protocol::TMessageType;
using apache::thrift::protocol::TProtocol;
using apache::thrift::protocol::TProtocolException;

// `value` when it was sent, else null.
const std::string* SentValue(bool isset, const std::string& value) {
  return isset ? &value : nullptr;
}

class Thrift2Processor : public gen2::THBaseServiceProcessor {
 public:
  Thrift2Processor(std::shared_ptr<gen2::THBaseServiceIf> iface,
                   Thrift2CheckHandler* checks, int64_t max_request_bytes)
      : gen2::THBaseServiceProcessor(std::move(iface)),
        checks_(checks),
        max_request_bytes_(max_request_bytes) {}

 protected:
  bool dispatchCall(TProtocol* in, TProtocol* out, const std::string& fname,
                    int32_t seqid, void* context) override {
    ScopedCompatSurface surface("thrift2");
    try {
      if (checks_ != nullptr && fname == "checkAndPut") {
        Serve<gen2::THBaseService_checkAndPut_args,
              gen2::THBaseService_checkAndPut_result>(
            in, out, fname, seqid, [this](const auto& a) {
              return checks_->CheckAndPutValue(
                  a.table, a.row, a.family, a.qualifier,
                  SentValue(a.__isset.value, a.value), a.tput);
            });
        return true;
      }
      if (checks_ != nullptr && fname == "checkAndDelete") {
        Serve<gen2::THBaseService_checkAndDelete_args,
              gen2::THBaseService_checkAndDelete_result>(
            in, out, fname, seqid, [this](const auto& a) {
              return checks_->CheckAndDeleteValue(
                  a.table, a.row, a.family, a.qualifier,
                  SentValue(a.__isset.value, a.value), a.tdelete);
            });
        return true;
      }
      if (checks_ != nullptr && fname == "checkAndMutate") {
        Serve<gen2::THBaseService_checkAndMutate_args,
              gen2::THBaseService_checkAndMutate_result>(
            in, out, fname, seqid, [this](const auto& a) {
              return checks_->CheckAndMutateValue(
                  a.table, a.row, a.family, a.qualifier,
                  WireEnum(a.compareOperator),
                  SentValue(a.__isset.value, a.value), a.rowMutations);
            });
        return true;
      }
      return gen2::THBaseServiceProcessor::dispatchCall(in, out, fname, seqid,
                                                        context);
    } catch (const TProtocolException& e) {
      AnswerUndecodable(out, fname, seqid, max_request_bytes_, e);
      throw;
    }
  }

 private:
  // The generated process_<method>, for a method returning a bool that
  // throws only TIOError, with `call` in place of the interface's method.
  template <typename Args, typename Reply, typename Call>
  void Serve(TProtocol* in, TProtocol* out, const std::string& fname,
             int32_t seqid, Call call) {
    const std::string qualified = "THBaseService." + fname;
    ScopedCall timed(eventHandler_.get(), qualified.c_str());
    Args args;
    args.read(in);
    in->readMessageEnd();
    in->getTransport()->readEnd();
    Reply result;
    try {
      result.success = call(args);
      result.__isset.success = true;
    } catch (gen2::TIOError& io) {
      result.io = std::move(io);
      result.__isset.io = true;
    } catch (const std::exception& e) {
      NoteCallFailure(500);
      timed.BeforeReply();
      WriteApplicationException(out, fname, seqid,
                                TApplicationException(e.what()));
      return;
    }
    timed.BeforeReply();
    out->writeMessageBegin(fname, TMessageType::T_REPLY, seqid);
    result.write(out);
    out->writeMessageEnd();
    out->getTransport()->writeEnd();
    out->getTransport()->flush();
  }

  Thrift2CheckHandler* const checks_;  // may be null
  const int64_t max_request_bytes_;
};

}  // namespace

std::shared_ptr<apache::thrift::TProcessor> MakeThrift2Processor(
    std::shared_ptr<gen2::THBaseServiceIf> iface, Thrift2CheckHandler* checks,
    int64_t max_request_bytes) {
  return std::make_shared<Thrift2Processor>(std::move(iface), checks,
                                            max_request_bytes);
}

}  // namespace server
}  // namespace obkvlite
