// Plain words for the server's action objects and the game's pieces. Seats and canoes are
// 0-based in JSON and 1-based in words, as everywhere in the protocol.

export const GEM_COLOURS = ['violet', 'clear', 'yellow', 'blue', 'red'];

export const GEM_NAMES = {
    violet: 'violet (amethyst)',
    clear: 'clear (diamond)',
    yellow: 'yellow (amber)',
    blue: 'blue (sapphire)',
    red: 'red (ruby)',
};

export function cardName(card) {
    if (card === 'cloud') return 'the cloud';
    if (card === 'lasso') return 'the lasso';
    if (card === '1/2/3') return 'the 1/2/3 card';
    return `card ${card}`;
}

export function canoeName(canoe, spirits) {
    return spirits && canoe === 0 ? 'canoe 1 (double)' : `canoe ${canoe + 1}`;
}

function placeWords(to) {
    if (to === 'land') return 'land';
    if (to === 'falls') return 'over the waterfall (lost!)';
    return to;
}

function gems(list) {
    return list.join(' and ');
}

// "seat 3's canoe 1" with the name when known: "bob's canoe 1"
function victim(steal, names) {
    const who = names?.[steal.seat] ?? `seat ${steal.seat + 1}`;
    return `${who}'s canoe ${steal.canoe + 1}`;
}

// The parts of a canoe move, in the order they happen.
export function moveSteps(action, { names, whirlpool } = {}) {
    const parts = [];
    const gemParts = [];
    if (action.unload?.length) gemParts.push(`unload ${gems(action.unload)}`);
    if (action.load?.length) gemParts.push(`load ${gems(action.load)}`);
    const before = action.timing !== 'after';
    if (gemParts.length && before) parts.push(...gemParts);
    if (action.points) parts.push(`use ${action.points} point${action.points > 1 ? 's' : ''}`);
    if (action.direction) {
        const branch = action.branch ? ` (${action.branch} branch)` : '';
        const way = action.direction === 'up' ? 'up-river' : 'down-river';
        if (action.pushed) {
            // `to` is where the canoe ends after the push (R10.3): the paddling stops on the
            // whirlpool, which sets it one place down-river. Never "to R6, then pushed on".
            const at = typeof whirlpool === 'string' && whirlpool !== 'waiting' ? ` at ${whirlpool}` : '';
            parts.push(action.to === 'falls'
                ? `${way} ${action.steps} onto the whirlpool${at}, which pushes it over the waterfall (lost!)`
                : `${way} ${action.steps} onto the whirlpool${at}, which pushes it one place down: it ends at ${action.to}${branch}`);
        } else if (action.to === 'falls') {
            parts.push(`${way} ${action.steps} over the waterfall (lost!)`);
        } else {
            parts.push(`${way} ${action.steps} to ${placeWords(action.to)}${branch}`);
        }
    } else if (!gemParts.length) {
        parts.push('stay');
    }
    if (gemParts.length && !before) parts.push(...gemParts);
    for (const steal of action.steal || [])
        parts.push(`steal ${steal.gem} from ${victim(steal, names)}`);
    if (!action.direction && action.to && action.to !== action.from) parts.push(`to ${placeWords(action.to)}`);
    return parts;
}

// "red " for Diamond Joe's cargo (the view's joe: {pos, cargo}), "" when unknown.
function joeGem(joe) {
    const gem = Array.isArray(joe?.cargo) ? joe.cargo[0] : null;
    return gem ? `${gem} ` : '';
}

// One sentence for any action of a prompt.
export function describeAction(action, { spirits = false, weather = null, names, whirlpool, joe } = {}) {
    switch (action.type) {
        case 'play':
            return `Play ${cardName(action.card)}`;
        case 'buyback':
            return `Buy back ${canoeName(action.canoe, spirits)}, paying a ${action.pay} gem`;
        case 'cloud': {
            const sign = (v) => (v > 0 ? `+${v}` : `${v}`);
            const next = weather === null ? '' : ` (weather ${sign(weather + (action.direction === 'up' ? 1 : -1))})`;
            return `Move the cloud ${action.direction}${next}`;
        }
        case 'done':
            return 'Done: leave my land canoe on land';
        case 'move':
            return `${canoeName(action.canoe, spirits)}: ${moveSteps(action, { names, whirlpool }).join(', then ')}`;
        case 'elk':
            return action.canoe === null || action.canoe === undefined
                ? 'Leave the elk where it is'
                : `Take the Hurried Elk onto canoe ${action.canoe + 1} (+2 points)`;
        case 'fork':
            return `Canoe ${action.canoe + 1} drifts into the ${action.branch} branch`;
        case 'free':
            return `Take ${canoeName(action.canoe, spirits)} back for free`;
        case 'joe':
            switch (action.deal) {
                case 'take':
                    return `Take Diamond Joe's ${joeGem(joe)}gem into canoe ${action.canoe + 1}`;
                case 'swap':
                    return `Swap canoe ${action.canoe + 1}'s ${action.gem} for Diamond Joe's ${joeGem(joe)}gem`;
                case 'give':
                    return `Give canoe ${action.canoe + 1}'s ${action.gem} to Diamond Joe`;
                default:
                    return 'No deal with Diamond Joe';
            }
        default:
            return action.text;
    }
}

// What a destination is called on the board.
export function destinationName(to) {
    if (to === 'land') return 'land';
    if (to === 'falls') return 'the waterfall';
    return to;
}
