// The English of the engine's texts (engine.log.*, engine.refuse.*): the engine writes only keys
// and arguments, and its English is the English catalog's, rendered here.
#pragma once

#include <string>
#include <vector>

#include "niagara/text.hpp"

namespace niagara::protocol {

// What i18n::render("en", text.key, text.args.json()) gives, remembered per thread. Every
// action a server plays sends its log lines' English (GameEvent::lines, a frame's "text"), and
// rendering costs some microseconds a line, a good part of an action's whole budget. Lines
// repeat heavily ("Seat 2 reveals 4."), so a bounded cache keyed by the key and the arguments'
// JSON text answers most of them for the price of a hash, and a new line is composed from its
// key's pattern and its arguments' English, each remembered too (engine_english.cpp).
std::string engine_english(const Text& text);
std::vector<std::string> engine_english(const std::vector<Text>& texts);  // each one's

}  // namespace niagara::protocol
