// Copyright (c) obkvlite authors.
#include "tools/cli/transfer/progress.h"

#include <chrono>
#include <cstdio>
#include <ostream>
#include <utility>

namespace obkvlite {
namespace cli {
namespace {

constexpr int kBarWidth = 20;
constexpr int64_t kRedrawMs = 200;

std::string Duration(int64_t seconds) {
  char buf[32];
  if (seconds >= 3600) {
    std::snprintf(buf, sizeof(buf), "%lld:%02lld:%02lld",
                  static_cast<long long>(seconds / 3600),
                  static_cast<long long>(seconds / 60 % 60),
                  static_cast<long long>(seconds % 60));
  } else {
    std::snprintf(buf, sizeof(buf), "%lld:%02lld",
                  static_cast<long long>(seconds / 60),
                  static_cast<long long>(seconds % 60));
  }
  return buf;
}

}  // namespace

std::string FormatProgress(int64_t done_bytes, int64_t total_bytes,
                           int64_t rows, int64_t elapsed_ms) {
  std::string out;
  if (total_bytes > 0) {
    if (done_bytes > total_bytes) done_bytes = total_bytes;
    const int filled = static_cast<int>(done_bytes * kBarWidth / total_bytes);
    out = "[" + std::string(filled, '#') +
          std::string(kBarWidth - filled, '-') + "] ";
    const int64_t percent = done_bytes * 100 / total_bytes;
    out += (percent < 10    ? "  "
            : percent < 100 ? " "
                            : "") +
           std::to_string(percent) + "%  ";
  }
  out += std::to_string(rows) + " rows  ";
  const int64_t rate = elapsed_ms > 0 ? rows * 1000 / elapsed_ms : 0;
  out += std::to_string(rate) + " rows/s";
  if (total_bytes > 0) {
    out += "  ETA ";
    if (done_bytes == 0) {
      out += "--:--";
    } else {
      const int64_t left_ms =
          static_cast<int64_t>(static_cast<double>(total_bytes - done_bytes) *
                               elapsed_ms / done_bytes);
      out += Duration((left_ms + 999) / 1000);
    }
  }
  return out;
}

Progress::Progress(std::ostream* out, int64_t total_bytes,
                   std::function<int64_t()> clock_ms)
    : out_(out),
      total_bytes_(total_bytes),
      clock_ms_(std::move(clock_ms)),
      start_ms_(clock_ms_()) {}

void Progress::Update(int64_t done_bytes, int64_t rows) {
  if (out_ == nullptr) return;
  const int64_t now = clock_ms_();
  if (last_draw_ms_ >= 0 && now - last_draw_ms_ < kRedrawMs) return;
  last_draw_ms_ = now;
  Draw(done_bytes, rows);
}

void Progress::Finish(int64_t done_bytes, int64_t rows) {
  if (out_ == nullptr) return;
  Draw(done_bytes, rows);
  *out_ << "\n" << std::flush;
}

void Progress::Draw(int64_t done_bytes, int64_t rows) {
  // "\33[K" clears what a longer previous line left behind.
  *out_ << "\r"
        << FormatProgress(done_bytes, total_bytes_, rows,
                          clock_ms_() - start_ms_)
        << "\33[K" << std::flush;
}

int64_t SteadyClockMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace cli
}  // namespace obkvlite
