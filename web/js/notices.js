// What happened to *you* in a change of the table: a gem stolen from your canoe, a canoe lost
// over the waterfall, your turn, gems brought to land, the end. Found by comparing your seat
// before and after the change (not by reading the log's English), and given to the page as a
// short notice (s.notice) and a sound cue (s.cue).

import { cardArg, gemsArg } from './describe.js';
import { t } from './i18n.js';
import { gameOf, seatName } from './store.js';

let cueSeq = 0;

function cue(s, name) {
    s.cue = { name, seq: ++cueSeq };
}

function tell(s, text) {
    s.notice = { kind: 'you', text, at: Date.now() };
}

// The gems of `before` that are not in `after` (lists of colours).
function missing(before, after) {
    const left = [...(after || [])];
    const gone = [];
    for (const gem of before || []) {
        const i = left.indexOf(gem);
        if (i >= 0) left.splice(i, 1);
        else gone.push(gem);
    }
    return gone;
}

function total(collection) {
    return Object.values(collection || {}).reduce((n, k) => n + k, 0);
}

// `before`: the game view before the message; `hadPrompt`: a decision was open before it.
export function personalNews(s, before, hadPrompt, m) {
    if (m.type === 'ended') {
        cue(s, 'over');
        return;
    }
    const game = gameOf(s);
    const me = game?.you;
    if (!game || me === null || me === undefined || s.table?.watching) return;
    const mine = game.seats?.[me];
    const was = before?.seats?.[me];
    if (mine && was && before !== game) {
        const actor = m.event?.seat;
        mine.canoes.forEach((canoe, k) => {
            const old = was.canoes[k];
            if (!old) return;
            if (canoe.where === 'lost' && old.where !== 'lost') {
                tell(
                    s,
                    t('web.notice.lost', {
                        n: k + 1,
                        gems: gemsArg(old.cargo),
                        count: old.cargo?.length ?? 0,
                    }),
                );
                cue(s, 'lost');
            } else if (actor !== me && canoe.where === old.where && canoe.pos === old.pos) {
                const gone = missing(old.cargo, canoe.cargo);
                if (gone.length && actor !== undefined && actor !== null) {
                    tell(
                        s,
                        t('web.notice.stolen', {
                            name: seatName(s, actor),
                            gems: gemsArg(gone),
                            n: k + 1,
                        }),
                    );
                    cue(s, 'stolen');
                }
            }
        });
        if (actor === me && total(mine.collection) > total(was.collection)) cue(s, 'landed');
    }
    const myTurn = !!s.prompt && !s.pending;
    // Your turn in phase II is told once, when its first decision is open to you. (Not only
    // when a decision opens with none before it: the last card chosen, you may be the first to
    // move, and that decision follows your card with no moment without one.)
    const turn =
        game.phase === 'actions' && game.turn?.seat === me ? `${s.table?.id}:${game.round}` : null;
    const turnBegins = myTurn && turn !== null && s.turnTold !== turn;
    if (myTurn && (!hadPrompt || turnBegins)) {
        cue(s, 'turn');
        // Phase II is the moment to act on the board; the card choice is the round's start.
        if (turnBegins) {
            tell(
                s,
                game.turn.card
                    ? t('web.notice.turnWith', { card: cardArg(game.turn.card) })
                    : t('web.notice.turn'),
            );
            s.notice.turn = true;
            s.turnTold = turn;
        }
    } else if (!myTurn && !s.pending && s.notice?.turn) {
        s.notice = null; // "your turn" is over
    }
}
