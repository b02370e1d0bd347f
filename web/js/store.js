// The client's whole state in one plain object, and who to tell when it changes.
// Everything the page shows is drawn from here; only client.js changes it.

import { t } from './i18n.js';

export function initialState() {
    return {
        status: 'connecting', // the WebSocket: connecting, open, closed
        retryMs: 0, // when closed: the wait before the next try
        me: { name: null, connection: null, account: null },
        tables: [], // the lobby's list (from `tables`)
        table: null, // {id, seat (0-based, null when watching), token, watching}
        resuming: false, // a /resume is on its way
        version: null, // the view's version, for patches
        view: null, // {table, game, seat}: the server's view of our table
        prompt: null, // the open `prompt` (our decision), or null
        promptSeq: 0, // counts prompts, so a new one is told from an old one
        hint: null, // the strong bot's choice asked for (/hint): { seq, pending, action, move }
        pending: null, // the action text sent and not answered yet
        chosen: null, // our secret card this round
        timers: {}, // seat -> the time (ms since the epoch) its clock runs out
        result: null, // the `ended` result
        log: [], // {kind: event|chat|info|error|help, ...}
        notice: null, // {kind: error|info, text, at}: the banner
        turnTold: null, // "table:round" of the phase II turn of ours last told (notices.js)
        flow: null, // {seq, steps, fork}: a river movement to animate
        quick: null, // {bots}: fill the table we open with bots and start it
        again: null, // {table, name, from}: someone opened a table to play again
        logEpoch: 0, // bumped when the log is rewritten (not only added to)
        ui: { selected: null, chooser: null }, // the canoe picked on the board; the open chooser
    };
}

export class Store {
    constructor() {
        this.state = initialState();
        this.listeners = [];
    }

    subscribe(listener) {
        this.listeners.push(listener);
    }

    // Changes the state with fn(state) and tells every listener.
    update(fn) {
        fn(this.state);
        for (const listener of this.listeners) listener(this.state);
    }
}

const LOG_LIMIT = 400;

export function addLog(state, entry) {
    state.log.push({ ...entry, at: Date.now() });
    if (state.log.length > LOG_LIMIT) state.log.splice(0, state.log.length - LOG_LIMIT);
}

// The table's lines as the server keeps them (`history`), in place of this page's lines of
// that table: after a reload there were none, after a reconnection some were missed.
export function replaceTableLog(state, table, entries) {
    let at = state.log.findIndex((e) => e.table === table);
    if (at < 0) at = state.log.length;
    const now = Date.now();
    const kept = state.log.filter((e) => e.table !== table);
    const before = kept.slice(0, state.log.slice(0, at).filter((e) => e.table !== table).length);
    const after = kept.slice(before.length);
    state.log = [
        ...before,
        ...entries.map((e) => ({ ...e, table, at: now, history: true })),
        ...after,
    ];
    if (state.log.length > LOG_LIMIT) state.log.splice(0, state.log.length - LOG_LIMIT);
    state.logEpoch += 1;
}

// The engine's game view inside the server's view (the server sends {table, game, seat}).
export function gameOf(state) {
    const view = state.view;
    if (!view) return null;
    if (Object.hasOwn(view, 'game')) return view.game;
    return Object.hasOwn(view, 'phase') ? view : null;
}

export function tableOf(state) {
    return state.view?.table ?? null;
}

// "alice", "bot-2", or "seat 3" when the name is unknown.
export function seatName(state, seat) {
    const name = tableOf(state)?.seats?.[seat]?.name;
    return name || t('web.seat.lower', { n: seat + 1 });
}

export function mySeat(state) {
    const game = gameOf(state);
    if (game && game.you !== null && game.you !== undefined) return game.you;
    return state.table?.seat ?? null;
}
