// The lobby: your name, a quick game against bots, opening a table with options, and the list
// of tables to join or watch.

import { h, morph } from './dom.js';
import { formatNumber, language, t } from './i18n.js';
import { botLevel } from './players.js';
import { session } from './session.js';

const TIMERS = [0, 30, 60, 120, 300];
// The bot ladder, strongest first: the strong bot is the default, the others are easier.
export const BOT_LEVELS = ['strong', 'greedy', 'random'];

// A turn timer's label: "no timer", "30 s", "2 min" (Intl's units).
function timerLabel(seconds) {
    if (!seconds) return t('web.lobby.noTimer');
    const minutes = seconds >= 120 && seconds % 60 === 0;
    try {
        return new Intl.NumberFormat(language(), {
            style: 'unit',
            unit: minutes ? 'minute' : 'second',
            unitDisplay: 'short',
        }).format(minutes ? seconds / 60 : seconds);
    } catch {
        return String(seconds);
    }
}

// A table's options in words ("4 players, Spirits, 60 s turns, strong bots"), drawn here from
// its options (the server's `description` is in the connection's language only when sent).
export function tableDescription(table) {
    const o = table?.options;
    if (!o || !Number.isInteger(o.players)) return table?.description ?? '';
    const parts = [t('web.options.players', { count: o.players })];
    if (o.spirits) parts.push(t('web.options.spirits'));
    if (o.diamond_joe) parts.push(t('web.options.joe'));
    if (o.memory) parts.push(t('web.options.memory'));
    if (o.tie_break) parts.push(t('web.options.tieBreak'));
    if (o.turn_seconds > 0) parts.push(t('web.options.timer', { seconds: o.turn_seconds }));
    if (BOT_LEVELS.includes(o.bots)) parts.push(t('web.options.bots', { level: o.bots }));
    return parts.join(t('web.options.separator'));
}

export function levelSelect(attrs, chosen = 'strong') {
    return h(
        'select',
        attrs,
        BOT_LEVELS.map((value) =>
            h(
                'option',
                { value, selected: value === chosen },
                t('web.lobby.level', { level: value }),
            ),
        ),
    );
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
        if (!seat.name)
            return h('span', { class: 'seat free' }, t('web.lobby.seatFree', { n: seat.seat + 1 }));
        const flag = seat.bot ? botLevel(seat.level) : seat.online === false ? 'offline' : 'no';
        return h(
            'span',
            { class: 'seat' },
            t('web.lobby.seat', { n: seat.seat + 1, name: seat.name, flag }),
        );
    });
}

export class LobbyView {
    constructor(container, client) {
        this.container = container;
        this.client = client;
        this.build();
    }

