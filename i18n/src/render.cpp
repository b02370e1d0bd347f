#include <unicode/fmtable.h>
#include <unicode/listformatter.h>
#include <unicode/locid.h>
#include <unicode/msgfmt.h>
#include <unicode/numfmt.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <limits>
#include <memory>

#include "catalog_index.hpp"
#include "icu_text.hpp"

namespace niagara::i18n {
namespace {

using detail::utf8;

using detail::catalog_index;
using detail::kLanguageCount;

// Nested texts ({"key": ..., "args": {...}} inside arguments) deeper than this render as "?":
// the catalogs nest two or three levels; the limit only stops a hostile value's recursion.
constexpr int kMaxDepth = 8;

const icu::UnicodeString& bad_argument() {
    static const icu::UnicodeString text(u"?");
    return text;
}

// A pattern that is only text and {name} arguments (no quoting, no plural, select or number
// style): most patterns of the catalogs. Rendered by concatenation in UTF-8 it gives what
// ICU's MessageFormat gives (tests compare the two over every pattern), without its UTF-16
// round trip and argument set-up, which cost more than the rest of a patch frame's text.
struct SimplePattern {
    std::vector<std::string> literals;  // names.size() + 1 pieces of text around the arguments
    std::vector<std::string> names;
};

bool argument_name(std::string_view name) {
    // A name ICU takes as a name (a number would be an index): letters, digits and '_'.
    if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_';
    });
}

std::optional<SimplePattern> simple_pattern(std::string_view pattern) {
    SimplePattern simple;
    std::string literal;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c == '\'' || c == '}') return std::nullopt;  // quoting, or ICU's to refuse
        if (c != '{') {
            literal += c;
            continue;
        }
        const std::size_t end = pattern.find('}', i + 1);
        if (end == std::string_view::npos) return std::nullopt;
        const std::string_view name = pattern.substr(i + 1, end - i - 1);
        if (!argument_name(name)) return std::nullopt;  // a style, a plural, a select...
        simple.literals.push_back(std::move(literal));
        literal.clear();
        simple.names.emplace_back(name);
        i = end;
    }
    simple.literals.push_back(std::move(literal));
    return simple;
}

// ICU's formatters are not thread-safe even through their const members (MessageFormat builds
// its number formatters lazily), so every thread compiles the patterns it uses into a cache of
// its own: a pattern is parsed once per thread and language, and rendering takes no lock.
struct ThreadFormats {
    enum class State : std::uint8_t { Untried, Ready, Failed };
    std::array<std::vector<std::unique_ptr<icu::MessageFormat>>, kLanguageCount> formats;
    std::array<std::vector<State>, kLanguageCount> states;
    std::array<std::unique_ptr<icu::ListFormatter>, kLanguageCount> lists;
    std::array<bool, kLanguageCount> list_failed{};
    std::array<std::unique_ptr<icu::NumberFormat>, kLanguageCount> numbers;
    // The simple patterns, parsed once (shared by every thread would need a lock or a build
    // of them all at the start; a thread's own copy is a few hundred small strings).
    std::array<std::vector<std::optional<SimplePattern>>, kLanguageCount> simple;
    std::array<std::vector<State>, kLanguageCount> simple_states;

    ThreadFormats() {
        const std::size_t keys = catalog_index().keys.size();
        for (int lang = 0; lang < kLanguageCount; ++lang) {
            formats[lang].resize(keys);
            states[lang].resize(keys, State::Untried);
            simple[lang].resize(keys);
            simple_states[lang].resize(keys, State::Untried);
        }
    }
};

ThreadFormats& thread_formats() {
    thread_local ThreadFormats formats;
    return formats;
}

icu::Locale locale_of(int lang) {
    return icu::Locale(kLanguages[lang].data());  // the literals are NUL-terminated
}

