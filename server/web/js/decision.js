// The player's side of the game: what is asked of us now, our hand, and the buttons for every
// legal action of the server's prompt (the board offers the same canoe moves by clicking).

import { h, morph } from './dom.js';
import { canoeName, cardName, describeAction, destinationName } from './describe.js';
import { gameOf, mySeat, seatName } from './store.js';

const CARD_ORDER = ['1', '2', '3', '4', '5', '6', '7', '1/2/3', 'cloud', 'lasso'];

function cardLabel(card) {
    if (card === 'cloud') return '☁';
    return card;
}

function names(state, game) {
    return game.seats.map((_, i) => seatName(state, i));
}

// One line on what is going on, from our point of view.
export function situation(state, game, me) {
    if (game.phase === 'over') return 'The game is over.';
    const acting = game.acting || [];
    const waitingFor = acting.filter((i) => i !== me).map((i) => seatName(state, i));
    if (game.phase === 'choose') {
        if (me !== null && acting.includes(me)) return 'Phase I: choose a card for this round. Nobody sees it until your turn.';
        if (me !== null) return `You chose ${cardName(state.chosen ?? game.seats[me].chosen ?? '?')}. Waiting for ${waitingFor.join(', ') || 'the others'} to choose.`;
        return `Phase I: players choose their cards (${waitingFor.join(', ')}).`;
    }
    const turn = game.turn;
    if (!turn) return '';
    const card = cardName(turn.card);
    if (turn.seat === me) {
        switch (turn.stage) {
            case 'cloud': return `Your turn with ${card}: move the cloud up or down.`;
            case 'elk': return 'Your turn: you may take the Hurried Elk onto a canoe at the brink.';
            case 'joe': return 'Your turn: you may make a deal with Diamond Joe.';
            default: {
                const must = (turn.must_move || []).map((k) => k + 1);
                const may = (turn.may_move || []).map((k) => k + 1);
                let text = `Your turn with ${card}:`;
                if (must.length) text += ` move canoe ${must.join(' and ')}.`;
                if (may.length && !must.length && turn.exactly_one)
                    text += ` move one canoe from land (${may.map((k) => `canoe ${k}`).join(' or ')}).`;
                else if (may.length) text += ` You may also move canoe ${may.join(' or ')}.`;
                if (!must.length && !may.length) text += ' nothing left to move.';
                return text;
            }
        }
    }
    return `${seatName(state, turn.seat)} plays ${card}.`;
}

export class DecisionPanel {
    constructor(container, { act, select, choose }) {
        this.container = container;
        this.act = act;
        this.select = select;
        this.choose = choose;
        this.allOpen = null;  // the player's choice for the list of all choices
    }

    render(state) {
        const game = gameOf(state);
        const root = this.container;
        if (!game) {
            morph(root);
            return;
        }
        const me = mySeat(state);
        const spirits = !!game.options?.spirits;
        const prompt = state.prompt;
        const online = state.status === 'open';
        const open = prompt && !state.pending && online;
        const actions = open ? prompt.actions : [];
        const context = { spirits, weather: game.weather, names: names(state, game) };
        const parts = [];
        const yourTurn = !!open;
        root.classList.toggle('your-turn', yourTurn);
        parts.push(h('h2', {}, yourTurn ? 'Your decision' : me === null ? 'Watching' : 'The game'));
        parts.push(h('p', { class: 'situation', 'aria-live': 'polite' }, situation(state, game, me)));
        if (state.pending) parts.push(h('p', { class: 'pending' }, `Sending “${state.pending}”…`));
        if (!online) parts.push(h('p', { class: 'pending' }, 'Connection lost: reconnecting, then your seat comes back…'));
        if (me !== null) parts.push(this.hand(state, game, me, actions));
        if (actions.length) {
            parts.push(this.quickActions(actions, context, state));
            parts.push(this.canoeChoices(state, game, actions, context));
            parts.push(this.allChoices(actions, context));
        }
        morph(root, ...parts.filter(Boolean));
    }

