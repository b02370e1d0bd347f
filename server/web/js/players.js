// The players in the order of play: who starts, whose turn it is, chosen and revealed cards,
// canoes, collections and how close each is to winning, turn timers.

import { gemIcon, seatColour } from './colours.js';
import { h } from './dom.js';
import { GEM_COLOURS, canoeName, cardName } from './describe.js';
import { progressText, winningProgress } from './collections.js';
import { gameOf, mySeat, tableOf } from './store.js';

function gemDots(collection) {
    const dots = [];
    for (const colour of GEM_COLOURS)
        for (let i = 0; i < (collection?.[colour] || 0); i++)
            dots.push(h('span', { class: `gem-dot gem-${colour}`, title: colour }, gemIcon(colour, { label: `${colour} gem` })));
    return dots.length ? dots : [h('span', { class: 'muted small' }, 'no gems yet:')];
}

function canoeText(canoe, k, spirits) {
    const cargo = canoe.cargo?.length ? ` (${canoe.cargo.join(', ')})` : '';
    const where = { land: 'on land', lost: 'lost', bank: `on the bank at ${canoe.pos}` }[canoe.where] ?? canoe.pos;
    return `${canoeName(k, spirits)}: ${where}${cargo}`;
}

// "0:42" left on a seat's clock; the page refreshes these every second.
export function clockText(deadline) {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
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
            if (game.phase === 'over') status = game.winners?.includes(seat) ? 'winner!' : '';
            else if (view.revealed) status = isTurn ? `playing ${cardName(view.revealed)}` : `played ${cardName(view.revealed)}`;
            else if (game.phase === 'choose') status = view.has_chosen ? 'has chosen ✓' : 'choosing…';
            else status = 'waits for the turn';
            const hand = view.hand
                ? (seat === me ? null : `cards left: ${view.hand.join(' ') || 'none'}`)
                : `${view.hand_size} cards; last played ${view.discard_top ?? 'none'}`;
            const timer = state.timers[seat];
            return h('li', {
                class: `player${isTurn ? ' turn' : ''}${acting.has(seat) ? ' acting' : ''}${seat === me ? ' me' : ''}${progress.missing === 1 ? ' close' : ''}${progress.winning ? ' winning' : ''}`,
                dataset: { seat },
            },
            h('div', { class: 'player-head' },
                h('span', { class: 'order', title: 'order of play this round' }, `${place + 1}.`),
                h('span', { class: 'swatch', style: `background:${seatColour(seat)}` }),
                h('strong', { class: 'player-name' }, info.name ?? `seat ${seat + 1}`),
                seat === me ? h('span', { class: 'tag' }, 'you') : null,
                info.bot ? h('span', { class: 'tag', title: 'a bot plays this seat' }, info.level ? `${info.level} bot` : 'bot') : null,
                info.conceded ? h('span', { class: 'tag warn conceded', title: 'gave the game up: a bot plays this seat to the end' }, 'conceded')
                    : info.autoplay ? h('span', { class: 'tag warn' }, info.level ? `${info.level} bot plays` : 'bot plays') : null,
                info.name && !info.bot && !info.conceded && info.online === false ? h('span', { class: 'tag warn' }, 'offline') : null,
                place === 0 ? h('span', { class: 'tag start', title: 'holds the life preserver: starts this round' }, 'starts') : null,
                timer ? h('span', { class: 'clock', dataset: { deadline: timer } }, clockText(timer)) : null),
            h('div', { class: 'player-status' }, isTurn ? `▶ ${status}` : status),
            // One short line while empty (the goal is in the rules, one tap away): the panel
            // must fit beside the decision on a laptop.
            h('div', { class: 'collection' }, progress.total
                ? [gemDots(view.collection), h('span', { class: 'progress' }, progressText(progress))]
                : h('span', { class: 'muted small', title: progressText(progress) }, 'no gems yet')),
            h('div', { class: 'canoes muted small' }, view.canoes.map((c, k) => canoeText(c, k, spirits)).join(' · ')),
            hand ? h('div', { class: 'muted small' }, hand) : null);
        });
        this.container.replaceChildren(h('h2', {}, `Players (seat ${(game.starting_seat ?? 0) + 1} starts round ${game.round})`), h('ol', { class: 'players' }, rows));
    }
}
