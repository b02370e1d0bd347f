// What /proc says of a process: the CPU it has used and its resident memory. The benchmark
// programs read them for the server (and themselves) to print CPU per action and RSS.
#pragma once

#include <unistd.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace niagara::bench {

// CPU seconds (user + system) of a process, from /proc: utime and stime, in clock ticks.
inline double cpu_seconds(long pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string all((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const auto end_of_name = all.rfind(')');  // the name may hold spaces
    if (end_of_name == std::string::npos) return -1;
    std::istringstream fields(all.substr(end_of_name + 2));
    std::string field;
    double ticks = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i)
        if (i == 14 || i == 15) ticks += std::stod(field);
    return ticks / double(sysconf(_SC_CLK_TCK));
}

// Resident memory in KiB (VmRSS), or -1.
inline long rss_kib(long pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return -1;
}

}  // namespace niagara::bench
