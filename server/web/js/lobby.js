// The lobby: your name, a quick game against bots, opening a table with options, and the list
// of tables to join or watch.

import { h, morph } from './dom.js';
import { session } from './session.js';

const TIMERS = [[0, 'no timer'], [30, '30 s'], [60, '60 s'], [120, '2 min'], [300, '5 min']];
// The bot ladder, strongest first: the strong bot is the default, the others are easier.
export const BOT_LEVELS = [['strong', 'strong bots'], ['greedy', 'easier bots (greedy)'], ['random', 'easiest bots (random)']];

export function levelSelect(attrs, chosen = 'strong') {
    return h('select', attrs, BOT_LEVELS.map(([value, label]) => h('option', { value, selected: value === chosen }, label)));
}

const QUICK_KEY = 'niagara.quick';

// {spirits, diamond_joe} of the last quick game; storage may be refused (private browsing).
function quickChoices() {
    try {
        const saved = JSON.parse(localStorage.getItem(QUICK_KEY));
        return { spirits: !!saved?.spirits, diamond_joe: !!saved?.diamond_joe };
    } catch {
        return { spirits: false, diamond_joe: false };
    }
}

function saveQuickChoices(choices) {
    try {
        localStorage.setItem(QUICK_KEY, JSON.stringify(choices));
    } catch {
        // the choice then lasts as long as the page
    }
}

function seatsText(table) {
    return table.seats.map((seat) => {
        if (!seat.name) return h('span', { class: 'seat free' }, `${seat.seat + 1}: free`);
        const flags = seat.bot ? ` (${seat.level ? `${seat.level} ` : ''}bot)` : seat.online === false ? ' (offline)' : '';
        return h('span', { class: 'seat' }, `${seat.seat + 1}: ${seat.name}${flags}`);
    });
}

export class LobbyView {
    constructor(container, client) {
        this.container = container;
        this.client = client;
        this.build();
    }

    build() {
        const client = this.client;
        this.nameInput = h('input', {
            id: 'name-input', name: 'name', maxlength: 24, autocomplete: 'nickname',
            pattern: '[A-Za-z0-9_.\\-]{1,24}', title: '1 to 24 letters, digits, _ - .', required: true,
        });
        const nameForm = h('form', {
            class: 'row', id: 'name-form',
            onsubmit: (e) => {
                e.preventDefault();
                // Sent: the server's answer (the name, or the one it gives instead) shows.
                this.shownName = this.nameInput.value;
                client.setName(this.nameInput.value.trim());
            },
        }, h('label', { for: 'name-input' }, 'Your name'), this.nameInput, h('button', { type: 'submit' }, 'Set name'));

        this.resumeBox = h('div', { class: 'resume' });

        const quickPlayers = h('select', { id: 'quick-players', 'aria-label': 'players' },
            [3, 4, 5].map((n) => h('option', { value: n }, `${n} players`)));
        const quickLevel = levelSelect({ id: 'quick-level', 'aria-label': 'bots' });
        // The expansion and Diamond Joe for a quick game, as this browser chose them last.
        const remembered = quickChoices();
        const quickSpirits = h('input', { type: 'checkbox', id: 'quick-spirits', checked: remembered.spirits });
        const quickJoe = h('input', { type: 'checkbox', id: 'quick-joe', checked: remembered.diamond_joe });
        const remember = () => saveQuickChoices({ spirits: quickSpirits.checked, diamond_joe: quickJoe.checked });
        quickSpirits.addEventListener('change', remember);
        quickJoe.addEventListener('change', remember);
        const quick = h('div', { class: 'quick-game' },
            h('p', {}, 'New here? Play a game against bots right away:'),
            h('div', { class: 'row' }, quickPlayers, quickLevel),
            h('div', { class: 'row flags' },
                h('label', { for: 'quick-spirits' }, quickSpirits, ' The Spirits of Niagara (expansion)'),
                h('label', { for: 'quick-joe' }, quickJoe, ' Diamond Joe')),
            h('div', { class: 'row' }, h('button', {
                class: 'primary', id: 'quick-game',
                onclick: () => client.quickGame({
                    players: Number(quickPlayers.value), bots: quickLevel.value,
                    spirits: quickSpirits.checked, diamond_joe: quickJoe.checked,
                }),
            }, 'Play against bots')));

        const field = (id, label, input) => h('label', { class: 'field', for: id }, h('span', {}, label), input);
        this.players = h('select', { id: 'opt-players', name: 'players' },
            [3, 4, 5, 6].map((n) => h('option', { value: n, selected: n === 4 }, n === 6 ? '6 (needs Spirits)' : String(n))));
        this.spirits = h('input', { type: 'checkbox', id: 'opt-spirits', name: 'spirits' });
        this.joe = h('input', { type: 'checkbox', id: 'opt-joe', name: 'diamond_joe' });
        this.memory = h('input', { type: 'checkbox', id: 'opt-memory', name: 'memory' });
        this.tieBreak = h('input', { type: 'checkbox', id: 'opt-tiebreak', name: 'tie_break' });
        // The level of the bots the host adds, and of those that stand in for players who drop.
        this.bots = levelSelect({ id: 'opt-bots', name: 'bots' });
        this.timer = h('select', { id: 'opt-timer', name: 'turn_seconds' },
            TIMERS.map(([v, label]) => h('option', { value: v }, label)));
        this.seed = h('input', {
            id: 'opt-seed', name: 'seed', type: 'number', min: 1, step: 1, inputmode: 'numeric',
            placeholder: 'random', title: 'The same seed and the same moves give the same game',
        });
        // Six players need the expansion's pieces (R10.1).
        this.players.addEventListener('change', () => {
            if (this.players.value === '6') this.spirits.checked = true;
        });
        this.spirits.addEventListener('change', () => {
            if (!this.spirits.checked && this.players.value === '6') this.players.value = '5';
        });
        const create = h('form', {
            class: 'create', id: 'create-form',
            onsubmit: (e) => {
                e.preventDefault();
                client.newTable(this.options());
            },
        },
        h('h2', {}, 'Open a table'),
        h('div', { class: 'fields' },
            field('opt-players', 'Players', this.players),
            field('opt-timer', 'Turn timer', this.timer),
            field('opt-bots', 'Bots', this.bots),
            field('opt-seed', 'Seed (optional)', this.seed)),
        h('div', { class: 'flags' },
            h('label', {}, this.spirits, ' The Spirits of Niagara (expansion)'),
            h('label', {}, this.joe, ' Diamond Joe'),
            h('label', {}, this.memory, ' Memory (only the top played card shows)'),
            h('label', {}, this.tieBreak, ' Tie-break by gem value')),
        h('button', { type: 'submit', class: 'primary', id: 'create-table' }, 'Open the table'),
        h('p', { class: 'muted small' }, 'You sit at the table you open and host it: add bots to free seats, then start.'));

        this.tableList = h('div', { class: 'table-list', id: 'table-list' });
        const tables = h('section', { class: 'tables' },
            h('div', { class: 'row spread' }, h('h2', {}, 'Tables'),
                h('button', { onclick: () => client.listTables(), title: 'refresh the list' }, 'Refresh')),
            this.tableList,
            // Finished games leave this list; their replays stay (replay.html lists the latest).
            h('p', { class: 'small' }, h('a', { id: 'replays-link', href: 'replay.html' }, 'Replays of finished games')));

        this.container.replaceChildren(
            h('section', { class: 'panel welcome' }, h('h2', {}, 'Welcome to Niagara'), nameForm, this.resumeBox, quick),
            h('section', { class: 'panel' }, create),
            h('section', { class: 'panel' }, tables));
    }

