// The web client's files, read once at start from the web root (--web) and served from memory:
// a request can only name a key of this map (http_routes.hpp), never a path on disk, and
// serving never waits on the disk. Change a file: restart the server.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace niagara::server {

struct StaticFile {
    std::string body;
    std::string_view content_type;  // http_routes.hpp's content_type(key)
};

class StaticFiles {
  public:
    struct Limits {
        std::size_t max_file_bytes = 4 << 20;    // a bigger file is skipped, with a warning
        std::size_t max_total_bytes = 64 << 20;  // files past this are skipped, with a warning
        std::size_t max_files = 10000;
    };

    // Every regular file under `root`, keyed by its path relative to it ("js/main.js"). Skipped,
    // each with a line in `warnings`: hidden names (".git", and what is under them), anything
    // that is not a regular file (FIFOs, devices, sockets), symbolic links that do not lead to
    // a regular file inside the root (links to directories are not followed), names a request
    // could not spell (a backslash or control character), and files over the limits. A missing
    // root gives no files and one warning.
    static StaticFiles load(const std::filesystem::path& root, std::vector<std::string>& warnings,
                            const Limits& limits);
    static StaticFiles load(const std::filesystem::path& root, std::vector<std::string>& warnings) {
        return load(root, warnings, Limits{});
    }

    // For tests and fuzzers: a file from memory.
    void add(std::string key, std::string body);

    const StaticFile* find(std::string_view key) const;
    std::size_t count() const { return files_.size(); }
    std::size_t bytes() const { return bytes_; }

  private:
    std::map<std::string, StaticFile, std::less<>> files_;
    std::size_t bytes_ = 0;
};

}  // namespace niagara::server