    hand(state, game, me, actions) {
        const seat = game.seats[me];
        const plays = new Map(actions.filter((a) => a.type === 'play').map((a) => [a.card, a]));
        const chosen = seat.chosen ?? state.chosen;
        const cards = [...(seat.hand || [])];
        if (chosen && !cards.includes(chosen) && !seat.revealed) cards.push(chosen);
        cards.sort((a, b) => CARD_ORDER.indexOf(a) - CARD_ORDER.indexOf(b));
        const buttons = cards.map((card) => {
            const action = plays.get(card);
            const isChosen = card === chosen && !seat.revealed;
            return h('button', {
                class: `card${action ? ' playable' : ''}${isChosen ? ' chosen' : ''}`,
                disabled: !action,
                dataset: { card },
                title: action ? `Play ${cardName(card)}` : isChosen ? 'Your chosen card (secret)' : cardName(card),
                onclick: () => action && this.act(action.text),
            }, h('span', { class: 'card-value' }, cardLabel(card)), isChosen ? h('span', { class: 'card-note' }, 'chosen') : null);
        });
        const discard = seat.discard?.length ? `Played: ${seat.discard.map(cardLabel).join(' ')}` : '';
        return h('div', { class: 'hand-area' },
            h('h3', {}, plays.size ? 'Your hand: tap a card to play it' : 'Your hand'),
            h('div', { class: 'hand' }, buttons.length ? buttons : h('span', { class: 'muted' }, 'no cards')),
            discard ? h('p', { class: 'muted small' }, discard) : null);
    }

    // The short decisions as big buttons: cloud, done, elk, fork, free canoe, Joe, buy-back.
    quickActions(actions, context) {
        const quick = actions.filter((a) => a.type !== 'play' && a.type !== 'move');
        if (!quick.length) return null;
        return h('div', { class: 'quick' }, quick.map((a) => h('button', {
            class: `action big action-${a.type}`,
            dataset: { text: a.text },
            onclick: () => this.act(a.text),
        }, describeAction(a, context))));
    }

    // Canoe moves: pick a canoe (also on the board), then where it goes.
    canoeChoices(state, game, actions, context) {
        const moves = actions.filter((a) => a.type === 'move');
        if (!moves.length) return null;
        const me = mySeat(state);
        const canoes = [...new Set(moves.map((a) => a.canoe))].sort();
        const selected = canoes.includes(state.ui.selected) ? state.ui.selected : null;
        const canoeButtons = canoes.map((k) => {
            const canoe = game.seats[me].canoes[k];
            const where = canoe.where === 'land' ? 'on land' : `at ${canoe.pos}`;
            const cargo = canoe.cargo?.length ? `, carrying ${canoe.cargo.join(' and ')}` : ', empty';
            return h('button', {
                class: `canoe-choice${k === selected ? ' selected' : ''}`,
                'aria-pressed': k === selected ? 'true' : 'false',
                dataset: { canoe: k },
                onclick: () => this.select(k === selected ? null : k),
            }, `${canoeName(k, context.spirits)} ${where}${cargo}`);
        });
        const parts = [h('h3', {}, 'Move a canoe: pick it here or on the board'), h('div', { class: 'choices' }, canoeButtons)];
        if (selected !== null) {
            const byDest = new Map();
            for (const a of moves.filter((m) => m.canoe === selected)) {
                if (!byDest.has(a.to)) byDest.set(a.to, []);
                byDest.get(a.to).push(a);
            }
            parts.push(h('h3', {}, 'Where to? (glowing on the board)'));
            parts.push(h('div', { class: 'choices' }, [...byDest].map(([to, list]) => h('button', {
                class: `dest-choice${to === 'falls' ? ' danger' : ''}`,
                dataset: { dest: to },
                onclick: () => this.choose(list),
            }, `→ ${destinationName(to)}${list.length > 1 ? ` (${list.length} ways)` : ''}`))));
        }
        return h('div', { class: 'canoe-moves' }, parts);
    }

    // Every legal action in plain words: the fallback that always works.
    allChoices(actions, context) {
        const list = h('ul', { class: 'all-choices' }, actions.map((a, i) => h('li', {},
            h('button', {
                class: 'action',
                dataset: { text: a.text, index: i, type: a.type, ...(a.to ? { to: a.to } : {}) },
                onclick: () => this.act(a.text),
            }, describeAction(a, context), h('code', {}, `/${a.text}`)))));
        // Open by default when short; then as the player left it.
        const open = this.allOpen ?? actions.length <= 12;
        // The handler reads the element it fires on: morph keeps the one already on the page.
        return h('details', {
            class: 'all',
            open: open || undefined,
            ontoggle: (e) => {
                this.allOpen = e.currentTarget.open;
            },
        }, h('summary', {}, `All ${actions.length} legal choices`), list);
    }
}
