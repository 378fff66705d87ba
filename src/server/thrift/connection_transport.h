// Copyright (c) obkvlite authors.
//
// ConnectionTransport: the byte stream of one accepted socket, beneath the
// framed or buffered transport. It
//   - replays the bytes wire detection peeked at (Unread) before reading
//     the socket again;
//   - waits for data in short poll steps, so that a server that is
//     stopping closes a connection between two calls (never in the middle
//     of one) and, after the grace period, closes even those;
//   - bounds a request: a client that stalls in the middle of a request
//     for longer than read_timeout_ms, or sends more than max_message_bytes
//     in one, gets TTransportException and the connection is closed; so
//     does one idle between requests for longer than idle_timeout_ms (it
//     holds a worker);
//   - writes with MSG_NOSIGNAL, bounded by the same timeout;
//   - with a TLS context, speaks TLS over the socket (the handshake at the
//     first read or write, bounded as a request), as Thrift's TSSLSocket
//     does; a client that is no TLS client fails the handshake
//     (tls_failed()).
//
// REQUIRED: `stop` outlives the transport. The transport owns `fd` and
// closes it.
// Thread safety: one connection thread at a time; StopState is shared.

#ifndef OBKVLITE_SERVER_THRIFT_CONNECTION_TRANSPORT_H_
#define OBKVLITE_SERVER_THRIFT_CONNECTION_TRANSPORT_H_

#include <openssl/ssl.h>
#include <thrift/transport/TVirtualTransport.h>

#include <atomic>
#include <cstdint>
#include <string>

namespace obkvlite {
namespace server {

// How the server tells its connections to stop.
struct StopState {
  std::atomic<bool> stopping{false};  // close connections between calls
  std::atomic<bool> forced{false};    // grace is over: close them all now
};

struct ConnectionLimits {
  int64_t max_message_bytes = 16 * 1024 * 1024;
  int read_timeout_ms = 30000;  // inside a request, and for each write
  int idle_timeout_ms = 60000;  // between requests; 0: no limit
};

class ConnectionTransport
    : public apache::thrift::transport::TVirtualTransport<ConnectionTransport> {
 public:
  // `tls` (may be null: plain TCP) outlives the transport.
  ConnectionTransport(int fd, const StopState* stop, ConnectionLimits limits,
                      SSL_CTX* tls = nullptr);
  ~ConnectionTransport() override;

  // The next read starts a new request: between requests the connection
  // may idle without a time limit, and closes when the server stops.
  void BeginRequest();
  // Makes `bytes` the next bytes read (what detection peeked at).
  void Unread(std::string bytes);
  // Makes `request` all that is read until the next BeginRequest: then
  // end of stream, so a reader that reads ahead cannot take in a next
  // request that was not checked (an authorized HTTP request, read whole).
  void ServeOnly(std::string request);
  // Reads what is available now (at least one byte, waiting as read does)
  // into `*out`, appending; false at end of stream.
  bool ReadSome(std::string* out, size_t max);

  // Closes after an error answer: stops sending, then discards what the
  // client still sends for up to 200 ms (at most 1 MiB), so that the
  // answer is not lost to a reset caused by unread input.
  void CloseAfterAnswer();

  bool isOpen() const override { return fd_ >= 0; }
  bool peek() override { return isOpen(); }
  void close() override;
  uint32_t read(uint8_t* buf, uint32_t len);
  void write(const uint8_t* buf, uint32_t len);
  const std::string getOrigin() const override { return origin_; }
  // Whether the TLS handshake failed, and why (OpenSSL's reason).
  bool tls_failed() const { return !tls_error_.empty(); }
  const std::string& tls_error() const { return tls_error_; }

 private:
  // One receive or send on the socket, or through TLS: the bytes moved
  // (> 0), 0 at the end of the stream (receive), or -1 with `*wait` the
  // poll events to wait for. Throws on an error.
  ssize_t Receive(uint8_t* buf, uint32_t len, short* wait);
  ssize_t Send(const uint8_t* buf, uint32_t len, short* wait);
  // Advances the TLS handshake: true once done; false with `*wait` set.
  bool Handshake(short* wait);

  // Waits until fd_ is ready for `events`; throws when the server stops,
  // the wait times out, or the peer hangs up.
  void Wait(short events);

  int fd_;
  const StopState* stop_;
  const ConnectionLimits limits_;
  std::string origin_;
  SSL* ssl_ = nullptr;  // TLS over fd_; null: plain TCP
  bool handshaken_ = false;
  std::string tls_error_;
  std::string pending_;  // unread bytes
  size_t pending_pos_ = 0;
  bool pending_only_ = false;  // ServeOnly: no socket read after pending_
  bool at_request_start_ = true;
  int64_t request_bytes_ = 0;
};

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT_CONNECTION_TRANSPORT_H_
