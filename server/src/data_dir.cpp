#include "data_dir.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>

namespace niagara::server {

namespace {

std::string fix_for(const std::string& dir, struct stat st) {
    const std::string me = std::to_string(::geteuid());
    return dir + " belongs to uid " + std::to_string(st.st_uid) + " (mode " +
           [&] {
               char mode[8];
               std::snprintf(mode, sizeof mode, "%04o", unsigned(st.st_mode & 07777));
               return std::string(mode);
           }() +
           "), and this server runs as uid " + me + ". Give it to uid " + me + ": `chown " + me +
           ":" + std::to_string(::getegid()) + " " + dir +
           "` (for a container's bind mount, on the host; with rootless podman, `podman unshare "
           "chown " +
           me + ":" + std::to_string(::getegid()) + " " + dir +
           "`), or use a named volume, which the image prepares.";
}

}  // namespace

void prepare_data_dir(const std::string& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec)
        throw std::runtime_error("cannot create the data directory " + dir + ": " + ec.message());
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        throw std::runtime_error("the data directory " + dir + " is not a directory");
    if ((st.st_mode & 07777) != 0700) {
        fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace, ec);
        if (ec)
            throw std::runtime_error("cannot make the data directory private (chmod 0700: " +
                                     ec.message() + "): " + fix_for(dir, st));
    }
    if (::access(dir.c_str(), R_OK | W_OK | X_OK) != 0)
        throw std::runtime_error("cannot write in the data directory: " + fix_for(dir, st));
}

}  // namespace niagara::server