    options() {
        return {
            players: Number(this.players.value),
            spirits: this.spirits.checked,
            diamond_joe: this.joe.checked,
            memory: this.memory.checked,
            tie_break: this.tieBreak.checked,
            turn_seconds: Number(this.timer.value),
            bots: this.bots.value,
            ...(Number.isSafeInteger(Number(this.seed.value)) && Number(this.seed.value) > 0 ? { seed: Number(this.seed.value) } : {}),
        };
    }

    render(state) {
        // The box shows the name the server gives us, unless the player has typed in it: a
        // name arriving (the welcome, say) between typing and pressing the button must not
        // replace what was typed.
        const name = state.me.name;
        if (name && name !== this.shownName) {
            if (this.nameInput.value === (this.shownName ?? '')) this.nameInput.value = name;
            this.shownName = name;
        }
        const last = session.lastSeat();
        morph(this.resumeBox, last?.token && !state.table
            ? h('p', {}, `You have a seat at table #${last.table}. `,
                h('button', { class: 'primary', id: 'resume-seat', onclick: () => this.client.resume(last.token) }, 'Return to your seat'),
                ' ', h('button', { onclick: () => { session.forgetSeat(); this.render(state); } }, 'Forget it'))
            : '');
        const key = JSON.stringify(state.tables);
        if (key === this.lastTables) return;
        this.lastTables = key;
        if (!state.tables.length) {
            morph(this.tableList, h('p', { class: 'muted' }, 'No tables yet: open one, or play against bots.'));
            return;
        }
        morph(this.tableList, h('ul', {}, state.tables.map((t) => {
            const free = t.seats.some((seat) => !seat.name);
            return h('li', { class: 'table-row', dataset: { table: t.id } },
                h('div', { class: 'table-title' }, h('strong', {}, `#${t.id}`), ` ${t.description}`,
                    h('span', { class: `phase phase-${t.phase}` }, t.phase)),
                h('div', { class: 'seats' }, seatsText(t)),
                h('div', { class: 'muted small' }, `host: ${t.host ?? '?'} · ${t.spectators} watching`),
                h('div', { class: 'row' },
                    t.phase === 'waiting' && free
                        ? h('button', { class: 'primary join', onclick: () => this.client.join(t.id) }, 'Join') : null,
                    h('button', { class: 'watch', onclick: () => this.client.watch(t.id) }, 'Watch')));
        })));
    }
}
