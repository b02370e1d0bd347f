#include "allocator_tuning.hpp"

#include <cstdlib>

#if defined(NIAGARA_WITH_TCMALLOC)
#include <gperftools/malloc_extension.h>
#endif

namespace niagara::server {

void bound_allocator_caches() {
#if defined(NIAGARA_WITH_TCMALLOC)
    if (std::getenv("TCMALLOC_MAX_TOTAL_THREAD_CACHE_BYTES")) return;
    MallocExtension::instance()->SetNumericProperty("tcmalloc.max_total_thread_cache_bytes",
                                                    std::size_t(kThreadCacheBytes));
#endif
}

}  // namespace niagara::server