// The compiled pattern of key `id` in `lang`, or null when it has none or ICU refuses it.
icu::MessageFormat* format_of(int lang, int id) {
    ThreadFormats& cache = thread_formats();
    auto& state = cache.states[lang][id];
    if (state == ThreadFormats::State::Untried) {
        state = ThreadFormats::State::Failed;
        const auto& pattern = catalog_index().patterns[lang][id];
        if (pattern) {
            UErrorCode status = U_ZERO_ERROR;
            auto format = std::make_unique<icu::MessageFormat>(
                icu::UnicodeString::fromUTF8(*pattern), locale_of(lang), status);
            if (U_SUCCESS(status)) {
                cache.formats[lang][id] = std::move(format);
                state = ThreadFormats::State::Ready;
            }
        }
    }
    return cache.formats[lang][id].get();
}

// The simple form of key `id`'s pattern in `lang`, or null when it has none or is not simple.
const SimplePattern* simple_pattern_of(int lang, int id) {
    ThreadFormats& cache = thread_formats();
    auto& state = cache.simple_states[lang][id];
    if (state == ThreadFormats::State::Untried) {
        state = ThreadFormats::State::Failed;
        if (const auto& pattern = catalog_index().patterns[lang][id]) {
            cache.simple[lang][id] = simple_pattern(*pattern);
            if (cache.simple[lang][id]) state = ThreadFormats::State::Ready;
        }
    }
    return cache.simple[lang][id] ? &*cache.simple[lang][id] : nullptr;
}

icu::ListFormatter* list_format_of(int lang) {
    ThreadFormats& cache = thread_formats();
    if (!cache.lists[lang] && !cache.list_failed[lang]) {
        UErrorCode status = U_ZERO_ERROR;
        cache.lists[lang].reset(icu::ListFormatter::createInstance(
            locale_of(lang), ULISTFMT_TYPE_AND, ULISTFMT_WIDTH_WIDE, status));
        if (U_FAILURE(status)) {
            cache.lists[lang].reset();
            cache.list_failed[lang] = true;
        }
    }
    return cache.lists[lang].get();
}

icu::NumberFormat* number_format_of(int lang) {
    ThreadFormats& cache = thread_formats();
    if (!cache.numbers[lang]) {
        UErrorCode status = U_ZERO_ERROR;
        cache.numbers[lang].reset(icu::NumberFormat::createInstance(locale_of(lang), status));
        if (U_FAILURE(status)) cache.numbers[lang].reset();
    }
    return cache.numbers[lang].get();
}

// A whole number from 0 to 999, which every language of kLanguages writes in plain ASCII digits
// (no grouping separator below a thousand, no sign): seats, counts, canoes, gems.
std::optional<std::int64_t> small_number(const Json& value) {
    if (value.is_number_unsigned()) {
        const auto n = value.get<std::uint64_t>();
        return n <= 999 ? std::optional<std::int64_t>(std::int64_t(n)) : std::nullopt;
    }
    if (!value.is_number_integer()) return std::nullopt;
    const auto n = value.get<std::int64_t>();
    return n >= 0 && n <= 999 ? std::optional<std::int64_t>(n) : std::nullopt;
}

bool ascii(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; });
}

struct Renderer {
    int lang;
    const std::vector<std::string>* seat_names;
    bool icu_only = false;  // every pattern through MessageFormat (tests compare the two)