    // (Again when the page's language changes: every word is drawn anew.)
    build() {
        const client = this.client;
        this.lastTables = null;
        this.shownName = undefined;
        this.shownAccount = undefined;
        this.nameInput = h('input', {
            id: 'name-input',
            name: 'name',
            // Letters and digits of any script (protocol/names.hpp): the server counts the 24
            // characters as readers do and says why it refuses one; maxlength counts UTF-16
            // units, which a name with accents written apart or in another plane needs more of.
            maxlength: 120,
            autocomplete: 'nickname',
            pattern: '[\\p{L}\\p{M}\\p{Nd}_.\\-]+',
            title: t('web.lobby.nameHint'),
            required: true,
        });
        const nameForm = h(
            'form',
            {
                class: 'row',
                id: 'name-form',
                onsubmit: (e) => {
                    e.preventDefault();
                    // Sent: the server's answer (the name, or the one it gives instead) shows.
                    this.shownName = this.nameInput.value;
                    client.setName(this.nameInput.value.trim());
                },
            },
            h('label', { for: 'name-input' }, t('web.lobby.name')),
            this.nameInput,
            h('button', { type: 'submit' }, t('web.lobby.setName')),
        );

        this.resumeBox = h('div', { class: 'resume' });
        // The account: a guest registers the name in the box, or logs in to one; logged in,
        // the account's name and "Log out". The password goes to the server and nowhere else
        // (the box is emptied once sent).
        this.passwordInput = h('input', {
            id: 'password-input',
            type: 'password',
            name: 'password',
            autocomplete: 'current-password',
            minlength: 8,
            maxlength: 128,
        });
        const sendPassword = (register) => {
            const name = this.nameInput.value.trim();
            const password = this.passwordInput.value;
            this.passwordInput.value = '';
            if (register) {
                if (name && name !== client.store.state.me.name) client.setName(name);
                client.register(password);
            } else {
                client.login(name, password);
            }
        };
        this.accountForm = h(
            'form',
            {
                class: 'row account-form',
                id: 'account-form',
                onsubmit: (e) => {
                    e.preventDefault();
                    sendPassword(false);
                },
            },
            h('label', { for: 'password-input' }, t('web.lobby.password')),
            this.passwordInput,
            h('button', { type: 'submit', id: 'login' }, t('web.lobby.login')),
            h(
                'button',
                { type: 'button', id: 'register', onclick: () => sendPassword(true) },
                t('web.lobby.register'),
            ),
        );
        this.accountBox = h('div', { class: 'account' });
        // Logged in: a code from the chat bridge (!link) links that chat identity here.
        this.linkInput = h('input', {
            id: 'link-code',
            name: 'link-code',
            autocomplete: 'off',
            maxlength: 16,
            placeholder: 'ABCD-EFGH',
        });
        this.linkForm = h(
            'form',
            {
                class: 'row link-form',
                id: 'link-form',
                onsubmit: (e) => {
                    e.preventDefault();
                    const code = this.linkInput.value.trim();
                    this.linkInput.value = '';
                    if (code) client.linkChat(code);
                },
            },
            h('label', { for: 'link-code' }, t('web.lobby.linkChat')),
            this.linkInput,
            h('button', { type: 'submit', id: 'link' }, t('web.lobby.link')),
        );

        const quickPlayers = h(
            'select',
            { id: 'quick-players', 'aria-label': t('web.lobby.playersLabel') },
            [3, 4, 5].map((n) => h('option', { value: n }, t('web.lobby.players', { count: n }))),
        );
        const quickLevel = levelSelect({
            id: 'quick-level',
            'aria-label': t('web.lobby.botsLabel'),
        });
        // The expansion and Diamond Joe for a quick game, as this browser chose them last.
        const remembered = quickChoices();
        const quickSpirits = h('input', {
            type: 'checkbox',
            id: 'quick-spirits',
            checked: remembered.spirits,
        });
        const quickJoe = h('input', {
            type: 'checkbox',
            id: 'quick-joe',
            checked: remembered.diamond_joe,
        });
        const remember = () =>
            saveQuickChoices({ spirits: quickSpirits.checked, diamond_joe: quickJoe.checked });
        quickSpirits.addEventListener('change', remember);
        quickJoe.addEventListener('change', remember);
        const quick = h(
            'div',
            { class: 'quick-game' },
            h('p', {}, t('web.lobby.quickIntro')),
            h('div', { class: 'row' }, quickPlayers, quickLevel),
            h(
                'div',
                { class: 'row flags' },
                h('label', { for: 'quick-spirits' }, quickSpirits, ` ${t('web.lobby.spirits')}`),
                h('label', { for: 'quick-joe' }, quickJoe, ` ${t('web.lobby.joe')}`),
            ),
            h(
                'div',
                { class: 'row' },
                h(
                    'button',
                    {
                        class: 'primary',
                        id: 'quick-game',
                        onclick: () =>
                            client.quickGame({
                                players: Number(quickPlayers.value),
                                bots: quickLevel.value,
                                spirits: quickSpirits.checked,
                                diamond_joe: quickJoe.checked,
                            }),
                    },
                    t('web.lobby.quick'),
                ),
            ),
        );

        const field = (id, label, input) =>
            h('label', { class: 'field', for: id }, h('span', {}, label), input);
        this.players = h(
            'select',
            { id: 'opt-players', name: 'players' },
            [3, 4, 5, 6].map((n) =>
                h(
                    'option',
                    { value: n, selected: n === 4 },
                    n === 6 ? t('web.lobby.sixPlayers', { n }) : formatNumber(n),
                ),
            ),
        );
        this.spirits = h('input', { type: 'checkbox', id: 'opt-spirits', name: 'spirits' });
        this.joe = h('input', { type: 'checkbox', id: 'opt-joe', name: 'diamond_joe' });
        this.memory = h('input', { type: 'checkbox', id: 'opt-memory', name: 'memory' });
        this.tieBreak = h('input', { type: 'checkbox', id: 'opt-tiebreak', name: 'tie_break' });
        // The level of the bots the host adds, and of those that stand in for players who drop.
        this.bots = levelSelect({ id: 'opt-bots', name: 'bots' });
        this.timer = h(
            'select',
            { id: 'opt-timer', name: 'turn_seconds' },
            TIMERS.map((v) => h('option', { value: v }, timerLabel(v))),
        );
        this.seed = h('input', {
            id: 'opt-seed',
            name: 'seed',
            type: 'number',
            min: 1,
            step: 1,
            inputmode: 'numeric',
            placeholder: t('web.lobby.seedPlaceholder'),
            title: t('web.lobby.seedHint'),
        });
        // Six players need the expansion's pieces (R10.1).
        this.players.addEventListener('change', () => {
            if (this.players.value === '6') this.spirits.checked = true;
        });
        this.spirits.addEventListener('change', () => {
            if (!this.spirits.checked && this.players.value === '6') this.players.value = '5';
        });
        const create = h(
            'form',
            {
                class: 'create',
                id: 'create-form',
                onsubmit: (e) => {
                    e.preventDefault();
                    client.newTable(this.options());
                },
            },
            h('h2', {}, t('web.lobby.openTitle')),
            h(
                'div',
                { class: 'fields' },
                field('opt-players', t('web.lobby.optPlayers'), this.players),
                field('opt-timer', t('web.lobby.optTimer'), this.timer),
                field('opt-bots', t('web.lobby.optBots'), this.bots),
                field('opt-seed', t('web.lobby.optSeed'), this.seed),
            ),
            h(
                'div',
                { class: 'flags' },
                h('label', {}, this.spirits, ` ${t('web.lobby.spirits')}`),
                h('label', {}, this.joe, ` ${t('web.lobby.joe')}`),
                h('label', {}, this.memory, ` ${t('web.lobby.memory')}`),
                h('label', {}, this.tieBreak, ` ${t('web.lobby.tieBreak')}`),
            ),
            h(
                'button',
                { type: 'submit', class: 'primary', id: 'create-table' },
                t('web.lobby.open'),
            ),
            h('p', { class: 'muted small' }, t('web.lobby.openHint')),
        );

        this.tableList = h('div', { class: 'table-list', id: 'table-list' });
        const tables = h(
            'section',
            { class: 'tables' },
            h(
                'div',
                { class: 'row spread' },
                h('h2', {}, t('web.lobby.tables')),
                h(
                    'button',
                    { onclick: () => client.listTables(), title: t('web.lobby.refreshHint') },
                    t('web.lobby.refresh'),
                ),
            ),
            this.tableList,
            // Finished games leave this list; their replays stay (replay.html lists the latest).
            h(
                'p',
                { class: 'small' },
                h('a', { id: 'replays-link', href: 'replay.html' }, t('web.lobby.replays')),
            ),
        );

        this.container.replaceChildren(
            h(
                'section',
                { class: 'panel welcome' },
                h('h2', {}, t('web.lobby.welcome')),
                nameForm,
                this.accountBox,
                this.resumeBox,
                quick,
            ),
            h('section', { class: 'panel' }, create),
            h('section', { class: 'panel' }, tables),
        );
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
            ...(Number.isSafeInteger(Number(this.seed.value)) && Number(this.seed.value) > 0
                ? { seed: Number(this.seed.value) }
                : {}),
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
        const account = state.me.account;
        if (account !== this.shownAccount) {
            this.shownAccount = account;
            this.nameInput.disabled = !!account;
            this.accountBox.replaceChildren(
                account
                    ? h(
                          'p',
                          { class: 'row', id: 'logged-in' },
                          `${t('web.lobby.loggedIn', { name: account })} `,
                          h(
                              'a',
                              { href: `players/${encodeURIComponent(account)}` },
                              t('web.lobby.myPage'),
                          ),
                          ' ',
                          h(
                              'button',
                              { id: 'logout', onclick: () => this.client.logout() },
                              t('web.lobby.logout'),
                          ),
                      )
                    : this.accountForm,
                ...(account ? [this.linkForm] : []),
            );
        }
        const last = session.lastSeat();
        morph(
            this.resumeBox,
            last?.token && !state.table
                ? h(
                      'p',
                      {},
                      `${t('web.lobby.haveSeat', { table: String(last.table) })} `,
                      h(
                          'button',
                          {
                              class: 'primary',
                              id: 'resume-seat',
                              onclick: () => this.client.resume(last.token),
                          },
                          t('web.lobby.resume'),
                      ),
                      ' ',
                      h(
                          'button',
                          {
                              onclick: () => {
                                  session.forgetSeat();
                                  this.render(state);
                              },
                          },
                          t('web.lobby.forget'),
                      ),
                  )
                : '',
        );
        const key = JSON.stringify(state.tables);
        if (key === this.lastTables) return;
        this.lastTables = key;
        if (!state.tables.length) {
            morph(this.tableList, h('p', { class: 'muted' }, t('web.lobby.noTables')));
            return;
        }
        const tr = t; // (the loop's `t` is a table)
        morph(
            this.tableList,
            h(
                'ul',
                {},
                state.tables.map((t) => {
                    const free = t.seats.some((seat) => !seat.name);
                    return h(
                        'li',
                        { class: 'table-row', dataset: { table: t.id } },
                        h(
                            'div',
                            { class: 'table-title' },
                            h('strong', {}, `#${t.id}`),
                            ` ${tableDescription(t)}`,
                            h(
                                'span',
                                { class: `phase phase-${t.phase}` },
                                tr('web.lobby.phase', { phase: t.phase }),
                            ),
                        ),
                        h('div', { class: 'seats' }, seatsText(t)),
                        h(
                            'div',
                            { class: 'muted small' },
                            tr('web.lobby.hostWatching', {
                                host: t.host ?? '?',
                                count: t.spectators ?? 0,
                            }),
                        ),
                        h(
                            'div',
                            { class: 'row' },
                            t.phase === 'waiting' && free
                                ? h(
                                      'button',
                                      {
                                          class: 'primary join',
                                          onclick: () => this.client.join(t.id),
                                      },
                                      tr('web.lobby.join'),
                                  )
                                : null,
                            h(
                                'button',
                                { class: 'watch', onclick: () => this.client.watch(t.id) },
                                tr('web.lobby.watch'),
                            ),
                        ),
                    );
                }),
            ),
        );
    }
}
