// Copyright (c) obkvlite authors.
//
// Clang's thread-safety annotations (-Wthread-safety), as macros that
// expand to nothing on other compilers (g++ builds the library; the clang
// fuzz build, scripts/fuzz.sh, checks the annotations):
//
//   util::Mutex mu_;
//   std::vector<int> idle_ OBKV_GUARDED_BY(mu_);
//   void Flush() OBKV_REQUIRES(mu_);
//
// The capability types are in util/mutex.h.
//
// Thread safety: declarations only.

#ifndef OBKVLITE_UTIL_THREAD_ANNOTATIONS_H_
#define OBKVLITE_UTIL_THREAD_ANNOTATIONS_H_

#if defined(__clang__)
#define OBKV_THREAD_ANNOTATION(x) __attribute__((x))
#else
#define OBKV_THREAD_ANNOTATION(x)
#endif

// A type that is a lock (a capability named `x` in the warnings).
#define OBKV_CAPABILITY(x) OBKV_THREAD_ANNOTATION(capability(x))
// A RAII type that holds a capability while alive.
#define OBKV_SCOPED_CAPABILITY OBKV_THREAD_ANNOTATION(scoped_lockable)
// A member read or written only while holding `x`.
#define OBKV_GUARDED_BY(x) OBKV_THREAD_ANNOTATION(guarded_by(x))
// A pointer member whose pointee is used only while holding `x`.
#define OBKV_PT_GUARDED_BY(x) OBKV_THREAD_ANNOTATION(pt_guarded_by(x))
// A function called only while holding the capabilities.
#define OBKV_REQUIRES(...) \
  OBKV_THREAD_ANNOTATION(requires_capability(__VA_ARGS__))
// A function that acquires / releases the capabilities (none: `this`).
#define OBKV_ACQUIRE(...) \
  OBKV_THREAD_ANNOTATION(acquire_capability(__VA_ARGS__))
#define OBKV_RELEASE(...) \
  OBKV_THREAD_ANNOTATION(release_capability(__VA_ARGS__))
// A function that acquires the capability iff it returns `result`.
#define OBKV_TRY_ACQUIRE(...) \
  OBKV_THREAD_ANNOTATION(try_acquire_capability(__VA_ARGS__))
// A function returning the capability `x` (for other classes' annotations).
#define OBKV_RETURN_CAPABILITY(x) OBKV_THREAD_ANNOTATION(lock_returned(x))
// A function called only while NOT holding the capabilities.
#define OBKV_EXCLUDES(...) OBKV_THREAD_ANNOTATION(locks_excluded(__VA_ARGS__))
// A function the analysis does not check (a lock primitive's own body).
#define OBKV_NO_THREAD_SAFETY_ANALYSIS \
  OBKV_THREAD_ANNOTATION(no_thread_safety_analysis)

#endif  // OBKVLITE_UTIL_THREAD_ANNOTATIONS_H_
