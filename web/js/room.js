// The table before the game (seats, bots, start) and after it (the winners).

import { seatColour } from './colours.js';
import { h, morph } from './dom.js';
import { GEM_COLOURS } from './describe.js';
import { t } from './i18n.js';
import { botLevel } from './players.js';
import { progressText, winningProgress } from './collections.js';
import { levelSelect, tableDescription } from './lobby.js';
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
        const levels = levelSelect(
            {
                id: 'bot-level',
                'aria-label': t('web.room.botLevel'),
                onchange: (e) => {
                    this.botLevel = e.target.value;
                },
            },
            level,
        );
        morph(
            this.container,
            h(
                'h2',
                {},
                t('web.room.title', {
                    table: String(table.id),
                    description: tableDescription(table),
                }),
            ),
            h(
                'ol',
                { class: 'waiting-seats' },
                table.seats.map((s) =>
                    h(
                        'li',
                        { dataset: { seat: s.seat } },
                        h('span', { class: 'swatch', style: `background:${seatColour(s.seat)}` }),
                        s.name
                            ? t('web.room.seat', {
                                  name: s.name,
                                  bot: s.bot ? botLevel(s.level) : 'no',
                                  you: s.seat === me ? 'yes' : 'no',
                                  host: s.name === table.host ? 'yes' : 'no',
                              })
                            : h('span', { class: 'muted' }, t('web.room.free')),
                    ),
                ),
            ),
            host
                ? h(
                      'div',
                      { class: 'row' },
                      levels,
                      h(
                          'button',
                          {
                              id: 'add-bot',
                              disabled: free === 0,
                              onclick: () => this.client.addBot(this.botLevel ?? level),
                          },
                          t('web.room.addBot'),
                      ),
                      h(
                          'button',
                          {
                              id: 'start-game',
                              class: 'primary',
                              disabled: seated < 3,
                              onclick: () => this.client.startGame(),
                          },
                          seated < 3
                              ? t('web.room.startNeeds', { count: 3 - seated })
                              : t('web.room.start'),
                      ),
                  )
                : h(
                      'p',
                      {},
                      me === null || me === undefined
                          ? t('web.room.watching')
                          : t('web.room.waitingHost', {
                                host: table.host ?? '?',
                                table: String(table.id),
                            }),
                  ),
            h('p', { class: 'muted small' }, t('web.room.emptySeats')),
            h(
                'button',
                { id: 'leave-table', onclick: () => this.client.leave() },
                t('web.room.leave'),
            ),
        );
    }
}

// "2 violet, 1 red" (or "no gems"): a final collection in words.
export function collectionText(gems) {
    const parts = GEM_COLOURS.filter((g) => gems?.[g]).map((g) =>
        t('web.result.gems', { count: gems[g], colour: g }),
    );
    return parts.length ? parts.join(', ') : t('web.result.noGems');
}

export class ResultBanner {
    constructor(container, client) {
        this.container = container;
        this.client = client;
    }

    render(state) {
        const game = gameOf(state);
        const result =
            state.result ??
            (game?.phase === 'over'
                ? { winners: game.winners, collections: null, rounds: game.round }
                : null);
        if (!result) {
            this.container.hidden = true;
            morph(this.container);
            return;
        }
        this.container.hidden = false;
        const me = mySeat(state);
        const winners = result.winners || [];
        const title = result.abandoned
            ? t(result.conceded?.length ? 'web.result.allConceded' : 'web.result.abandoned')
            : winners.includes(me)
              ? t('web.result.youWin')
              : winners.length
                ? t('web.result.wins', {
                      names: winners.map((w) => seatName(state, w)),
                      count: winners.length,
                  })
                : t('web.result.over');
        const rows = (result.collections || []).map((c) =>
            h(
                'li',
                { class: c.winning ? 'winning' : '' },
                h('span', { class: 'swatch', style: `background:${seatColour(c.seat)}` }),
                `${seatName(state, c.seat)}: `,
                collectionText(c.gems),
                ` — ${progressText(winningProgress(c.gems))}${result.tie_break ? t('web.result.value', { value: c.value }) : ''}`,
            ),
        );
        morph(
            this.container,
            h('h2', { id: 'result-title' }, title),
            h('p', {}, t('web.result.rounds', { count: result.rounds })),
            rows.length ? h('ul', { class: 'results' }, rows) : null,
            this.replayLink(state),
            h(
                'button',
                { class: 'primary', id: 'back-to-lobby', onclick: () => this.client.leave() },
                t('web.result.lobby'),
            ),
            this.againRow(state),
        );
    }

    // The finished game, move by move (replay.html), in a tab of its own: this one keeps the
    // table. Only once `ended` came (the record is stored before it is sent); an abandoned
    // game keeps no record to replay, unless everyone conceded (then it is stored, R9.4).
    replayLink(state) {
        const id = state.table?.id ?? tableOf(state)?.id;
        const stored = state.result && (!state.result.abandoned || state.result.conceded?.length);
        if (!stored || id === undefined || id === null) return null;
        return h(
            'p',
            { class: 'replay-link' },
            h(
                'a',
                {
                    id: 'watch-replay',
                    href: `replay.html?game=${encodeURIComponent(id)}`,
                    target: '_blank',
                    rel: 'noopener',
                },
                t('web.result.replay'),
            ),
            h('span', { class: 'muted small' }, ` — ${t('web.result.replayHint')}`),
        );
    }

    // "Play again": the first player to click opens a table with the same options and bots;
    // the others see who did and join it with one click.
    againRow(state) {
        const table = state.table;
        if (!table || table.watching) return null;
        const offer = state.again && state.again.from === table.id ? state.again : null;
        return h(
            'div',
            { class: 'row again' },
            offer
                ? h(
                      'button',
                      {
                          class: 'primary',
                          id: 'join-again',
                          onclick: () => this.client.join(offer.table),
                      },
                      t('web.result.joinAgain', { name: offer.name, table: String(offer.table) }),
                  )
                : h(
                      'button',
                      { id: 'play-again', onclick: () => this.client.again(table.id) },
                      t('web.result.again'),
                  ),
            h(
                'span',
                { class: 'muted small' },
                offer ? t('web.result.joinAgainHint') : t('web.result.againHint'),
            ),
        );
    }
}
