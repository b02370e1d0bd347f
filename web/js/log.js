// The game log in plain language (the server's `event` lines), chat, and the server's other
// messages; and the chat box, which also takes /commands (sent as typed).

import { seatInk } from './colours.js';
import { h } from './dom.js';
import { language, t, tServer } from './i18n.js';
import { linkRules } from './rule_links.js';
import { tableOf } from './store.js';

// A player's name in the seat's colour.
export function nameSpan(seat, name) {
    return h(
        'span',
        {
            class: 'who',
            style: `color:${seatInk(seat)}`,
            title: t('web.seat.lower', { n: seat + 1 }),
        },
        name,
    );
}

// An event line from its text ({key, args}) in the page's language, seats named; else (a
// server that sends no texts) the line as sent, "Seat 2" replaced by the name.
export function eventLine(line, text, state) {
    const seats = tableOf(state)?.seats;
    const parts = tServer(text, {
        seat: (n) => (seats?.[n]?.name ? nameSpan(n, seats[n].name) : null),
    });
    return parts ?? withNames(line, state);
}

// Why the server decided for a seat: "(timeout)", "(bot for bob)".
function causeText(cause) {
    if (!cause) return '';
    const own = cause.key ? tServer(cause.key) : null;
    if (own) return t('web.log.cause', { cause: own.join('') });
    const bot = /^bot for (.+)$/.exec(cause.text);
    if (cause.text === 'timeout') return t('web.log.cause', { cause: t('web.log.timeout') });
    if (bot) return t('web.log.cause', { cause: t('web.log.botFor', { name: bot[1] }) });
    return t('web.log.cause', { cause: cause.text });
}

// "Seat 2 reveals 4." -> "bob reveals 4." with the name in the seat's colour.
function withNames(line, state) {
    const seats = tableOf(state)?.seats;
    if (!seats) return [line];
    const parts = [];
    let last = 0;
    for (const match of line.matchAll(/\b[Ss]eat (\d)\b/g)) {
        const seat = Number(match[1]) - 1;
        const name = seats[seat]?.name;
        if (!name) continue;
        parts.push(line.slice(last, match.index));
        parts.push(nameSpan(seat, name));
        last = match.index + match[0].length;
    }
    parts.push(line.slice(last));
    return parts;
}

// A server text in the page's language: as sent, or (sent in another language, before a
// switch) rendered here from its key, seats named.
function serverText(entry, state) {
    if (!entry.key || !entry.lang || entry.lang === language()) return entry.text;
    const seats = tableOf(state)?.seats;
    return (
        tServer(
            { key: entry.key, args: entry.args },
            { seat: (n) => seats?.[n]?.name ?? null },
        )?.join('') ?? entry.text
    );
}

function entryElement(entry, state) {
    switch (entry.kind) {
        case 'event':
            return h(
                'li',
                { class: 'event' },
                entry.lines.map((line, i) =>
                    h(
                        'div',
                        {},
                        i === 0 && entry.cause ? `${causeText(entry.cause)} ` : '',
                        eventLine(line, entry.texts?.[i], state),
                    ),
                ),
            );
        case 'chat':
            return h(
                'li',
                { class: 'chat' },
                h(
                    'strong',
                    {},
                    entry.lobby
                        ? t('web.log.fromLobby', { name: entry.from })
                        : t('web.log.from', { name: entry.from }),
                ),
                entry.text,
            );
        case 'error':
            return h('li', { class: 'error' }, '⚠ ', linkRules(serverText(entry, state))); // (R4.4): a link to the rule
        case 'help':
            return h('li', { class: 'help' }, h('pre', {}, entry.lines.join('\n')));
        default:
            return h(
                'li',
                { class: `info${entry.important ? ' important' : ''}` },
                serverText(entry, state),
            );
    }
}

export class LogView {
    constructor(container, client) {
        this.client = client;
        this.list = h('ol', {
            class: 'log',
            id: 'log',
            'aria-live': 'polite',
            'aria-label': t('web.log.label'),
        });
        this.input = h('input', {
            id: 'chat-input',
            name: 'chat',
            autocomplete: 'off',
            maxlength: 500,
            placeholder: t('web.log.placeholder'),
            'aria-label': t('web.log.inputLabel'),
        });
        const form = h(
            'form',
            {
                class: 'chat-form',
                id: 'chat-form',
                onsubmit: (e) => {
                    e.preventDefault();
                    if (!this.input.value.trim()) return;
                    client.chat(this.input.value);
                    this.input.value = '';
                },
            },
            this.input,
            (this.sendButton = h('button', { type: 'submit' }, t('web.log.send'))),
        );
        this.title = h('h2', { class: 'log-title' }, t('web.log.title'));
        container.replaceChildren(this.title, this.list, form);
        this.shown = null; // the last entry on screen
    }

    // The page's language changed: its own words, and every line drawn again (event lines
    // follow the language; the server's other texts stay as they were sent).
    relabel() {
        this.list.setAttribute('aria-label', t('web.log.label'));
        this.input.placeholder = t('web.log.placeholder');
        this.input.setAttribute('aria-label', t('web.log.inputLabel'));
        this.sendButton.textContent = t('web.log.send');
        this.title.textContent = t('web.log.title');
        this.shown = null;
        this.list.replaceChildren();
    }

    render(state) {
        const log = state.log;
        const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
        if (this.epoch !== state.logEpoch) {
            // rewritten (the table's history came): draw again
            this.epoch = state.logEpoch;
            this.shown = null;
            this.list.replaceChildren();
        }
        let start = this.shown ? log.indexOf(this.shown) + 1 : 0;
        if (this.shown && start === 0) {
            // the oldest entries were dropped: draw again
            this.list.replaceChildren();
            start = 0;
        }
        if (start >= log.length) return;
        for (const entry of log.slice(start)) this.list.append(entryElement(entry, state));
        while (this.list.children.length > log.length) this.list.firstChild.remove();
        this.shown = log[log.length - 1];
        if (atBottom || start === 0) this.list.scrollTop = this.list.scrollHeight;
    }
}
