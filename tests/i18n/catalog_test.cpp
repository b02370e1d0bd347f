// The catalog test (i18n/README.md): every catalog file of every domain in i18n/catalogs, read
// from the source tree, has English's keys and argument names in every language, patterns ICU
// parses, and every plural category of its language. Then the same checks on broken catalogs,
// so that this test cannot pass by checking nothing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "niagara/i18n/catalog_check.hpp"

namespace {

using niagara::i18n::CatalogFile;
using niagara::i18n::check_catalogs;
using niagara::i18n::Json;

// i18n/catalogs/<lang>/<domain>.json, every one, sorted; a file that is not JSON is kept as
// a string (check_catalogs names it).
std::vector<CatalogFile> source_catalogs() {
    namespace fs = std::filesystem;
    std::vector<CatalogFile> files;
    for (const auto& dir : fs::directory_iterator(NIAGARA_I18N_CATALOGS)) {
        if (!dir.is_directory()) continue;
        for (const auto& entry : fs::directory_iterator(dir.path())) {
            if (entry.path().extension() != ".json") continue;
            std::ifstream in(entry.path(), std::ios::binary);
            std::stringstream text;
            text << in.rdbuf();
            Json parsed = Json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
            files.push_back({dir.path().filename().string(), entry.path().stem().string(),
                             parsed.is_discarded() ? Json("not JSON") : std::move(parsed)});
        }
    }
    std::sort(files.begin(), files.end(), [](const CatalogFile& a, const CatalogFile& b) {
        return std::tie(a.domain, a.lang) < std::tie(b.domain, b.lang);
    });
    return files;
}

bool reported(const std::vector<std::string>& faults, const std::string& text) {
    return std::any_of(faults.begin(), faults.end(), [&](const std::string& fault) {
        return fault.find(text) != std::string::npos;
    });
}

std::string listed(const std::vector<std::string>& faults) {
    std::string out;
    for (const auto& fault : faults)
        out += "  " + fault + "\n";
    return out;
}

}  // namespace

TEST_CASE("catalogs: every language has English's keys, arguments and plural forms",
          "[i18n][catalog]") {
    const std::vector<CatalogFile> files = source_catalogs();
    INFO("catalog files in " << NIAGARA_I18N_CATALOGS << ": " << files.size());
    REQUIRE(files.size() >= 4);  // common.json in each language at least
    const std::vector<std::string> faults = check_catalogs(files);
    INFO(faults.size() << " faults:\n" << listed(faults));
    CHECK(faults.empty());
}

TEST_CASE("catalogs: the embedded ones are the source tree's", "[i18n][catalog]") {
    // A catalog changed after this build: rebuild (the build embeds them again).
    const std::vector<CatalogFile> source = source_catalogs();
    std::vector<CatalogFile> embedded = niagara::i18n::embedded_catalog_files();
    std::sort(embedded.begin(), embedded.end(), [](const CatalogFile& a, const CatalogFile& b) {
        return std::tie(a.domain, a.lang) < std::tie(b.domain, b.lang);
    });
    REQUIRE(source.size() == embedded.size());
    for (std::size_t i = 0; i < source.size(); ++i) {
        INFO(source[i].lang << "/" << source[i].domain << ".json");
        CHECK(embedded[i].lang == source[i].lang);
        CHECK(embedded[i].domain == source[i].domain);
        CHECK(embedded[i].entries == source[i].entries);
    }
    // And what render() reads is what they hold.
    for (const auto& file : embedded)
        if (file.entries.is_object())
            for (const auto& [key, pattern] : file.entries.items()) {
                INFO(file.lang << " " << key);
                CHECK(niagara::i18n::catalog(file.lang).value(key, "") == pattern);
            }
}

