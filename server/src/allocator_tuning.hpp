// The allocator's caches, bounded. tcmalloc keeps freed memory in caches per thread (up to
// 32 MiB together by default) that the operating system never gets back: with 1,000 tables x 4
// seats they held about 18 MiB of the server's 108 MiB RSS. 2 MiB together cost no measurable
// CPU per action (loadgen/BENCHMARKS.md) and brought the RSS to 89-93 MiB.
#pragma once

namespace niagara::server {

// On tcmalloc, bounds its threads' caches together to kThreadCacheBytes, unless the
// environment sets TCMALLOC_MAX_TOTAL_THREAD_CACHE_BYTES (the operator's choice wins). On any
// other allocator, nothing.
void bound_allocator_caches();

inline constexpr long kThreadCacheBytes = 2L << 20;

}  // namespace niagara::server
