#include "gzip.hpp"

#include <zlib.h>

#include <algorithm>
#include <new>

namespace niagara::server {
namespace {

// zlib's windowBits for a gzip wrapper (RFC 1952) instead of zlib's own: 15 + 16.
constexpr int kGzipWindow = 15 + 16;
// zlib counts one call's bytes in a uInt: larger buffers go through in pieces of this.
constexpr std::size_t kPiece = std::size_t(1) << 30;

Bytef* bytes(const char* p) {
    return reinterpret_cast<Bytef*>(const_cast<char*>(p));  // zlib never writes through next_in
}

// The last 4 bytes of a gzip member: its text's length mod 2^32, little-endian.
std::size_t trailer_length(std::string_view gz) {
    if (gz.size() < 18) return 64;  // not a whole member: inflate will say so
    std::size_t length = 0;
    for (std::size_t i = 0; i < 4; ++i)
        length |= std::size_t(static_cast<unsigned char>(gz[gz.size() - 4 + i])) << (8 * i);
    return std::max<std::size_t>(length, 64);
}

}  // namespace

std::string gzip_compress(std::string_view text, int level) {
    z_stream z{};
    if (deflateInit2(&z, level, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw std::bad_alloc();
    // deflateBound (with the gzip wrapper counted) is enough for the whole answer in one go.
    std::string out(deflateBound(&z, uLong(text.size())), '\0');
    std::size_t in_done = 0, out_done = 0;
    int status = Z_OK;
    while (status == Z_OK) {
        const std::size_t in_piece = std::min(text.size() - in_done, kPiece);
        const std::size_t out_piece = std::min(out.size() - out_done, kPiece);
        z.next_in = bytes(text.data() + in_done);
        z.avail_in = uInt(in_piece);
        z.next_out = reinterpret_cast<Bytef*>(out.data() + out_done);
        z.avail_out = uInt(out_piece);
        status = deflate(&z, in_done + in_piece == text.size() ? Z_FINISH : Z_NO_FLUSH);
        in_done += in_piece - z.avail_in;
        out_done += out_piece - z.avail_out;
    }
    deflateEnd(&z);
    if (status != Z_STREAM_END) throw std::bad_alloc();  // cannot happen within deflateBound
    out.resize(out_done);
    out.shrink_to_fit();  // held for as long as the replay is cached: counted by its capacity
    return out;
}

std::optional<std::string> gzip_decompress(std::string_view gz, std::size_t max_bytes) {
    z_stream z{};
    if (inflateInit2(&z, kGzipWindow) != Z_OK) throw std::bad_alloc();
    std::string out;
    std::size_t in_done = 0, out_done = 0;
    int status = Z_OK;
    while (status == Z_OK) {
        if (out_done == out.size()) {
            if (out.size() > max_bytes) break;  // one byte past the limit: too long
            // First the length the trailer gives (ISIZE: the text's length mod 2^32, a hint
            // only), then by doubling; one byte past the limit at most, which tells a text of
            // exactly max_bytes from a longer one.
            const std::size_t want = out.empty() ? trailer_length(gz) + 1 : out.size() * 2;
            out.resize(std::min(want, max_bytes + 1));
        }
        const std::size_t in_piece = std::min(gz.size() - in_done, kPiece);
        const std::size_t out_piece = std::min(out.size() - out_done, kPiece);
        z.next_in = bytes(gz.data() + in_done);
        z.avail_in = uInt(in_piece);
        z.next_out = reinterpret_cast<Bytef*>(out.data() + out_done);
        z.avail_out = uInt(out_piece);
        status = inflate(&z, Z_NO_FLUSH);
        in_done += in_piece - z.avail_in;
        out_done += out_piece - z.avail_out;
        // Z_BUF_ERROR: no progress possible. With room left to write, the input ended early.
        if (status == Z_BUF_ERROR && out_done == out.size()) status = Z_OK;
    }
    inflateEnd(&z);
    if (status != Z_STREAM_END || in_done != gz.size() || out_done > max_bytes) return std::nullopt;
    out.resize(out_done);
    return out;
}

}  // namespace niagara::server
