// What a chat line asks of the bridge. In a channel only lines that start with `!` or address
// the bot ("niagara: join", "niagara, join") are commands; everything else is people talking
// and is left alone. Privately every line is a command, with or without `!` or `/`.
#pragma once

#include <string>
#include <string_view>

namespace niagara::bridge {

struct ChatCommand {
    enum class Kind {
        None,      // not a command: channel talk, or an empty line
        Help,      // !help
        Board,     // !board: the river picture
        Hand,      // hand: your cards (private answer)
        Moves,     // moves: every legal decision of your current prompt (private answer)
        Tables,    // !tables
        NewTable,  // !new players=4 spirits
        Join,      // !join [seat]
        Leave,     // !leave
        Start,     // !start
        Addbot,    // !addbot [level]
        Decision,  // !canoe 1 up 3, !buyback 2 red, !cloud up, !done, !elk 1, ...
        Card,      // play 4: a secret, accepted only privately
        Lang,      // !lang fr: the user's language (!lang alone: which it is)
        Who,       // !who: whom the table waits for
        Watch,     // !watch 3: the channel follows table 3
        Concede,   // !concede: give the game up (a bot plays the seat to the end)
        Resume,    // resume KEY: take one's seat back with its key (accepted only privately)
        Abort,     // !abort: the host closes the channel's table before its game starts
        Rating,    // !rating [name]: a registered player's ratings (the speaker's name alone)
        Top,       // !top [base|spirits]: the leaderboard
        Link,      // !link: a code to enter on the site, to play as one's account from chat
        Unlink,    // !unlink: play as a guest again
        Unknown,   // !something else
    };
    Kind kind = Kind::None;
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