    // `key`'s text with `args` appended to `out` in UTF-8: a simple pattern by concatenation,
    // any other through ICU; the key itself when it has no pattern or ICU fails.
    void append_text_or_key(std::string& out, std::string_view key, const Json& args,
                            int depth) const {
        const auto& ids = catalog_index().ids;
        const auto it = ids.find(key);
        const SimplePattern* simple =
            it != ids.end() && !icu_only ? simple_pattern_of(lang, it->second) : nullptr;
        if (!simple) {
            out += utf8(text_or_key(key, args, depth));
            return;
        }
        static const Json no_args = Json::object();
        const Json& given = args.is_object() ? args : no_args;
        for (std::size_t i = 0; i < simple->names.size(); ++i) {
            out += simple->literals[i];
            const auto arg = given.find(simple->names[i]);
            if (arg == given.end()) {  // as ICU leaves an argument it was not given
                out += '{';
                out += simple->names[i];
                out += '}';
            } else if (arg->is_string() && ascii(arg->get_ref<const std::string&>())) {
                out += arg->get_ref<const std::string&>();
            } else if (arg->is_object()) {
                append_nested(out, *arg, depth);
            } else if (const auto n = small_number(*arg)) {
                out += std::to_string(*n);
            } else {  // numbers in the language's digits, lists, text beyond ASCII: as ICU
                out += utf8(formatted_argument(*arg, depth));
            }
        }
        out += simple->literals.back();
    }

    void append_nested(std::string& out, const Json& value, int depth) const {
        if (depth >= kMaxDepth) {
            out += '?';
            return;
        }
        const auto key = value.find("key");
        if (key != value.end() && key->is_string()) {
            const auto args = value.find("args");
            static const Json no_args = Json::object();
            append_text_or_key(out, key->get_ref<const std::string&>(),
                               args != value.end() ? *args : no_args, depth + 1);
            return;
        }
        out += utf8(nested(value, depth));
    }

    // One argument as MessageFormat writes a {name} of it.
    icu::UnicodeString formatted_argument(const Json& value, int depth) const {
        const icu::Formattable f = argument(value, depth);
        if (f.getType() == icu::Formattable::kString) return f.getString();
        icu::NumberFormat* numbers = number_format_of(lang);
        UErrorCode status = U_ZERO_ERROR;
        icu::UnicodeString number;
        if (numbers) numbers->format(f, number, status);
        return numbers && U_SUCCESS(status) ? number : bad_argument();
    }

    // The text of `key` with `args`, or nullopt when the key has no pattern or ICU fails.
    std::optional<icu::UnicodeString> text(std::string_view key, const Json& args,
                                           int depth) const {
        const auto& ids = catalog_index().ids;
        const auto it = ids.find(key);
        if (it == ids.end()) return std::nullopt;
        icu::MessageFormat* format = format_of(lang, it->second);
        if (!format) return std::nullopt;
        return formatted(*format, args, depth);
    }

    std::optional<icu::UnicodeString> formatted(icu::MessageFormat& format, const Json& args,
                                                int depth) const {
        std::vector<icu::UnicodeString> names;
        std::vector<icu::Formattable> values;
        if (args.is_object()) {
            names.reserve(args.size());
            values.reserve(args.size());
            for (const auto& [name, value] : args.items()) {
                names.push_back(icu::UnicodeString::fromUTF8(name));
                values.push_back(argument(value, depth));
            }
        }
        icu::UnicodeString out;
        UErrorCode status = U_ZERO_ERROR;
        format.format(names.data(), values.data(), static_cast<std::int32_t>(names.size()), out,
                      status);
        if (U_FAILURE(status)) return std::nullopt;
        return out;
    }

    // `key`'s text, or the key itself.
    icu::UnicodeString text_or_key(std::string_view key, const Json& args, int depth) const {
        if (auto t = text(key, args, depth)) return std::move(*t);
        return icu::UnicodeString::fromUTF8(icu::StringPiece(key.data(), int32_t(key.size())));
    }

