// The programs this build made, found from the test program's own path: the test programs are
// in <build>/tests, the server and the load generator in <build>/server, the bridge in
// <build>/bridge. Found at run time, not compiled in: a path compiled in differs in each build
// folder, and then no test file compiles to the same object in the release and the sanitizer
// builds, which ccache lets the sanitizer build take from the release build
// (tests/CMakeLists.txt).
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace test {

inline std::string built_program(std::string_view path_in_build) {
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe");
    const std::filesystem::path program = self.parent_path().parent_path() / path_in_build;
    if (!std::filesystem::exists(program))
        throw std::runtime_error("no " + program.string() + ": is it built?");
    return program.string();
}

inline std::string server_program() {
    return built_program("server/niagara-server");
}
inline std::string loadgen_program() {
    return built_program("loadgen/niagara-loadgen");
}
inline std::string bridge_program() {
    return built_program("bridge/niagara-bridge");
}

}  // namespace test
