#include "static_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "http_routes.hpp"

namespace niagara::server {
namespace fs = std::filesystem;
namespace {

// Whether `path` is strictly inside `root` (both canonical).
bool inside(const fs::path& root, const fs::path& path) {
    auto r = root.begin();
    auto p = path.begin();
    for (; r != root.end(); ++r, ++p)
        if (p == path.end() || *r != *p) return false;
    return p != path.end();
}

// Reads a regular file of at most `limit` bytes. Opened without following a final symbolic
// link and without blocking (a FIFO put there since the walk looked), then checked again.
// Returns an error text, or empty with `body` filled.
std::string read_regular_file(const fs::path& path, std::size_t limit, std::string& body) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return std::strerror(errno);
    struct stat st {};
    std::string problem;
    if (::fstat(fd, &st) != 0) {
        problem = std::strerror(errno);
    } else if (!S_ISREG(st.st_mode)) {
        problem = "not a regular file";
    } else if (std::size_t(st.st_size) > limit) {
        problem = "larger than " + std::to_string(limit) + " bytes";
    } else {
        body.resize(std::size_t(st.st_size));
        std::size_t got = 0;
        while (got < body.size()) {
            const ssize_t n = ::read(fd, body.data() + got, body.size() - got);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                problem = std::strerror(errno);
                break;
            }
            if (n == 0) break;  // shrank meanwhile
            got += std::size_t(n);
        }
        body.resize(got);
    }
    ::close(fd);
    return problem;
}

}  // namespace

StaticFiles StaticFiles::load(const fs::path& root, std::vector<std::string>& warnings,
                              const Limits& limits) {
    StaticFiles files;
    std::error_code ec;
    const fs::path base = fs::canonical(root, ec);
    if (ec || !fs::is_directory(base, ec)) {
        warnings.push_back("web root " + root.string() + ": not a directory; no static files");
        return files;
    }
    auto skip = [&](const fs::path& path, const std::string& why) {
        warnings.push_back("web root: skipped " + path.string() + ": " + why);
    };
    fs::recursive_directory_iterator it(base, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const fs::path& path = it->path();
        const std::string name = path.filename().string();
        const fs::file_status status = it->symlink_status(ec);
        if (ec) {
            skip(path, ec.message());
            ec.clear();
            continue;
        }
        if (!name.empty() && name.front() == '.') {  // hidden: never served, nor what is under
            if (fs::is_directory(status)) it.disable_recursion_pending();
            continue;
        }
        if (fs::is_directory(status)) continue;  // walked into
        fs::path source = path;
        if (fs::is_symlink(status)) {
            const fs::path target = fs::canonical(path, ec);
            if (ec) {
                skip(path, "a broken symbolic link");
                ec.clear();
                continue;
            }
            if (!inside(base, target)) {
                skip(path, "a symbolic link out of the web root");
                continue;
            }
            if (!fs::is_regular_file(fs::symlink_status(target, ec))) {
                skip(path, "a symbolic link to something other than a file");
                ec.clear();
                continue;
            }
            source = target;  // canonical: no link left to follow
        } else if (!fs::is_regular_file(status)) {
            skip(path, "not a regular file");
            continue;
        }
        std::string key = path.lexically_relative(base).generic_string();
        std::string_view why;
        if (static_key("/" + key, why) != key) {
            skip(path, "its name cannot be requested");
            continue;
        }
        if (files.files_.size() >= limits.max_files) {
            skip(path, "more than " + std::to_string(limits.max_files) + " files");
            continue;
        }
        std::string body;
        if (auto problem = read_regular_file(source, limits.max_file_bytes, body);
            !problem.empty()) {
            skip(path, problem);
            continue;
        }
        if (files.bytes_ + body.size() > limits.max_total_bytes) {
            skip(path, "the files before it hold " + std::to_string(files.bytes_) +
                           " bytes, the most is " + std::to_string(limits.max_total_bytes));
            continue;
        }
        files.add(std::move(key), std::move(body));
    }
    if (ec) warnings.push_back("web root " + base.string() + ": " + ec.message());
    return files;
}

void StaticFiles::add(std::string key, std::string body) {
    if (const auto old = files_.find(key); old != files_.end()) bytes_ -= old->second.body.size();
    bytes_ += body.size();
    const std::string_view type = content_type(key);
    files_.insert_or_assign(std::move(key), StaticFile{std::move(body), type});
}

const StaticFile* StaticFiles::find(std::string_view key) const {
    const auto it = files_.find(key);
    return it == files_.end() ? nullptr : &it->second;
}

}  // namespace niagara::server
