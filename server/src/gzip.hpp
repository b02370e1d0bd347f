// gzip (RFC 1952) through zlib, whole buffers at a time: replays are compressed once when built
// and kept compressed (replay_route.hpp), and inflated for the rare client that cannot take
// Content-Encoding: gzip.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace niagara::server {

// `text` as one gzip member at zlib's `level` (1 fastest .. 9 smallest; 6 is gzip's default).
// The answer's capacity is its size (no slack kept). Throws std::bad_alloc when zlib cannot
// get its memory.
std::string gzip_compress(std::string_view text, int level = 6);

// The text of one gzip member, or nullopt when `gz` is not exactly one whole, sound member
// (bad header or checksum, cut short, trailing bytes) or its text would pass `max_bytes`.
std::optional<std::string> gzip_decompress(std::string_view gz, std::size_t max_bytes);

}  // namespace niagara::server