    // One argument's value as README.md's table says.
    icu::Formattable argument(const Json& value, int depth) const {
        switch (value.type()) {
            case Json::value_t::number_integer:
                return icu::Formattable(static_cast<std::int64_t>(value.get<std::int64_t>()));
            case Json::value_t::number_unsigned: {
                const auto n = value.get<std::uint64_t>();
                if (n <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
                    return icu::Formattable(static_cast<std::int64_t>(n));
                return icu::Formattable(static_cast<double>(n));
            }
            case Json::value_t::number_float:
                return icu::Formattable(value.get<double>());
            case Json::value_t::string:
                return icu::Formattable(
                    icu::UnicodeString::fromUTF8(value.get_ref<const std::string&>()));
            case Json::value_t::array:
                return icu::Formattable(list(value, depth));
            case Json::value_t::object:
                return icu::Formattable(nested(value, depth));
            default:
                return icu::Formattable(bad_argument());
        }
    }

    icu::UnicodeString nested(const Json& value, int depth) const {
        if (depth >= kMaxDepth) return bad_argument();
        const auto key = value.find("key");
        if (key != value.end() && key->is_string()) {
            const auto args = value.find("args");
            static const Json no_args = Json::object();
            return text_or_key(key->get_ref<const std::string&>(),
                               args != value.end() ? *args : no_args, depth + 1);
        }
        const auto seat = value.find("seat");
        if (seat != value.end() && seat->is_number_integer()) {
            const auto n = seat->get<std::int64_t>();
            if (n < 0 || n > 1000) return bad_argument();
            if (seat_names && static_cast<std::size_t>(n) < seat_names->size())
                return icu::UnicodeString::fromUTF8((*seat_names)[static_cast<std::size_t>(n)]);
            return text_or_key("common.seat", Json{{"n", n + 1}}, depth + 1);
        }
        return bad_argument();
    }

    icu::UnicodeString list(const Json& items, int depth) const {
        if (depth >= kMaxDepth) return bad_argument();
        std::vector<icu::UnicodeString> texts;
        texts.reserve(items.size());
        for (const Json& item : items)  // a number in the language's digits, as {n} writes it
            texts.push_back(formatted_argument(item, depth + 1));
        icu::ListFormatter* format = list_format_of(lang);
        if (!format) return bad_argument();
        icu::UnicodeString out;
        UErrorCode status = U_ZERO_ERROR;
        format->format(texts.data(), static_cast<std::int32_t>(texts.size()), out, status);
        return U_SUCCESS(status) ? out : bad_argument();
    }
};

}  // namespace

std::string render(std::string_view lang, std::string_view key, const Json& args,
                   const std::vector<std::string>* seat_names) {
    try {
        const Renderer renderer{detail::language_index(lang).value_or(0), seat_names};
        std::string out;
        renderer.append_text_or_key(out, key, args, 0);
        return out;
    } catch (...) {  // only an allocation can fail here: the caller still gets a text
        return std::string(key);
    }
}

std::string render_through_icu(std::string_view lang, std::string_view key, const Json& args,
                               const std::vector<std::string>* seat_names) {
    try {
        const Renderer renderer{detail::language_index(lang).value_or(0), seat_names, true};
        return utf8(renderer.text_or_key(key, args, 0));
    } catch (...) {
        return std::string(key);
    }
}

std::string render(std::string_view lang, const Json& text,
                   const std::vector<std::string>* seat_names) {
    try {
        if (text.is_object()) {
            const auto key = text.find("key");
            if (key != text.end() && key->is_string()) {
                const auto args = text.find("args");
                return render(lang, key->get_ref<const std::string&>(),
                              args != text.end() ? *args : Json::object(), seat_names);
            }
        }
        return "?";
    } catch (...) {
        return "?";
    }
}

std::string render_pattern(std::string_view lang, std::string_view pattern, const Json& args,
                           const std::vector<std::string>* seat_names) {
    try {
        const int index = detail::language_index(lang).value_or(0);
        UErrorCode status = U_ZERO_ERROR;
        icu::MessageFormat format(
            icu::UnicodeString::fromUTF8(icu::StringPiece(pattern.data(), int32_t(pattern.size()))),
            locale_of(index), status);
        if (U_FAILURE(status)) return "?";
        const auto text = Renderer{index, seat_names}.formatted(format, args, 0);
        return text ? utf8(*text) : "?";
    } catch (...) {
        return "?";
    }
}

}  // namespace niagara::i18n
