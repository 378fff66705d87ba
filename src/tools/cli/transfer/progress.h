// Copyright (c) obkvlite authors.
//
// Progress: the progress bar `obkv load` draws on stderr when it is a
// terminal, redrawn in place ("\r") at most every 200 ms:
//   [##########----------]  50%  5000 rows  2500 rows/s  ETA 0:02
// Without a known total (input from a pipe) the bar, percentage and ETA
// are left out. Finish() draws the final state and ends the line.
//
// Thread safety: one Progress per load; not thread-safe.

#ifndef OBKVLITE_TOOLS_CLI_TRANSFER_PROGRESS_H_
#define OBKVLITE_TOOLS_CLI_TRANSFER_PROGRESS_H_

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>

namespace obkvlite {
namespace cli {

// One line of progress (no "\r" or newline). `total_bytes` <= 0: unknown.
std::string FormatProgress(int64_t done_bytes, int64_t total_bytes,
                           int64_t rows, int64_t elapsed_ms);

class Progress {
 public:
  // `out` null disables drawing. `clock_ms` is a monotonic clock in ms.
  Progress(std::ostream* out, int64_t total_bytes,
           std::function<int64_t()> clock_ms);

  void Update(int64_t done_bytes, int64_t rows);
  void Finish(int64_t done_bytes, int64_t rows);

 private:
  void Draw(int64_t done_bytes, int64_t rows);

  std::ostream* out_;
  int64_t total_bytes_;
  std::function<int64_t()> clock_ms_;
  int64_t start_ms_;
  int64_t last_draw_ms_ = -1;
};

// A monotonic clock in ms (std::chrono::steady_clock).
int64_t SteadyClockMs();

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_TRANSFER_PROGRESS_H_
