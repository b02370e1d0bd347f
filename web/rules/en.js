// The rules summary in English: the base game, the Spirits of Niagara and Diamond Joe, written
// for this table from RULES.md (the numbers are its rule numbers). Rendered by
// js/rules_view.js; items: ['R4.4', text] a rule, ['p', text] a paragraph, ['fig', name] a
// picture (js/rules_pictures.js). Marks: **strong**, *emphasis*, `code`.

export default {
    lang: 'en',
    ui: {
        title: 'How to play Niagara',
        pageTitle: 'Niagara: the rules in short',
        closeLabel: 'Close the rules',
        contents: 'Contents',
        newTab: 'Open as a page',
        language: 'Language',
        backToGame: 'Back to the game',
    },
    // Words drawn in the pictures.
    words: {
        land: 'Land',
        waterfall: 'WATERFALL',
        up2: 'up 2',
        down2: 'down 2',
        lost: 'lost',
        pushed: 'pushed',
        elk: 'elk +2',
        beaver: 'beaver',
        weather: 'weather',
        joeMove: 'up by the card',
    },
    // [text alternative, caption]
    pictures: {
        river: [
            'The river: land, T1 to T5, the fork into L6 L7 and R6 R7, and the waterfall; the five discovery places beside T3, T4, T5, the tongue of land (blue) and the brink (red).',
            'The river. Gems wait at the places beside T3 (violet), T4 (clear), T5 (yellow), L6/R6 (blue) and L7/R7 (red).',
        ],
        move: [
            'Card 3: canoe 1 comes in from land and paddles 3 places to T3; canoe 2 loads a clear gem at T4 for 2 points, then paddles 1 place to T5.',
            'A number card gives its points to each canoe that moves.',
        ],
        steal: [
            'Stealing: with card 2 the orange canoe paddles up from T5 to T3 and ends beside the green canoe carrying a red gem; it may take that gem.',
            'Up 2 onto a loaded canoe: the red gem may change hands.',
        ],
        flow: [
            "The river moves one step: every disc flows one place down; the disc at T5 goes into the branch the flag shows; the last disc of that branch falls with its canoe and the canoe's blue gem.",
            'Speed 1: everything flows one place; the flag points to the left branch, so the disc at L7 falls.',
        ],
        double: [
            'The double canoe holds two gems (here violet and clear); the single canoe holds one (yellow).',
            'The double canoe (your canoe 1) holds two gems, and may steal two.',
        ],
        lasso: [
            'Lasso: your canoes in the river wait on the bank beside their places while the river flows; nobody can rob them there.',
            'Lassoed canoes wait on the bank (dashed) while the discs flow by.',
        ],
        whirlpool: [
            'Whirlpool at T4: a canoe paddles down 2 from T2 and ends on it, so it is pushed one place down-river, to T5.',
            'Down 2 onto the whirlpool at T4: the canoe ends at T5.',
        ],
        elk: [
            "The Hurried Elk: a canoe at L7 takes it at the start of its owner's turn and moves 2 points more from then on: card 3 takes it up 5 places, to T2.",
            'A canoe at the brink with the elk: card 3 lets it paddle 5, from L7 up to T2.',
        ],
        beaver: [
            'The Bathing Beaver: when the weather is moved onto +2 it jumps onto the disc at T1; when it falls over the waterfall the weather goes back to 0.',
            'Weather +2 brings the beaver in at T1.',
        ],
        joe: [
            "Diamond Joe: a black neutral canoe carrying a clear gem at T4; after the river he paddles up-river by the starting player's card. Your canoe beside him may take, swap or give a gem.",
            'Joe carries a clear gem at T4; your canoe beside him may trade.',
        ],
    },
    parts: [
        {
            id: 'base',
            title: 'The game',
            intro: '**Goal.** Paddle down the river, load gems at the discovery places and bring them back to land before the waterfall takes your canoes. You need *5 gems of 5 colours*, or *4 of one colour*, or *7 gems*.',
            sections: [
                {
                    rule: 'R1',
                    title: 'What you play with',
                    short: 'Set-up',
                    items: [
                        [
                            'R1.1',
                            '3 to 5 players, up to 6 with the Spirits. Seats go round the table; your left neighbour is the next seat.',
                        ],
                        [
                            'R1.2',
                            'Five gem colours: violet (amethyst), clear (diamond), yellow (amber), blue (sapphire) and red (ruby). Each colour has its own discovery place.',
                        ],
                        [
                            'R1.3',
                            'Each discovery place starts with 7 gems of its colour (with the Spirits: 6 for 3 players, 8 for 6). Gems only ever move: none is added or lost.',
                        ],
                        [
                            'R1.4',
                            'You have 2 canoes (with the Spirits: one double and one single). They start on land.',
                        ],
                        [
                            'R1.5',
                            'Your cards: 1, 2, 3, 4, 5, 6 and the cloud. The Spirits add 7, lasso and 1/2/3.',
                        ],
                        ['R1.6', 'The weather marker starts at 0 on a track of −1, 0, +1 and +2.'],
                        [
                            'R1.7',
                            'Who holds the life preserver (the starting player) in round 1 is drawn by lot.',
                        ],
                    ],
                },
                {
                    rule: 'R2',
                    title: 'The river',
                    short: 'The river',
                    items: [
                        ['fig', 'river'],
                        [
                            'R2.1',
                            'Nine places on river discs: T1 to T5 from the rope downstream, then the fork into the left branch L6, L7 and the right branch R6, R7 (seen looking downstream). Past L7 and R7: the waterfall.',
                        ],
                        [
                            'R2.2',
                            'Discovery places: violet at T3, clear at T4, yellow at T5, blue on the tongue of land between L6 and R6, red beside L7 and R7. T1 and T2 have none.',
                        ],
                        [
                            'R2.3',
                            'A canoe sits on a disc: when the discs move, it moves with them.',
                        ],
                        [
                            'R2.4',
                            'One step of the river: a fresh disc comes in at T1 and every disc moves one place down. The disc leaving T5 goes into the branch the fork flag shows; in that branch, the disc at 7 falls over the waterfall with everything on it. The other branch stays still. Then the flag turns to the other branch (it starts on the left and always alternates).',
                        ],
                        [
                            'R2.6',
                            'Land touches only T1: canoes come in and go out across the rope there.',
                        ],
                    ],
                },
                {
                    rule: 'R3',
                    title: 'A round',
                    short: 'A round',
                    items: [
                        [
                            'R3.1',
                            '**Phase I.** Everyone secretly picks one card from their hand, all at the same time. Before that, you may buy back lost canoes (R8.3).',
                        ],
                        [
                            'R3.2',
                            '**Phase II.** Starting with the holder of the life preserver and going round the table, each player reveals the card and carries it out at once. Who comes later sees what the others did.',
                        ],
                        ['R3.3', '**Phase III.** The river flows (R7).'],
                        [
                            'R3.4',
                            '**Phase IV.** The life preserver goes to the left neighbour, who starts the next round.',
                        ],
                        [
                            'R3.5',
                            '**Your hand.** A played card stays out of your hand. Only when you have played *all* your cards (7 in the base game, 10 with the expansion) do they all come back, at the start of the next round. So choose: a big card now is a big card you will not have later.',
                        ],
                        [
                            'R3.6',
                            'Here every played card is shown to all, so everyone can tell what is left in each hand (a table with the "memory" option shows only the top card of each pile). The card you picked stays secret until your turn.',
                        ],
                    ],
                },
                {
                    rule: 'R4',
                    title: 'Number cards: paddling',
                    short: 'Paddling',
                    items: [
                        ['fig', 'move'],
                        ['R4.1', 'The number is how many points each canoe that moves gets.'],
                        [
                            'R4.2',
                            'Every canoe of yours in the river must move. With none in the river, you must bring exactly one canoe in from land; otherwise you may bring your land canoe in as well. Each canoe uses all the points on its own, one canoe after the other, in the order you like.',
                        ],
                        [
                            'R4.3',
                            'One place costs 1 point; so do land to T1 and T1 to land. During its move a canoe goes one way only: up towards land or down towards the falls. Going down past T5 you pick a branch; going up from a branch leads to T5. Never up one branch and down the other.',
                        ],
                        [
                            'R4.4',
                            'All points must be used. The one exception: a canoe that reaches land going up-river may stop there.',
                        ],
                        ['R4.5', 'A canoe on land can only go down, into the river.'],
                        [
                            'R4.6',
                            'You may paddle over the waterfall on purpose: the canoe is then lost (R8).',
                        ],
                        ['R4.7', 'Canoes never block each other; any number may share a place.'],
                        ['R4.8', 'A canoe that reached land stays there until your next turn.'],
                    ],
                },
                {
                    rule: 'R5',
                    title: 'Loading and unloading gems',
                    short: 'Gems',
                    items: [
                        ['R5.1', 'A canoe carries one gem; a double canoe two.'],
                        [
                            'R5.2',
                            'It loads from, and unloads to, only the discovery place beside it. Land, T1 and T2 have none.',
                        ],
                        [
                            'R5.3',
                            "Each gem loaded or unloaded costs 2 of that canoe's points, so it paddles 2 places less. With card 1 no gem can be loaded or unloaded.",
                        ],
                        [
                            'R5.4',
                            'Gems are handled either before the canoe moves or at the end of its move, never halfway, never both.',
                        ],
                        [
                            'R5.5',
                            'At one place and one moment you may unload and then load (4 points for a single canoe), but not a gem of a colour this canoe unloaded this turn.',
                        ],
                        ['R5.6', 'A gem loaded this turn cannot be unloaded again this turn.'],
                        [
                            'R5.7',
                            'Any colour may be unloaded at any discovery place. A place may hold mixed colours; who loads there picks the gem.',
                        ],
                        [
                            'R5.8',
                            'A canoe may move no place at all when its gems use up the points (card 2 and one load).',
                        ],
                        [
                            'R5.9',
                            'A double canoe may unload up to two gems and load up to two, all at one place and one moment, 2 points per gem.',
                        ],
                    ],
                },
                {
                    rule: 'R6',
                    title: 'Stealing, and bringing gems home',
                    short: 'Stealing, landing',
                    items: [
                        ['fig', 'steal'],
                        [
                            'R6.1',
                            'A canoe may steal when it paddled up-river at least one place, ended there with all its points used, has room, did not load at the end of this move and was not pushed by a whirlpool. Unloading before the move does not stop it; unloading after the move does.',
                        ],
                        [
                            'R6.2',
                            "It takes one gem from another player's loaded canoe on the same place, for free, only if you want. Never from your own canoes, from a canoe on the bank (lasso) or on land. With several loaded canoes there, you choose.",
                        ],
                        [
                            'R6.3',
                            'A double canoe with two free places may take two gems, from one canoe or from two.',
                        ],
                        [
                            'R6.4',
                            'A canoe going down-river never steals, and canoes never trade gems.',
                        ],
                        [
                            'R6.5',
                            "A robbed canoe has room again: it may load or steal later this round if its owner's turn is still to come.",
                        ],
                        [
                            'R6.6',
                            '**Landing.** When a canoe reaches land, its gems go into your collection, in view of all, yours for good (except to buy a canoe back). Landing costs nothing, and an empty canoe may land too.',
                        ],
                    ],
                },
                {
                    rule: 'R7',
                    title: "The cloud and the river's speed",
                    short: 'Weather, speed',
                    items: [
                        [
                            'R7.1',
                            '**The cloud card.** Instead of paddling, move the weather marker one step up or down (you must move it, and it stays between −1 and +2). None of your canoes moves, loads or steals this turn.',
                        ],
                        [
                            'R7.2',
                            '**Speed.** The river flows as many places as the lowest number card (1 to 7) played this round plus the weather after phase II. Cloud, lasso and 1/2/3 are not number cards; without any number card the speed is the weather alone. At 0 or less the river stands still.',
                        ],
                        ['R7.3', 'In phase III the river takes that many steps (R2.4).'],
                        ['fig', 'flow'],
                        ['R7.4', 'While the river flows nobody paddles, loads, unloads or steals.'],
                    ],
                },
                {
                    rule: 'R8',
                    title: 'The waterfall',
                    short: 'The waterfall',
                    items: [
                        [
                            'R8.1',
                            'A canoe whose disc falls, or that paddles over the edge, is lost. Its gems go back to the discovery places of their colours.',
                        ],
                        ['R8.2', 'A lost canoe is out of play until you buy it back.'],
                        [
                            'R8.3',
                            'In phase I you may buy a lost canoe back onto land with one gem from your collection (the gem goes back to its place): one gem per canoe, and only if you want.',
                        ],
                        [
                            'R8.4',
                            'If all your canoes are lost and your collection is empty, one canoe comes back to land for free at the start of phase I (with the Spirits you choose which).',
                        ],
                    ],
                },
                {
                    rule: 'R9',
                    title: 'The end',
                    short: 'The end',
                    items: [
                        [
                            'R9.1',
                            'A winning collection: 5 different colours, or 4 gems of one colour, or 7 gems of any colours.',
                        ],
                        [
                            'R9.2',
                            "When someone has a winning collection, the round's phase II is still played to the end (everyone still takes a turn), and the game ends there, before the river flows. Everyone who then holds a winning collection wins.",
                        ],
                        [
                            'R9.3',
                            'With the "tie-break" option, several winners are ranked by their gems\' values (violet 1, clear 2, yellow 3, blue 4, red 5). It is off unless the table chose it.',
                        ],
                        [
                            'R9.4',
                            'If every player concedes or leaves, the game ends with no winner.',
                        ],
                    ],
                },
            ],
        },
        {
            id: 'spirits',
            title: 'The Spirits of Niagara (expansion)',
            sections: [
                {
                    rule: 'R10',
                    title: 'What the expansion adds',
                    short: 'Spirits of Niagara',
                    items: [
                        [
                            'R10.1',
                            'Up to 6 players, 10 cards each (the base cards plus 7, lasso and 1/2/3), one double canoe each, the gem counts of R1.3, and three new pieces on the river.',
                        ],
                        ['fig', 'double'],
                        [
                            'p',
                            "**Card 7.** A number card: seven points per canoe, and it counts for the river's speed.",
                        ],
                        [
                            'R10.2',
                            '**The whirlpool.** A special disc, first at T3, that flows like the others; when it falls it comes back in as the next disc at T1.',
                        ],
                        [
                            'R10.3',
                            'No canoe may stay on the whirlpool. Paddling down across it costs nothing extra; paddling up out of it costs 2 points. A canoe whose move ends on it (going up: also when its last point was spent there) is pushed one place down-river at once: at T5 its owner picks the branch, at L7 or R7 it falls. A pushed canoe may not steal, nor load or unload after its move.',
                        ],
                        [
                            'R10.4',
                            'You may load or unload before a move that ends on the whirlpool; the push comes afterwards.',
                        ],
                        ['fig', 'whirlpool'],
                        [
                            'R10.5',
                            '**Lasso.** Your canoes in the river go onto the bank beside their places for this round: they do not flow with the river, cannot be robbed and cannot load or unload. After the river has flowed they are back in the water at the same places (one that lands on the whirlpool is pushed on). Canoes on land stay there. It is not a number card.',
                        ],
                        ['fig', 'lasso'],
                        [
                            'R10.6',
                            "**1/2/3.** Move exactly one canoe, from land or in the river, with 1, 2 or 3 points, as you choose (loading allowed when the points suffice). Not a number card: it does not set the river's speed.",
                        ],
                        [
                            'R10.7',
                            '**The Bathing Beaver.** Whenever the weather is moved onto +2 and the beaver is not in the river, it jumps onto the disc at T1 (T2 if the whirlpool is at T1) and floats down. When its disc goes over the waterfall, the weather drops back to 0 (the speed already counted this round stays).',
                        ],
                        ['fig', 'beaver'],
                        [
                            'R10.8',
                            "**The Hurried Elk.** It waits at the red place. At the start of your turn, whatever your card, a canoe of yours at L7 or R7 may take it if nobody has it. That canoe then gets 2 points more whenever it moves (3 to 5 with the 1/2/3 card; your other canoe 1 to 3). Nobody can steal it or give it away. When its canoe lands or falls, the elk goes back to the red place after the next river. It never changes the river's speed.",
                        ],
                        ['fig', 'elk'],
                    ],
                },
            ],
        },
        {
            id: 'joe',
            title: 'Diamond Joe (variant)',
            sections: [
                {
                    rule: 'R11',
                    title: 'Diamond Joe',
                    short: 'Diamond Joe',
                    items: [
                        [
                            'R11.1',
                            'Diamond Joe is a neutral canoe that belongs to nobody and holds one gem at most. He starts, empty, on the disc at T1.',
                        ],
                        [
                            'R11.2',
                            'In phase III, after the river, an empty Joe loads a gem of the place beside him if there is one.',
                        ],
                        [
                            'R11.3',
                            "Then he paddles up-river as many places as the starting player's number card (any other card: he stays). At T1 with points left he turns and goes on down, into the right branch at the fork. He never goes onto land.",
                        ],
                        [
                            'R11.4',
                            'If he goes over the waterfall, his gem goes back to its place and he starts again at T1 at once.',
                        ],
                        [
                            'R11.5',
                            "At the end of your turn, a canoe of yours on Joe's place (even one that did not move, but not one on the bank) may, for free and if you want: *take* his gem into a free place, *swap* one of its gems for his, or *give* him a gem when he is empty.",
                        ],
                        ['R11.6', 'Joe is never robbed, blocks nobody and is no player.'],
                        ['fig', 'joe'],
                    ],
                },
            ],
        },
        {
            id: 'table',
            title: 'At this table',
            sections: [
                {
                    rule: 'R12',
                    title: 'What the online table adds',
                    short: 'Online table',
                    items: [
                        [
                            'R12.1',
                            'Every game can be replayed exactly from its options, its seed and its moves: that is what the replays show.',
                        ],
                        [
                            'R12.2',
                            "Your decisions: buy-backs and the card (phase I); the elk, the cloud's direction and each canoe's move (phase II); the branch after a whirlpool push; the trade with Diamond Joe. The table offers only legal choices, and a refused move says which rule stopped it.",
                        ],
                        [
                            'p',
                            'On your turn the canoes that can move glow: tap one, then a glowing place (or land). The same choices are buttons in your decision, and all of them are listed in words.',
                        ],
                        [
                            'p',
                            'Hover or long-press a card to see what it does. The log beside the board tells what the others did; a short notice tells you when something happens to you. A rule number in a message, such as (R4.4), opens this summary at that rule.',
                        ],
                        [
                            'p',
                            'Sounds are off until you switch them on in the header. The chat box also takes commands such as `/help`.',
                        ],
                    ],
                },
            ],
        },
    ],
};
