// Copyright (c) obkvlite authors.
//
// MakeHbaseProcessor (hbase_processor.h).

#include "server/thrift/hbase_processor.h"

#include <memory>
#include <string>
#include <utility>

#include "obkvlite/compat.h"
#include "server/thrift/call_metrics.h"
#include "server/thrift/processor_guard.h"

namespace obkvlite {
namespace server {
namespace {

namespace gen = ::obkvlite::server::hbase_thrift;

using apache::thrift::TApplicationException;
using apache::thrift::protocol::TMessageType;
using apache::thrift::protocol::TProtocol;
using apache::thrift::protocol::TProtocolException;

class Processor : public gen::HbaseProcessor {
 public:
  Processor(std::shared_ptr<gen::HbaseIf> iface,
            CheckAndPutHandler* check_and_put, int64_t max_request_bytes)
      : gen::HbaseProcessor(std::move(iface)),
        handler_(check_and_put),
        max_request_bytes_(max_request_bytes) {}

 protected:
  bool dispatchCall(TProtocol* in, TProtocol* out, const std::string& fname,
                    int32_t seqid, void* context) override {
    ScopedCompatSurface surface("thrift");
    try {
      if (fname == "checkAndPut") {
        CheckAndPut(in, out, seqid);
        return true;
      }
      return gen::HbaseProcessor::dispatchCall(in, out, fname, seqid, context);
    } catch (const TProtocolException& e) {
      AnswerUndecodable(out, fname, seqid, max_request_bytes_, e);
      throw;
    }
  }

 private:
  // The generated process_checkAndPut, except that the handler learns
  // whether `value` was sent.
  void CheckAndPut(TProtocol* in, TProtocol* out, int32_t seqid) {
    ScopedCall call(eventHandler_.get(), "Hbase.checkAndPut");
    gen::Hbase_checkAndPut_args args;
    args.read(in);
    in->readMessageEnd();
    in->getTransport()->readEnd();
    gen::Hbase_checkAndPut_result result;
    try {
      result.success =
          handler_ != nullptr
              ? handler_->CheckAndPut(
                    args.tableName, args.row, args.column,
                    args.__isset.value ? &args.value : nullptr, args.mput,
                    args.attributes)
              : iface_->checkAndPut(args.tableName, args.row, args.column,
                                    args.value, args.mput, args.attributes);
      result.__isset.success = true;
    } catch (gen::IOError& io) {
      result.io = std::move(io);
      result.__isset.io = true;
    } catch (gen::IllegalArgument& ia) {
      result.ia = std::move(ia);
      result.__isset.ia = true;
    } catch (const std::exception& e) {
      NoteCallFailure(500);
      call.BeforeReply();
      WriteApplicationException(out, "checkAndPut", seqid,
                                TApplicationException(e.what()));
      return;
    }
    call.BeforeReply();
    out->writeMessageBegin("checkAndPut", TMessageType::T_REPLY, seqid);
    result.write(out);
    out->writeMessageEnd();
    out->getTransport()->writeEnd();
    out->getTransport()->flush();
  }

  CheckAndPutHandler* const handler_;  // may be null
  const int64_t max_request_bytes_;
};

}  // namespace

std::shared_ptr<apache::thrift::TProcessor> MakeHbaseProcessor(
    std::shared_ptr<gen::HbaseIf> iface, CheckAndPutHandler* check_and_put,
    int64_t max_request_bytes) {
  return std::make_shared<Processor>(std::move(iface), check_and_put,
                                     max_request_bytes);
}

}  // namespace server
}  // namespace obkvlite