TEST_CASE("catalogs: the checks find each kind of fault", "[i18n][catalog]") {
    // A sound catalog in four languages, then one fault at a time.
    const Json en = {
        {"t.gems", "{seat} has {n, plural, one {# gem} other {# gems}}"},
        {"t.card", "{who} plays {card}"},
        {"t.nested", "{n, plural, one {{who} moves # step} other {{who} moves # steps}}"}};
    const Json fr = {
        {"t.gems", "{seat} a {n, plural, one {# gemme} many {# gemmes} other {# gemmes}}"},
        {"t.card", "{who} joue {card}"},
        {"t.nested",
         "{n, plural, one {{who} avance de #} many {{who} avance de #} "
         "other {{who} avance de #}}"}};
    const Json cs = {{"t.gems",
                      "{seat}: {n, plural, one {# kámen} few {# kameny} many {# kamene} "
                      "other {# kamenů}}"},
                     {"t.card", "{who} hraje {card}"},
                     {"t.nested",
                      "{n, plural, one {{who} o #} few {{who} o #} many {{who} o #} "
                      "other {{who} o #}}"}};
    const Json de = {{"t.gems", "{seat} hat {n, plural, one {# Edelstein} other {# Edelsteine}}"},
                     {"t.card", "{who} spielt {card}"},
                     {"t.nested", "{n, plural, one {{who} fährt #} other {{who} fährt #}}"}};
    const auto set = [&](Json e, Json f, Json c, Json d) {
        return std::vector<CatalogFile>{{"en", "t", std::move(e)},
                                        {"fr", "t", std::move(f)},
                                        {"cs", "t", std::move(c)},
                                        {"de", "t", std::move(d)}};
    };
    {
        const auto faults = check_catalogs(set(en, fr, cs, de));
        INFO(listed(faults));
        CHECK(faults.empty());
    }
    const auto faults_with = [&](auto change) {
        Json e = en, f = fr, c = cs, d = de;
        change(e, f, c, d);
        auto faults = check_catalogs(set(e, f, c, d));
        INFO(listed(faults));
        return faults;
    };
    // A key missing from a language, and one English lacks.
    auto faults = faults_with([](Json&, Json& f, Json&, Json&) { f.erase("t.card"); });
    CHECK(reported(faults, "fr/t.json: t.card: missing"));
    faults = faults_with([](Json&, Json&, Json&, Json& d) { d["t.extra"] = "x"; });
    CHECK(reported(faults, "de/t.json: t.extra: not in English"));
    // An argument dropped, one invented, one dropped inside a plural's branches.
    faults = faults_with([](Json&, Json&, Json&, Json& d) { d["t.card"] = "{who} spielt"; });
    CHECK(reported(faults, "de/t.json: t.card: drops argument {card}"));
    faults = faults_with([](Json&, Json& f, Json&, Json&) { f["t.card"] = "{who} joue {carte}"; });
    CHECK(reported(faults, "fr/t.json: t.card: drops argument {card}"));
    CHECK(reported(faults, "fr/t.json: t.card: argument {carte} is not in English's pattern"));
    faults = faults_with([](Json&, Json&, Json& c, Json&) {
        c["t.nested"] = "{n, plural, one {o #} few {o #} many {o #} other {o #}}";
    });
    CHECK(reported(faults, "cs/t.json: t.nested: drops argument {who}"));
    // A plural without a category of its language ('few' in Czech, 'many' in French), and with
    // one its language lacks.
    faults = faults_with([](Json&, Json&, Json& c, Json&) {
        c["t.gems"] = "{seat}: {n, plural, one {# kámen} many {# kamene} other {# kamenů}}";
    });
    CHECK(reported(faults, "cs/t.json: t.gems: plural {n} lacks 'few'"));
    faults = faults_with([](Json&, Json& f, Json&, Json&) {
        f["t.gems"] = "{seat} a {n, plural, one {# gemme} other {# gemmes}}";
    });
    CHECK(reported(faults, "fr/t.json: t.gems: plural {n} lacks 'many'"));
    faults = faults_with([](Json& e, Json&, Json&, Json&) {
        e["t.gems"] = "{seat} has {n, plural, one {# gem} few {# gems} other {# gems}}";
    });
    CHECK(reported(faults, "en/t.json: t.gems: plural {n} has 'few', which en does not have"));
    // A plural nested in a plural's branch is checked too; an explicit =0 is no category.
    faults = faults_with([](Json&, Json&, Json& c, Json&) {
        c["t.nested"] =
            "{n, plural, =0 {{who}} one {{who}} few {{who}} many {{who}} "
            "other {{who} {n, plural, one {#} other {#}}}}";
    });
    CHECK(reported(faults, "cs/t.json: t.nested: plural {n} lacks 'few'"));
    CHECK(faults.size() == 2);  // 'few' and 'many' of the inner plural
    // Patterns ICU refuses, empty ones, not strings, numbered arguments, keys of another domain.
    faults = faults_with([](Json&, Json& f, Json& c, Json& d) {
        f["t.card"] = "{who} joue {card";
        c["t.card"] = "";
        d["t.card"] = 3;
    });
    CHECK(reported(faults, "fr/t.json: t.card: ICU cannot parse it"));
    CHECK(reported(faults, "cs/t.json: t.card: empty pattern"));
    CHECK(reported(faults, "de/t.json: t.card: the pattern is not a string"));
    faults = faults_with([](Json&, Json&, Json& c, Json&) { c["t.card"] = "{who} {0} {card}"; });
    CHECK(reported(faults, "cs/t.json: t.card: a numbered argument"));
    faults = faults_with([](Json& e, Json&, Json&, Json&) { e["x.card"] = "{who}"; });
    CHECK(reported(faults, "en/t.json: x.card: a key of this file starts with 't.'"));
    CHECK(reported(faults, "fr/t.json: x.card: missing"));
    // A file missing from a language, a file English lacks, a language we do not have, a file
    // that is not an object.
    {
        auto files = set(en, fr, cs, de);
        files.erase(files.begin() + 3);
        files.push_back({"fr", "u", Json::object()});
        files.push_back({"es", "t", en});
        files.push_back({"cs", "v", Json("not JSON")});
        const auto more = check_catalogs(files);
        INFO(listed(more));
        CHECK(reported(more, "de/t.json: missing (English has it)"));
        CHECK(reported(more, "fr/u.json: English has no such file"));
        CHECK(reported(more, "es/t.json: no such language"));
        CHECK(reported(more, "cs/v.json: not a JSON object"));
    }
}
