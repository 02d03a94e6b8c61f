// The system zlib, for the raw DEFLATE streams of Core Data's model cache (Z_MODELCACHE).
#include <zlib.h>

// inflateInit2 is a macro; this wraps it for Swift: a raw stream (no zlib header, no checksum), 32 KiB window.
static inline int strata_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -15);
}

// deflateInit2 for raw streams, used by tests to build damaged and hand-made model caches.
static inline int strata_deflate_init_raw(z_streamp stream) {
    return deflateInit2(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}
