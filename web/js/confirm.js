// A small modal question ("Leave the game?") answered by mouse or keyboard: focus starts on
// the safe answer, Tab stays inside, Escape (or a click beside the box) cancels, and focus goes
// back where it was. Resolves true for the confirming answer. `also` ({ id, label }) adds a
// third answer (e.g. "Concede the game"), resolved as its id.

import { h } from './dom.js';

export function confirmDialog({ title, text, confirm, cancel, id = 'confirm', also = null }) {
    return new Promise((resolve) => {
        const before = document.activeElement;
        const no = h('button', { type: 'button', id: `${id}-cancel` }, cancel);
        const yes = h('button', { type: 'button', class: 'danger', id: `${id}-ok` }, confirm);
        const other = also
            ? h('button', { type: 'button', class: 'danger', id: `${id}-${also.id}` }, also.label)
            : null;
        const buttons = [no, yes, other].filter(Boolean);
        const box = h(
            'div',
            {
                class: 'confirm-box',
                role: 'alertdialog',
                'aria-modal': 'true',
                'aria-labelledby': `${id}-title`,
                'aria-describedby': `${id}-text`,
            },
            h('h2', { id: `${id}-title` }, title),
            h('p', { id: `${id}-text` }, text),
            h('div', { class: 'row' }, ...buttons),
        );
        const overlay = h('div', { class: 'confirm', id }, box);
        const done = (answer) => {
            document.removeEventListener('keydown', onKey, true);
            overlay.remove();
            if (before && document.contains(before)) before.focus();
            resolve(answer);
        };
        const onKey = (e) => {
            if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation(); // the page's own Escape (closing the chooser) waits
                done(false);
            } else if (e.key === 'Tab') {
                // the buttons, round and round
                e.preventDefault();
                const at = buttons.indexOf(document.activeElement);
                buttons[(at + (e.shiftKey ? buttons.length - 1 : 1)) % buttons.length].focus();
            }
        };
        no.onclick = () => done(false);
        yes.onclick = () => done(true);
        if (other) other.onclick = () => done(also.id);
        overlay.onclick = (e) => {
            if (e.target === overlay) done(false);
        };
        document.addEventListener('keydown', onKey, true);
        document.body.append(overlay);
        no.focus();
    });
}
