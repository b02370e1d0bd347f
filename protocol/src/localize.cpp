#include "niagara/protocol/localize.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>

#include "niagara/i18n/i18n.hpp"
#include "niagara/json.hpp"
#include "niagara/protocol/client_message.hpp"

namespace niagara::protocol {

namespace {

using Json = nlohmann::json;

// The frame is read, not parsed: a patch's operations and a prompt's actions are most of its
// bytes and hold no text, so only the spans of the members that do are located (a linear
// scan) and only the small values that are needed (key, args, texts) are parsed.
struct Span {
    std::size_t begin = 0, end = 0;  // [begin, end) of the value in the frame
    bool found() const { return end > begin; }
};

// What replaces a span.
struct Edit {
    Span at;
    std::string with;
};

struct Failed {};  // a frame that is not what the server writes: it is left as it is

class Reader {
  public:
    explicit Reader(std::string_view s) : s_(s) {}

    void space(std::size_t& i) const {
        while (i < s_.size() && (s_[i] == ' ' || s_[i] == '\n' || s_[i] == '\r' || s_[i] == '\t'))
            ++i;
    }

    // The end of the value starting at i (after white space).
    std::size_t skip(std::size_t i) const {
        if (i >= s_.size()) throw Failed{};
        if (s_[i] == '"') return skip_string(i);
        if (s_[i] == '{' || s_[i] == '[') {
            int depth = 0;
            for (; i < s_.size(); ++i) {
                const char c = s_[i];
                if (c == '"') {
                    i = skip_string(i) - 1;
                } else if (c == '{' || c == '[') {
                    ++depth;
                } else if (c == '}' || c == ']') {
                    if (--depth == 0) return i + 1;
                }
            }
            throw Failed{};
        }
        while (i < s_.size() && s_[i] != ',' && s_[i] != '}' && s_[i] != ']' && s_[i] != ' ')
            ++i;
        return i;
    }

    std::size_t skip_string(std::size_t i) const {
        for (++i; i < s_.size(); ++i) {
            if (s_[i] == '\\')
                ++i;
            else if (s_[i] == '"')
                return i + 1;
        }
        throw Failed{};
    }

    // Calls member(name, value span) for each member of the object at i; returns its end.
    template <typename F>
    std::size_t members(std::size_t i, F&& member) const {
        space(i);
        if (i >= s_.size() || s_[i] != '{') throw Failed{};
        ++i;
        for (;;) {
            space(i);
            if (i < s_.size() && s_[i] == '}') return i + 1;
            if (i >= s_.size() || s_[i] != '"') throw Failed{};
            const std::size_t name_end = skip_string(i);
            const std::string_view name = s_.substr(i + 1, name_end - i - 2);
            i = name_end;
            space(i);
            if (i >= s_.size() || s_[i] != ':') throw Failed{};
            ++i;
            space(i);
            const Span value{i, skip(i)};
            member(name, value);
            i = value.end;
            space(i);
            if (i < s_.size() && s_[i] == ',') {
                ++i;
                continue;
            }
            if (i < s_.size() && s_[i] == '}') return i + 1;
            throw Failed{};
        }
    }

    // Calls element(span) for each element of the array at `at`.
    template <typename F>
    void elements(Span at, F&& element) const {
        std::size_t i = at.begin;
        if (s_[i] != '[') return;
        ++i;
        for (;;) {
            space(i);
            if (i >= s_.size()) throw Failed{};
            if (s_[i] == ']') return;
            const Span value{i, skip(i)};
            element(value);
            i = value.end;
            space(i);
            if (i < s_.size() && s_[i] == ',') ++i;
        }
    }

    Json parse(Span at) const { return Json::parse(s_.substr(at.begin, at.end - at.begin)); }
    std::string_view raw(Span at) const { return s_.substr(at.begin, at.end - at.begin); }

  private:
    std::string_view s_;
};

std::string json_string(const std::string& s) {
    std::string out;
    append_json_string(out, s);
    return out;
}

// The members of a JSON object that carry texts, wherever the object sits: a message, an
// event inside it, or an entry of its history.
struct TextMembers {
    Span key, args, text, lines, texts, message, type, event, history, commands;
};

class Localizer {
  public:
    Localizer(std::string_view frame, std::string_view lang,
              const std::vector<std::string>* seat_names)
        : read_(frame), lang_(lang), names_(seat_names) {}

