#include "xmpp_stanzas.hpp"

#include <algorithm>
#include <cstdlib>

namespace niagara::bridge::xmpp {

namespace {

constexpr const char* kNsStanzas = "urn:ietf:params:xml:ns:xmpp-stanzas";

StanzaPtr element(xmpp_ctx_t* ctx, const char* name, const char* ns = nullptr) {
    StanzaPtr stanza(xmpp_stanza_new(ctx));
    xmpp_stanza_set_name(stanza.get(), name);
    if (ns) xmpp_stanza_set_ns(stanza.get(), ns);
    return stanza;
}

// Adds `child` to `parent` (which keeps its own reference) and drops ours.
void adopt(xmpp_stanza_t* parent, StanzaPtr child) {
    xmpp_stanza_add_child_ex(parent, child.release(), 0);
}

}  // namespace

StanzaPtr make_message(xmpp_ctx_t* ctx, const char* type, const std::string& to,
                       const std::string& body) {
    StanzaPtr message(xmpp_message_new(ctx, type, to.c_str(), nullptr));
    xmpp_message_set_body(message.get(), body.c_str());
    return message;
}

StanzaPtr make_presence(xmpp_ctx_t* ctx) {
    return StanzaPtr(xmpp_presence_new(ctx));
}

StanzaPtr make_room_join(xmpp_ctx_t* ctx, const std::string& room, const std::string& nick) {
    StanzaPtr presence = make_room_nick(ctx, room, nick);
    StanzaPtr x = element(ctx, "x", kNsMuc);
    StanzaPtr history = element(ctx, "history");
    xmpp_stanza_set_attribute(history.get(), "maxstanzas", "0");
    adopt(x.get(), std::move(history));
    adopt(presence.get(), std::move(x));
    return presence;
}

StanzaPtr make_room_nick(xmpp_ctx_t* ctx, const std::string& room, const std::string& nick) {
    StanzaPtr presence(xmpp_presence_new(ctx));
    xmpp_stanza_set_to(presence.get(), (room + "/" + nick).c_str());
    return presence;
}

StanzaPtr make_unavailable(xmpp_ctx_t* ctx, const std::string& to) {
    StanzaPtr presence(xmpp_presence_new(ctx));
    xmpp_stanza_set_type(presence.get(), "unavailable");
    if (!to.empty()) xmpp_stanza_set_to(presence.get(), to.c_str());
    return presence;
}

std::string attribute(xmpp_stanza_t* stanza, const char* name) {
    const char* value = stanza ? xmpp_stanza_get_attribute(stanza, name) : nullptr;
    return value ? value : "";
}

std::string body_of(xmpp_stanza_t* message) {
    xmpp_stanza_t* body = xmpp_stanza_get_child_by_name(message, "body");
    if (!body) return {};
    char* text = xmpp_stanza_get_text(body);
    if (!text) return {};
    std::string result(text);
    xmpp_free(xmpp_stanza_get_context(message), text);
    return result;
}

bool has_child(xmpp_stanza_t* stanza, const char* name, const char* ns) {
    return xmpp_stanza_get_child_by_name_and_ns(stanza, name, ns) != nullptr;
}

bool is_delayed(xmpp_stanza_t* stanza) {
    return has_child(stanza, "delay", "urn:xmpp:delay") || has_child(stanza, "x", "jabber:x:delay");
}

StanzaError error_of(xmpp_stanza_t* stanza) {
    StanzaError error;
    xmpp_stanza_t* child = xmpp_stanza_get_child_by_name(stanza, "error");
    if (!child) return error;
    error.code = attribute(child, "code");
    for (xmpp_stanza_t* c = xmpp_stanza_get_children(child); c; c = xmpp_stanza_get_next(c)) {
        const char* ns = xmpp_stanza_is_tag(c) ? xmpp_stanza_get_ns(c) : nullptr;
        if (ns && std::string_view(ns) == kNsStanzas &&
            std::string_view(xmpp_stanza_get_name(c)) != "text") {
            error.condition = xmpp_stanza_get_name(c);
            break;
        }
    }
    return error;
}

bool MucUserInfo::has(int code) const {
    return std::find(codes.begin(), codes.end(), code) != codes.end();
}

MucUserInfo muc_user_of(xmpp_stanza_t* presence) {
    MucUserInfo info;
    xmpp_stanza_t* x = xmpp_stanza_get_child_by_name_and_ns(presence, "x", kNsMucUser);
    if (!x) return info;
    info.present = true;
    for (xmpp_stanza_t* c = xmpp_stanza_get_children(x); c; c = xmpp_stanza_get_next(c)) {
        if (!xmpp_stanza_is_tag(c)) continue;
        const std::string_view name = xmpp_stanza_get_name(c);
        if (name == "status") {
            info.codes.push_back(std::atoi(attribute(c, "code").c_str()));
        } else if (name == "item") {
            info.jid = attribute(c, "jid");
            info.nick = attribute(c, "nick");
            info.role = attribute(c, "role");
        }
    }
    return info;
}

}  // namespace niagara::bridge::xmpp
