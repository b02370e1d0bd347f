// The players in the order of play: who starts, whose turn it is, chosen and revealed cards,
// canoes, collections and how close each is to winning, turn timers.

import { gemIcon, seatColour } from './colours.js';
import { h } from './dom.js';
import { GEM_COLOURS, canoeArg, cardArg, cardLabel, gemArg, gemWord } from './describe.js';
import { formatNumber, t } from './i18n.js';
import { progressText, winningProgress } from './collections.js';
import { gameOf, mySeat, tableOf } from './store.js';

function gemDots(collection) {
    const dots = [];
    for (const colour of GEM_COLOURS)
        for (let i = 0; i < (collection?.[colour] || 0); i++)
            dots.push(
                h(
                    'span',
                    { class: `gem-dot gem-${colour}`, title: gemWord(colour) },
                    gemIcon(colour, { label: t('web.players.gem', { colour }) }),
                ),
            );
    return dots.length ? dots : [h('span', { class: 'muted small' }, t('web.players.noGemsYet'))];
}

function canoeText(canoe, k, spirits) {
    const where = ['land', 'lost', 'bank'].includes(canoe.where) ? canoe.where : 'river';
    const cargo = (canoe.cargo || []).map(gemArg);
    return t('web.players.canoe', {
        canoe: canoeArg(k, spirits),
        where,
        pos: canoe.pos ?? '',
        cargo,
        count: cargo.length,
    });
}

// A bot's level as a select value: strong, greedy, random, or none (unknown).
export function botLevel(level) {
    return ['strong', 'greedy', 'random'].includes(level) ? level : 'none';
}

// "0:42" left on a seat's clock; the page refreshes these every second. (Minutes and seconds
// in the language's digits; the colon is the clock's own notation.)
export function clockText(deadline) {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    return `${formatNumber(Math.floor(left / 60))}:${formatNumber(left % 60, undefined, 2)}`;
}

export class PlayersPanel {
    constructor(container) {
        this.container = container;
    }

    render(state) {
        const game = gameOf(state);
        const table = tableOf(state);
        if (!game || !table) {
            this.container.replaceChildren();
            return;
        }
        const me = mySeat(state);
        const spirits = !!game.options?.spirits;
        const n = game.seats.length;
        const order = Array.from({ length: n }, (_, i) => (game.starting_seat + i) % n);
        const acting = new Set(game.acting || []);
        const rows = order.map((seat, place) => {
            const view = game.seats[seat];
            const info = table.seats?.[seat] || {};
            const progress = winningProgress(view.collection);
            const isTurn = game.phase === 'actions' && game.turn?.seat === seat;
            let status;
            if (game.phase === 'over')
                status = game.winners?.includes(seat) ? t('web.players.winner') : '';
            else if (view.revealed)
                status = t(isTurn ? 'web.players.playing' : 'web.players.played', {
                    card: cardArg(view.revealed),
                });
            else if (game.phase === 'choose')
                status = t(view.has_chosen ? 'web.players.hasChosen' : 'web.players.choosing');
            else status = t('web.players.waits');
            const hand = view.hand
                ? seat === me
                    ? null
                    : t('web.players.cardsLeft', {
                          cards: view.hand.map(cardLabel).join(' ') || t('web.players.none'),
                      })
                : t('web.players.handSize', {
                      count: view.hand_size,
                      last: view.discard_top ? cardLabel(view.discard_top) : t('web.players.none'),
                  });
            const timer = state.timers[seat];
            return h(
                'li',
                {
                    class: `player${isTurn ? ' turn' : ''}${acting.has(seat) ? ' acting' : ''}${seat === me ? ' me' : ''}${progress.missing === 1 ? ' close' : ''}${progress.winning ? ' winning' : ''}`,
                    dataset: { seat },
                },
                h(
                    'div',
                    { class: 'player-head' },
                    h(
                        'span',
                        { class: 'order', title: t('web.players.orderHint') },
                        t('web.players.order', { n: place + 1 }),
                    ),
                    h('span', { class: 'swatch', style: `background:${seatColour(seat)}` }),
                    h(
                        'strong',
                        { class: 'player-name' },
                        info.name ?? t('web.seat.lower', { n: seat + 1 }),
                    ),
                    seat === me ? h('span', { class: 'tag' }, t('web.players.you')) : null,
                    info.bot
                        ? h(
                              'span',
                              { class: 'tag', title: t('web.players.botHint') },
                              t('web.players.bot', { level: botLevel(info.level) }),
                          )
                        : null,
                    info.conceded
                        ? h(
                              'span',
                              { class: 'tag warn conceded', title: t('web.players.concededHint') },
                              t('web.players.conceded'),
                          )
                        : info.autoplay
                          ? h(
                                'span',
                                { class: 'tag warn' },
                                t('web.players.botPlays', { level: botLevel(info.level) }),
                            )
                          : null,
                    info.name && !info.bot && !info.conceded && info.online === false
                        ? h('span', { class: 'tag warn' }, t('web.players.offline'))
                        : null,
                    place === 0
                        ? h(
                              'span',
                              { class: 'tag start', title: t('web.players.startsHint') },
                              t('web.players.starts'),
                          )
                        : null,
                    timer
                        ? h(
                              'span',
                              { class: 'clock', dataset: { deadline: timer } },
                              clockText(timer),
                          )
                        : null,
                ),
                h('div', { class: 'player-status' }, isTurn ? `▶ ${status}` : status),
                // One short line while empty (the goal is in the rules, one tap away): the panel
                // must fit beside the decision on a laptop.
                h(
                    'div',
                    { class: 'collection' },
                    progress.total
                        ? [
                              gemDots(view.collection),
                              h('span', { class: 'progress' }, progressText(progress)),
                          ]
                        : h(
                              'span',
                              { class: 'muted small', title: progressText(progress) },
                              t('web.players.noGems'),
                          ),
                ),
                h(
                    'div',
                    { class: 'canoes muted small' },
                    view.canoes.map((c, k) => canoeText(c, k, spirits)).join(' · '),
                ),
                hand ? h('div', { class: 'muted small' }, hand) : null,
            );
        });
        this.container.replaceChildren(
            h(
                'h2',
                {},
                t('web.players.title', { seat: (game.starting_seat ?? 0) + 1, round: game.round }),
            ),
            h('ol', { class: 'players' }, rows),
        );
    }
}