    std::vector<Edit> edits() {
        const TextMembers m = members_at(0);
        if (auto t = render(m.key, m.args)) {
            const std::string said = json_string(*t);
            if (m.text.found()) edits_.push_back({m.text, said});
            // An error's "message" is its text (a chat's is the sender's words).
            if (m.message.found() && read_.raw(m.type) == R"("error")")
                edits_.push_back({m.message, said});
        }
        if (m.event.found()) lines_of(members_at(m.event.begin));
        if (m.history.found())
            read_.elements(m.history, [&](Span entry) {
                if (read_.raw(entry).front() == '{') entry_of(members_at(entry.begin));
            });
        if (m.commands.found() && read_.raw(m.type) == R"("help")") {
            Json lines = help_lines(lang_);
            std::string out;
            append_json_value(out, lines);
            edits_.push_back({m.commands, std::move(out)});
        }
        return std::move(edits_);
    }

  private:
    TextMembers members_at(std::size_t at) const {
        TextMembers m;
        read_.members(at, [&](std::string_view name, Span value) {
            static constexpr std::pair<std::string_view, Span TextMembers::*> kNames[] = {
                {"key", &TextMembers::key},         {"args", &TextMembers::args},
                {"text", &TextMembers::text},       {"lines", &TextMembers::lines},
                {"texts", &TextMembers::texts},     {"message", &TextMembers::message},
                {"type", &TextMembers::type},       {"event", &TextMembers::event},
                {"history", &TextMembers::history}, {"commands", &TextMembers::commands}};
            for (const auto& [known, member] : kNames)
                if (name == known) m.*member = value;
        });
        return m;
    }

    // The text of a key and its arguments in the language, when the message has them.
    std::optional<std::string> render(Span key, Span args) const {
        if (!key.found() || read_.raw(key).front() != '"') return std::nullopt;
        const Json k = read_.parse(key);
        const Json a = args.found() ? read_.parse(args) : Json::object();
        if (!a.is_object()) return std::nullopt;
        return i18n::render(lang_, k.get_ref<const std::string&>(), a, names_);
    }

    // An event ({seat, lines, texts, cause}): its lines from its texts.
    void lines_of(const TextMembers& event) {
        if (!event.lines.found() || !event.texts.found()) return;
        const Json all = read_.parse(event.texts);
        // Lines without texts (an event built from English lines alone) stay as they are.
        if (!all.is_array() || all.empty() || all.size() != read_.parse(event.lines).size()) return;
        std::string out = "[";
        for (const Json& t : all) {
            if (out.size() > 1) out += ',';
            append_json_string(out, i18n::render(lang_, t, names_));
        }
        out += ']';
        edits_.push_back({event.lines, std::move(out)});
    }

    // A history entry: an event's lines, or an info line's text.
    void entry_of(const TextMembers& entry) {
        if (entry.texts.found()) lines_of(entry);
        if (entry.text.found())
            if (auto t = render(entry.key, entry.args))
                edits_.push_back({entry.text, json_string(*t)});
    }

    Reader read_;
    std::string_view lang_;
    const std::vector<std::string>* names_;
    std::vector<Edit> edits_;
};

}  // namespace

std::string localize(std::string_view frame, std::string_view lang,
                     const std::vector<std::string>* seat_names) {
    if (lang == i18n::kDefaultLanguage) return std::string(frame);
    try {
        const auto supported = i18n::supported(lang);
        if (!supported || *supported == i18n::kDefaultLanguage) return std::string(frame);
        std::vector<Edit> edits = Localizer(frame, *supported, seat_names).edits();
        if (edits.empty()) return std::string(frame);
        std::sort(edits.begin(), edits.end(),
                  [](const Edit& a, const Edit& b) { return a.at.begin < b.at.begin; });
        std::string out;
        out.reserve(frame.size() + frame.size() / 4);
        std::size_t at = 0;
        for (const Edit& e : edits) {
            if (e.at.begin < at) return std::string(frame);  // overlapping: not the server's
            out.append(frame.substr(at, e.at.begin - at));
            out += e.with;
            at = e.at.end;
        }
        out.append(frame.substr(at));
        return out;
    } catch (...) {  // Failed, a value nlohmann cannot parse, or memory: the frame as it is
        return std::string(frame);
    }
}

}  // namespace niagara::protocol
