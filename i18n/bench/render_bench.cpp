// render() calls per second for a typical engine log line in Czech ("Seat 2's canoe 1 moves down
// 2 to T4, then loads clear": three nested texts, a seat and a list), median of 5 runs of about
// half a second each. Beside it, what the cache saves: the same top-level pattern compiled on
// every call (render_pattern), and a prebuilt ICU MessageFormat cloned per call (the other way
// to share formats between threads).
//   cmake --build build --target i18n_bench && build/i18n/i18n_bench
#include <unicode/locid.h>
#include <unicode/msgfmt.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "niagara/i18n/i18n.hpp"

namespace {

using niagara::i18n::Json;

// Calls of `f` per second: the median of 5 runs.
template <class F>
double per_second(F&& f) {
    std::vector<double> rates;
    for (int run = 0; run < 5; ++run) {
        const auto start = std::chrono::steady_clock::now();
        long calls = 0;
        std::chrono::duration<double> elapsed{};
        do {
            for (int i = 0; i < 1000; ++i)
                f();
            calls += 1000;
            elapsed = std::chrono::steady_clock::now() - start;
        } while (elapsed.count() < 0.5);
        rates.push_back(double(calls) / elapsed.count());
    }
    std::sort(rates.begin(), rates.end());
    return rates[2];
}

}  // namespace

int main() {
    const Json line = {
        {"key", "engine.log.canoe_then"},
        {"args",
         {{"seat", {{"seat", 1}}},
          {"canoe", 1},
          {"first",
           {{"key", "engine.log.part.move_down"},
            {"args",
             {{"steps", 2},
              {"end", {{"key", "engine.log.part.end_pos"}, {"args", {{"pos", "T4"}}}}}}}}},
          {"second",
           {{"key", "engine.log.part.load"},
            {"args", {{"loaded", Json::array({{{"key", "common.gem.clear"}}})}}}}}}}};
    const std::vector<std::string> names = {"ann", "bob", "cyd"};
    const std::string text = niagara::i18n::render("cs", line, &names);
    std::printf("line: %s\n", text.c_str());
    if (text.find("engine.") != std::string::npos)
        std::printf("(the engine's catalog lacks these keys: the figure is not representative)\n");
    std::size_t sink = 0;
    const double cached =
        per_second([&] { sink += niagara::i18n::render("cs", line, &names).size(); });
    std::printf("render(): %.0f calls/s (median of 5)\n", cached);

    const std::string pattern = niagara::i18n::catalog("cs").value("engine.log.canoe_then", "");
    if (!pattern.empty()) {
        const double compiled = per_second([&] {
            sink += niagara::i18n::render_pattern("cs", pattern, line["args"], &names).size();
        });
        std::printf("render_pattern() (compiles the line's pattern each call): %.0f calls/s\n",
                    compiled);
        UErrorCode status = U_ZERO_ERROR;
        const icu::MessageFormat prototype(icu::UnicodeString::fromUTF8(pattern), icu::Locale("cs"),
                                           status);
        if (U_SUCCESS(status)) {
            const double clones = per_second([&] {
                std::unique_ptr<icu::MessageFormat> copy(prototype.clone());
                sink += copy != nullptr;
            });
            std::printf("MessageFormat::clone() alone: %.0f calls/s\n", clones);
        }
    }
    return sink == 0;
}
