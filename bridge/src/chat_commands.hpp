// What a chat line asks of the bridge. In a channel only lines that start with `!` or address
// the bot ("niagara: join", "niagara, join") are commands; everything else is people talking
// and is left alone. Privately every line is a command, with or without `!` or `/`.
#pragma once

#include <string>
#include <string_view>

namespace niagara::bridge {

struct ChatCommand {
    enum class Kind {
        none,       // not a command: channel talk, or an empty line
        help,       // !help
        board,      // !board: the river picture
        hand,       // hand: your cards (private answer)
        moves,      // moves: every legal decision of your current prompt (private answer)
        tables,     // !tables
        new_table,  // !new players=4 spirits
        join,       // !join [seat]
        leave,      // !leave
        start,      // !start
        addbot,     // !addbot [level]
        decision,   // !canoe 1 up 3, !buyback 2 red, !cloud up, !done, !elk 1, ...
        card,       // play 4: a secret, accepted only privately
        lang,       // !lang fr: the user's language (!lang alone: which it is)
        who,        // !who: whom the table waits for
        watch,      // !watch 3: the channel follows table 3
        concede,    // !concede: give the game up (a bot plays the seat to the end)
        resume,     // resume KEY: take one's seat back with its key (accepted only privately)
        abort,      // !abort: the host closes the channel's table before its game starts
        unknown,    // !something else
    };
    Kind kind = Kind::none;
    std::string word;  // the command word, lower case ("canoe")
    std::string args;  // what follows it, white space normalised ("1 up 3")

    // The decision's text in the engine's notation ("canoe 1 up 3", "play 4").
    std::string decision_text() const { return args.empty() ? word : word + " " + args; }
};

// The most of a line the bridge reads; longer lines are not commands (an XMPP body can be
// megabytes; an IRC line is at most 512 bytes).
inline constexpr std::size_t kMaxCommandBytes = 600;

ChatCommand parse_channel_line(std::string_view text, std::string_view self_nick);
ChatCommand parse_private_line(std::string_view text);

// The help, a few short lines for a channel or a private chat (`self` is the bot's nick), in
// `lang` (the commands themselves are the same in every language).
std::string help_line_public(std::string_view lang, std::string_view self);
std::string help_line_private(std::string_view lang, std::string_view self);

}  // namespace niagara::bridge
