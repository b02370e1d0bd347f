// Plain words for the server's action objects and the game's pieces. Seats and canoes are
// 0-based in JSON and 1-based in words, as everywhere in the protocol. The words are the
// catalog's (web.*, common.*; i18n.js).

import { t } from './i18n.js';

export const GEM_COLOURS = ['violet', 'clear', 'yellow', 'blue', 'red'];

// A gem's colour as a nested text argument (the rulebooks' words, common.json).
export function gemArg(colour) {
    return { key: `common.gem.${colour}` };
}

// A list of gems ("red and blue") as a list argument.
export function gemsArg(list) {
    return (list || []).map(gemArg);
}

export function gemWord(colour) {
    return t(`common.gem.${colour}`);
}

// "the cloud", "card 4": a card as a sentence names it.
export function cardArg(card) {
    if (card === 'cloud') return { key: 'web.card.cloud' };
    if (card === 'lasso') return { key: 'web.card.lasso' };
    if (card === '1/2/3') return { key: 'web.card.oneTwoThree' };
    return { key: 'web.card.number', args: { card: String(card) } };
}

// A card as its face shows it: the number, ☁, or the lasso's name.
export function cardLabel(card) {
    if (card === 'cloud') return '☁';
    if (card === 'lasso') return t('common.card.lasso');
    return card;
}

export function cardName(card) {
    return t(cardArg(card).key, cardArg(card).args);
}

export function canoeArg(canoe, spirits) {
    return spirits && canoe === 0
        ? { key: 'web.canoe.double' }
        : { key: 'web.canoe.number', args: { n: canoe + 1 } };
}

export function canoeName(canoe, spirits) {
    const arg = canoeArg(canoe, spirits);
    return t(arg.key, arg.args);
}

function placeArg(to) {
    if (to === 'land') return { key: 'web.move.toLand' };
    if (to === 'falls') return { key: 'web.move.toFalls' };
    return to;
}

// "seat 3's canoe 1" with the name when known: "bob's canoe 1"
function victim(steal, names) {
    const who = names?.[steal.seat] ?? t('web.seat.lower', { n: steal.seat + 1 });
    return { key: 'web.move.victim', args: { who, n: steal.canoe + 1 } };
}

// The parts of a canoe move, in the order they happen.
export function moveSteps(action, { names, whirlpool } = {}) {
    const parts = [];
    const gemParts = [];
    if (action.unload?.length)
        gemParts.push(t('web.move.unload', { gems: gemsArg(action.unload) }));
    if (action.load?.length) gemParts.push(t('web.move.load', { gems: gemsArg(action.load) }));
    const before = action.timing !== 'after';
    if (gemParts.length && before) parts.push(...gemParts);
    if (action.points) parts.push(t('web.move.points', { points: action.points }));
    if (action.direction) {
        const branch = action.branch ?? 'none';
        const way = action.direction === 'up' ? 'up' : 'down';
        if (action.pushed) {
            // `to` is where the canoe ends after the push (R10.3): the paddling stops on the
            // whirlpool, which sets it one place down-river. Never "to R6, then pushed on".
            const at =
                typeof whirlpool === 'string' && whirlpool !== 'waiting' ? whirlpool : 'none';
            parts.push(
                action.to === 'falls'
                    ? t('web.move.pushedFalls', { way, steps: action.steps, at })
                    : t('web.move.pushed', { way, steps: action.steps, at, to: action.to, branch }),
            );
        } else if (action.to === 'falls') {
            parts.push(t('web.move.falls', { way, steps: action.steps }));
        } else {
            parts.push(
                t('web.move.paddle', { way, steps: action.steps, to: placeArg(action.to), branch }),
            );
        }
    } else if (!gemParts.length) {
        parts.push(t('web.move.stay'));
    }
    if (gemParts.length && !before) parts.push(...gemParts);
    for (const steal of action.steal || [])
        parts.push(t('web.move.steal', { gem: gemArg(steal.gem), victim: victim(steal, names) }));
    if (!action.direction && action.to && action.to !== action.from)
        parts.push(t('web.move.to', { to: placeArg(action.to) }));
    return parts;
}

// The steps of a move as one phrase: "load red, then down-river 2 to T4".
export function stepsText(steps) {
    return steps.join(t('web.move.then'));
}

// Diamond Joe's cargo (the view's joe: {pos, cargo}) as a select value: its colour or 'none'.
function joeGem(joe) {
    const gem = Array.isArray(joe?.cargo) ? joe.cargo[0] : null;
    return { colour: gem ?? 'none' };
}

// One sentence for any action of a prompt.
export function describeAction(
    action,
    { spirits = false, weather = null, names, whirlpool, joe } = {},
) {
    switch (action.type) {
        case 'play':
            return t('web.action.play', { card: cardArg(action.card) });
        case 'buyback':
            return t('web.action.buyback', {
                canoe: canoeArg(action.canoe, spirits),
                colour: action.pay,
            });
        case 'cloud': {
            const sign = (v) => (v > 0 ? `+${v}` : `${v}`);
            const dir = action.direction === 'up' ? 'up' : 'down';
            if (weather === null) return t('web.action.cloud', { dir });
            return t('web.action.cloudWeather', {
                dir,
                weather: sign(weather + (action.direction === 'up' ? 1 : -1)),
            });
        }
        case 'done':
            return t('web.action.done');
        case 'move':
            return t('web.action.move', {
                canoe: canoeArg(action.canoe, spirits),
                steps: stepsText(moveSteps(action, { names, whirlpool })),
            });
        case 'elk':
            return action.canoe === null || action.canoe === undefined
                ? t('web.action.elkLeave')
                : t('web.action.elkTake', { n: action.canoe + 1 });
        case 'fork':
            return t('web.action.fork', {
                n: action.canoe + 1,
                branch: action.branch === 'left' ? 'left' : 'right',
            });
        case 'free':
            return t('web.action.free', { canoe: canoeArg(action.canoe, spirits) });
        case 'joe':
            switch (action.deal) {
                case 'take':
                    return t('web.action.joeTake', { n: action.canoe + 1, ...joeGem(joe) });
                case 'swap':
                    return t('web.action.joeSwap', {
                        n: action.canoe + 1,
                        mine: gemArg(action.gem),
                        ...joeGem(joe),
                    });
                case 'give':
                    return t('web.action.joeGive', {
                        n: action.canoe + 1,
                        mine: gemArg(action.gem),
                    });
                default:
                    return t('web.action.joeNone');
            }
        default:
            return action.text;
    }
}

// What a destination is called on the board.
export function destinationName(to) {
    if (to === 'land') return t('web.dest.land');
    if (to === 'falls') return t('web.dest.falls');
    return to;
}
