// The table before the game (seats, bots, start) and after it (the winners).

import { seatColour } from './colours.js';
import { h, morph } from './dom.js';
import { GEM_COLOURS } from './describe.js';
import { progressText, winningProgress } from './collections.js';
import { levelSelect } from './lobby.js';
import { gameOf, mySeat, seatName, tableOf } from './store.js';

export class WaitingRoom {
    constructor(container, client) {
        this.container = container;
        this.client = client;
    }

    render(state) {
        const table = tableOf(state);
        const game = gameOf(state);
        if (!table || game) {
            morph(this.container);
            this.container.hidden = true;
            return;
        }
        this.container.hidden = false;
        const me = state.table?.seat;
        const host = table.host === state.me.name && me !== null && me !== undefined;
        const seated = table.seats.filter((s) => s.name).length;
        const free = table.seats.length - seated;
        // The level "Add a bot" adds: the table's until the host picks another.
        if (this.tableId !== table.id) {
            this.tableId = table.id;
            this.botLevel = undefined;
        }
        const level = this.botLevel ?? table.options?.bots ?? 'strong';
        const levels = levelSelect({
            id: 'bot-level', 'aria-label': 'bot level',
            onchange: (e) => { this.botLevel = e.target.value; },
        }, level);
        morph(this.container,
            h('h2', {}, `Table #${table.id}: ${table.description}`),
            h('ol', { class: 'waiting-seats' }, table.seats.map((s) => h('li', { dataset: { seat: s.seat } },
                h('span', { class: 'swatch', style: `background:${seatColour(s.seat)}` }),
                s.name ? `${s.name}${s.bot ? ` (${s.level ? `${s.level} ` : ''}bot)` : ''}${s.seat === me ? ' — you' : ''}${s.name === table.host ? ' — host' : ''}`
                    : h('span', { class: 'muted' }, 'free seat')))),
            host
                ? h('div', { class: 'row' },
                    levels,
                    h('button', { id: 'add-bot', disabled: free === 0, onclick: () => this.client.addBot(this.botLevel ?? level) }, 'Add a bot'),
                    h('button', {
                        id: 'start-game', class: 'primary', disabled: seated < 3, onclick: () => this.client.startGame(),
                    }, seated < 3 ? `Start (needs ${3 - seated} more)` : 'Start the game'))
                : h('p', {}, me === null || me === undefined
                    ? 'You are watching. The game starts when the host starts it.'
                    : `Waiting for the host (${table.host}) to start the game. Others can join table #${table.id} from the lobby.`),
            h('p', { class: 'muted small' }, 'Empty seats are dropped at the start; at least 3 players (bots count).'),
            h('button', { id: 'leave-table', onclick: () => this.client.leave() }, 'Leave the table'));
    }
}

export class ResultBanner {
    constructor(container, client) {
        this.container = container;
        this.client = client;
    }

    render(state) {
        const game = gameOf(state);
        const result = state.result ?? (game?.phase === 'over' ? { winners: game.winners, collections: null, rounds: game.round } : null);
        if (!result) {
            this.container.hidden = true;
            morph(this.container);
            return;
        }
        this.container.hidden = false;
        const me = mySeat(state);
        const winners = result.winners || [];
        const title = result.abandoned ? (result.conceded?.length ? 'Every player conceded: the game ends with no winner.' : 'The game was abandoned.')
            : winners.includes(me) ? 'You win!'
                : winners.length ? `${winners.map((w) => seatName(state, w)).join(' and ')} win${winners.length > 1 ? '' : 's'}!`
                    : 'The game is over.';
        const rows = (result.collections || []).map((c) => h('li', { class: c.winning ? 'winning' : '' },
            h('span', { class: 'swatch', style: `background:${seatColour(c.seat)}` }),
            `${seatName(state, c.seat)}: `,
            GEM_COLOURS.filter((g) => c.gems?.[g]).map((g) => `${c.gems[g]} ${g}`).join(', ') || 'no gems',
            ` — ${progressText(winningProgress(c.gems))}${result.tie_break ? `, value ${c.value}` : ''}`));
        morph(this.container,
            h('h2', { id: 'result-title' }, title),
            h('p', {}, `After ${result.rounds} round${result.rounds === 1 ? '' : 's'}.`),
            rows.length ? h('ul', { class: 'results' }, rows) : null,
            this.replayLink(state),
            h('button', { class: 'primary', id: 'back-to-lobby', onclick: () => this.client.leave() }, 'Back to the lobby'),
            this.againRow(state));
    }

    // The finished game, move by move (replay.html), in a tab of its own: this one keeps the
    // table. Only once `ended` came (the record is stored before it is sent); an abandoned
    // game keeps no record to replay, unless everyone conceded (then it is stored, R9.4).
    replayLink(state) {
        const id = state.table?.id ?? tableOf(state)?.id;
        const stored = state.result && (!state.result.abandoned || state.result.conceded?.length);
        if (!stored || id === undefined || id === null) return null;
        return h('p', { class: 'replay-link' }, h('a', {
            id: 'watch-replay', href: `replay.html?game=${encodeURIComponent(id)}`, target: '_blank', rel: 'noopener',
        }, 'Watch the replay'), h('span', { class: 'muted small' }, ' — step through the game move by move'));
    }

    // "Play again": the first player to click opens a table with the same options and bots;
    // the others see who did and join it with one click.
    againRow(state) {
        const table = state.table;
        if (!table || table.watching) return null;
        const offer = state.again && state.again.from === table.id ? state.again : null;
        return h('div', { class: 'row again' },
            offer
                ? h('button', { class: 'primary', id: 'join-again', onclick: () => this.client.join(offer.table) },
                    `Join ${offer.name}'s new table #${offer.table}`)
                : h('button', { id: 'play-again', onclick: () => this.client.again(table.id) }, 'Play again'),
            h('span', { class: 'muted small' }, offer
                ? 'Same options and bots; the host starts it.'
                : 'A new table with the same options and bots; the other players are invited.'));
    }
}
