// The game log in plain language (the server's `event` lines), chat, and the server's other
// messages; and the chat box, which also takes /commands (sent as typed).

import { seatInk } from './colours.js';
import { h } from './dom.js';
import { tableOf } from './store.js';

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
        parts.push(h('span', { class: 'who', style: `color:${seatInk(seat)}`, title: `seat ${seat + 1}` }, name));
        last = match.index + match[0].length;
    }
    parts.push(line.slice(last));
    return parts;
}

function entryElement(entry, state) {
    switch (entry.kind) {
        case 'event':
            return h('li', { class: 'event' }, entry.lines.map((line) => h('div', {}, withNames(line, state))));
        case 'chat':
            return h('li', { class: 'chat' }, h('strong', {}, `${entry.from}${entry.lobby ? ' (lobby)' : ''}: `), entry.text);
        case 'error':
            return h('li', { class: 'error' }, `⚠ ${entry.text}`);
        case 'help':
            return h('li', { class: 'help' }, h('pre', {}, entry.lines.join('\n')));
        default:
            return h('li', { class: `info${entry.important ? ' important' : ''}` }, entry.text);
    }
}

export class LogView {
    constructor(container, client) {
        this.client = client;
        this.list = h('ol', { class: 'log', id: 'log', 'aria-live': 'polite', 'aria-label': 'game log and chat' });
        this.input = h('input', {
            id: 'chat-input', name: 'chat', autocomplete: 'off', maxlength: 500,
            placeholder: 'Chat, or a /command such as /help',
            'aria-label': 'chat message or /command',
        });
        const form = h('form', {
            class: 'chat-form', id: 'chat-form',
            onsubmit: (e) => {
                e.preventDefault();
                if (!this.input.value.trim()) return;
                client.chat(this.input.value);
                this.input.value = '';
            },
        }, this.input, h('button', { type: 'submit' }, 'Send'));
        container.replaceChildren(h('h2', { class: 'log-title' }, 'Log and chat'), this.list, form);
        this.shown = null;  // the last entry on screen
    }

    render(state) {
        const log = state.log;
        const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
        if (this.epoch !== state.logEpoch) {  // rewritten (the table's history came): draw again
            this.epoch = state.logEpoch;
            this.shown = null;
            this.list.replaceChildren();
        }
        let start = this.shown ? log.indexOf(this.shown) + 1 : 0;
        if (this.shown && start === 0) {  // the oldest entries were dropped: draw again
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
