// The player's side of the game: what is asked of us now, our hand, and the buttons for every
// legal action of the server's prompt (the board offers the same canoe moves by clicking).

import { h, morph } from './dom.js';
import {
    GEM_COLOURS,
    canoeArg,
    cardArg,
    cardLabel,
    describeAction,
    destinationName,
    gemArg,
    gemsArg,
    moveSteps,
    stepsText,
} from './describe.js';
import { language, t } from './i18n.js';
import { clockText } from './players.js';
import { goesOverFalls, riverPreview } from './preview.js';
import { gameOf, mySeat, seatName, tableOf } from './store.js';

const CARD_ORDER = ['1', '2', '3', '4', '5', '6', '7', '1/2/3', 'cloud', 'lasso'];

// What a card does, for its tooltip (RULES.md R4, R7.1, R10.5, R10.6).
export function cardHint(card) {
    switch (card) {
        case 'cloud':
            return t('web.hint.cloud');
        case 'lasso':
            return t('web.hint.lasso');
        case '1/2/3':
            return t('web.hint.oneTwoThree');
        default:
            return t('web.hint.number', { card: Number(card) });
    }
}

function capitalised(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}

// Where a canoe is, in words: "on land", "at T3".
function whereWords(canoe) {
    if (!canoe) return '';
    const where = ['land', 'lost', 'bank'].includes(canoe.where) ? canoe.where : 'river';
    return t('web.where.canoe', { where, pos: canoe.pos ?? '' });
}

// The colours of a collection after paying one gem of `colour` for a buy-back (R8.3), in words
// when the payment costs something that counts towards winning (R9.1).
export function buybackWarning(collection, colour) {
    const have = GEM_COLOURS.filter((c) => (collection?.[c] || 0) > 0);
    const count = collection?.[colour] || 0;
    const total = GEM_COLOURS.reduce((n, c) => n + (collection?.[c] || 0), 0);
    if (count === 1)
        return t('web.buyback.leavesColours', {
            gem: gemArg(colour),
            colours: have.length - 1,
            total: total - 1,
        });
    return t('web.buyback.leavesGems', { colour, count: count - 1, total: total - 1 });
}

// "a, b or c" in the page's language.
function orList(items) {
    try {
        return new Intl.ListFormat(language(), { type: 'disjunction' }).format(items);
    } catch {
        return items.join(', ');
    }
}

function names(state, game) {
    return game.seats.map((_, i) => seatName(state, i));
}

// One line on what is going on, from our point of view.
export function situation(state, game, me) {
    if (game.phase === 'over') return t('web.situation.over');
    const acting = game.acting || [];
    const waitingFor = acting.filter((i) => i !== me).map((i) => seatName(state, i));
    if (game.phase === 'choose') {
        if (me !== null && acting.includes(me)) return t('web.situation.chooseYours');
        if (me !== null) {
            const chosen = cardArg(state.chosen ?? game.seats[me].chosen ?? '?');
            return waitingFor.length
                ? t('web.situation.chose', { card: chosen, names: waitingFor })
                : t('web.situation.choseOthers', { card: chosen });
        }
        return t('web.situation.choosing', { names: waitingFor });
    }
    const turn = game.turn;
    if (!turn) return '';
    const card = cardArg(turn.card);
    if (turn.seat === me) {
        switch (turn.stage) {
            case 'cloud':
                return t('web.situation.cloud', { card });
            case 'elk':
                return t('web.situation.elk');
            case 'joe':
                return t('web.situation.joe');
            default: {
                const must = (turn.must_move || []).map((k) => k + 1);
                const may = (turn.may_move || []).map((k) => k + 1);
                const parts = [t('web.situation.turn', { card })];
                if (must.length) parts.push(t('web.situation.must', { canoes: must }));
                if (may.length && !must.length && turn.exactly_one) {
                    // With the 1/2/3 card the one canoe may be in the river (R10.6); without a
                    // canoe in the river it comes from land (R4.2).
                    const canoes = game.seats[me]?.canoes || [];
                    const named = orList(
                        may.map((k) =>
                            t('web.situation.canoeAt', { n: k, where: whereWords(canoes[k - 1]) }),
                        ),
                    );
                    const onLand = may.every((k) => canoes[k - 1]?.where === 'land');
                    parts.push(
                        turn.card === '1/2/3'
                            ? t('web.situation.oneOfThree', { named })
                            : onLand
                              ? t('web.situation.oneFromLand', { named })
                              : t('web.situation.oneCanoe', { named }),
                    );
                } else if (may.length)
                    parts.push(t('web.situation.may', { canoes: orList(may.map(String)) }));
                if (!must.length && !may.length) parts.push(t('web.situation.nothing'));
                return parts.join(' ');
            }
        }
    }
    return t('web.situation.plays', { name: seatName(state, turn.seat), card });
}

export class DecisionPanel {
    constructor(container, { act, select, choose, hint }) {
        this.container = container;
        this.act = act;
        this.select = select;
        this.choose = choose;
        this.hint = hint;
        this.allOpen = null; // the player's choice for the list of all choices
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
        const context = {
            spirits,
            weather: game.weather,
            names: names(state, game),
            whirlpool: game.whirlpool,
            joe: game.joe,
            canoes: me !== null ? game.seats[me]?.canoes : null,
        };
        const parts = [];
        const yourTurn = !!open;
        root.classList.toggle('your-turn', yourTurn);
        // Your own clock beside your decision (also in the players panel).
        const deadline = me !== null ? state.timers?.[me] : null;
        parts.push(
            h(
                'h2',
                { class: 'decision-title', tabindex: '-1' },
                t(
                    yourTurn
                        ? 'web.decision.yours'
                        : me === null
                          ? 'web.decision.watching'
                          : 'web.decision.game',
                ),
                deadline
                    ? h(
                          'span',
                          {
                              class: 'clock my-clock',
                              title: t('web.decision.clock'),
                              dataset: { deadline },
                          },
                          clockText(deadline),
                      )
                    : null,
            ),
        );
        parts.push(
            h('p', { class: 'situation', 'aria-live': 'polite' }, situation(state, game, me)),
        );
        if (state.pending)
            parts.push(
                h('p', { class: 'pending' }, t('web.decision.sending', { text: state.pending })),
            );
        if (!online) parts.push(h('p', { class: 'pending' }, t('web.decision.offline')));
        if (yourTurn && tableOf(state)?.hints) parts.push(this.hintArea(state, actions, context));
        if (me !== null) parts.push(this.hand(state, game, me, actions));
        if (actions.length) {
            parts.push(this.buyBack(state, game, me, actions, context));
            parts.push(this.quickActions(actions, context, state));
            parts.push(this.canoeChoices(state, game, actions, context));
            parts.push(this.allChoices(actions, context));
        }
        // A played card or a chosen move leaves the page (or is disabled): the focus stays in
        // the decision area rather than falling to the top of the page.
        const hadFocus = root.contains(document.activeElement) && document.activeElement !== root;
        morph(root, ...parts.filter(Boolean));
        const focused = document.activeElement;
        if (hadFocus && (!root.contains(focused) || focused.disabled || focused === document.body))
            root.querySelector('.decision-title')?.focus({ preventScroll: true });
    }

    // The strong bot's choice for this decision, when asked (/hint): only at a table whose
    // game is against bots and not rated (the table's `hints`). The hinted action is one of the
    // prompt's, described in the page's words.
    hintArea(state, actions, context) {
        const hint = state.hint?.seq === state.promptSeq ? state.hint : null;
        const action = hint?.action && actions.find((a) => a.text === hint.action.text);
        return h(
            'div',
            { class: 'hint-area' },
            h(
                'button',
                {
                    class: 'hint-button',
                    title: t('web.hint.buttonTitle'),
                    disabled: !!hint,
                    onclick: () => this.hint(),
                },
                t('web.hint.button'),
            ),
            hint?.pending ? h('span', { class: 'muted' }, t('web.hint.thinking')) : null,
            action
                ? h(
                      'p',
                      { class: 'hint-text', dataset: { text: action.text } },
                      t('web.hint.suggests', { move: describeAction(action, context) }),
                  )
                : null,
        );
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
            return h(
                'button',
                {
                    class: `card${action ? ' playable' : ''}${isChosen ? ' chosen' : ''}`,
                    disabled: !action,
                    dataset: { card },
                    title: action
                        ? t('web.hand.playHint', { hint: cardHint(card) })
                        : isChosen
                          ? t('web.hand.chosenHint', { hint: cardHint(card) })
                          : cardHint(card),
                    'aria-label': t(isChosen ? 'web.hand.labelChosen' : 'web.hand.label', {
                        card: card === 'cloud' ? { key: 'web.hand.cloudCard' } : cardArg(card),
                    }),
                    onclick: () => action && this.act(action.text),
                },
                h('span', { class: 'card-value', 'aria-hidden': 'true' }, cardLabel(card)),
                isChosen
                    ? h('span', { class: 'card-note', 'aria-hidden': 'true' }, t('web.hand.chosen'))
                    : null,
            );
        });
        const discard = seat.discard?.length
            ? t('web.hand.played', { cards: seat.discard.map(cardLabel).join(' ') })
            : '';
        return h(
            'div',
            { class: 'hand-area' },
            h('h3', {}, t(plays.size ? 'web.hand.titlePlay' : 'web.hand.title')),
            h(
                'div',
                { class: `hand${plays.size ? ' choosing' : ''}` },
                buttons.length ? buttons : h('span', { class: 'muted' }, t('web.hand.none')),
            ),
            discard ? h('p', { class: 'muted small' }, discard) : null,
        );
    }

    // The short decisions as big buttons: cloud, done, elk, fork, free canoe, Joe, buy-back.
    quickActions(actions, context) {
        const quick = actions.filter(
            (a) => a.type !== 'play' && a.type !== 'move' && a.type !== 'buyback',
        );
        if (!quick.length) return null;
        return h(
            'div',
            { class: 'quick' },
            quick.map((a) =>
                h(
                    'button',
                    {
                        class: `action big action-${a.type}`,
                        dataset: { text: a.text },
                        onclick: () => this.act(a.text),
                    },
                    describeAction(a, context),
                ),
            ),
        );
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
            const where = whereWords(
                canoe.where === 'land' ? canoe : { where: 'river', pos: canoe.pos },
            );
            const cargo = canoe.cargo?.length
                ? t('web.canoe.carrying', { gems: gemsArg(canoe.cargo) })
                : t('web.canoe.empty');
            return h(
                'button',
                {
                    class: `canoe-choice${k === selected ? ' selected' : ''}`,
                    'aria-pressed': k === selected ? 'true' : 'false',
                    dataset: { canoe: k },
                    onclick: () => this.select(k === selected ? null : k),
                },
                t('web.canoe.choice', { canoe: canoeArg(k, context.spirits), where, cargo }),
            );
        });
        const parts = [
            h('h3', {}, t('web.decision.moveTitle')),
            h('div', { class: 'choices' }, canoeButtons),
        ];
        if (selected !== null) {
            const byDest = new Map();
            for (const a of moves.filter((m) => m.canoe === selected)) {
                if (!byDest.has(a.to)) byDest.set(a.to, []);
                byDest.get(a.to).push(a);
            }
            parts.push(h('h3', {}, t('web.decision.whereTitle')));
            parts.push(
                h(
                    'div',
                    { class: 'choices' },
                    [...byDest].map(([to, list]) =>
                        h(
                            'button',
                            {
                                class: `dest-choice${to === 'falls' ? ' danger' : ''}${goesOverFalls(list[0].after_river) ? ' river-falls' : ''}`,
                                dataset: { dest: to },
                                onclick: () => this.choose(list),
                            },
                            `→ ${list.length > 1 ? t('web.decision.destWays', { dest: destinationName(to), ways: list.length }) : destinationName(to)}`,
                            riverPreview(list[0].after_river),
                        ),
                    ),
                ),
            );
        }
        return h('div', { class: 'canoe-moves' }, parts);
    }

    // Buying back a lost canoe (R8.3) is optional: each price says what paying it costs the
    // collection, and "Not now" puts the offer away (playing a card declines it as well).
    buyBack(state, game, me, actions, context) {
        const offers = actions.filter((a) => a.type === 'buyback');
        if (!offers.length || me === null) return null;
        if (this.declined === state.promptSeq) {
            return h(
                'div',
                { class: 'buyback declined' },
                h(
                    'button',
                    {
                        class: 'action small',
                        id: 'buyback-show',
                        onclick: () => {
                            this.declined = null;
                            this.rerender(state);
                        },
                    },
                    t('web.buyback.show'),
                ),
            );
        }
        const collection = game.seats[me].collection;
        return h(
            'div',
            { class: 'buyback', role: 'group', 'aria-labelledby': 'buyback-title' },
            h('h3', { id: 'buyback-title' }, t('web.buyback.title')),
            // (.quick: where the short decisions' buttons are found, by tests too.)
            h(
                'div',
                { class: 'choices quick' },
                offers.map((a) =>
                    h(
                        'button',
                        {
                            class: 'action action-buyback',
                            dataset: { text: a.text },
                            onclick: () => this.act(a.text),
                        },
                        describeAction(a, context),
                        h('span', { class: 'warning small' }, buybackWarning(collection, a.pay)),
                    ),
                ),
                h(
                    'button',
                    {
                        class: 'action not-now',
                        id: 'buyback-not-now',
                        onclick: () => {
                            this.declined = state.promptSeq;
                            this.rerender(state);
                        },
                    },
                    t('web.buyback.notNow'),
                ),
            ),
        );
    }

    rerender(state) {
        this.render(state);
    }

    // Every legal canoe move in plain words, grouped by canoe, with the command text secondary:
    // the fallback that always works.
    allChoices(actions, context) {
        // The hand, the buy-back offer and the short decisions are buttons above: not repeated.
        const listed = actions.filter((a) => a.type === 'move');
        if (!listed.length) return null;
        const groups = new Map();
        for (const a of listed) {
            if (!groups.has(a.canoe)) groups.set(a.canoe, []);
            groups.get(a.canoe).push(a);
        }
        const title = (k, list) =>
            t('web.decision.groupTitle', {
                canoe: canoeArg(k, context.spirits),
                where: whereWords(context.canoes?.[k]),
                count: list.length,
            });
        const index = new Map(actions.map((a, i) => [a, i]));
        const sections = [...groups].map(([k, list]) =>
            h(
                'li',
                { class: 'choice-group', dataset: { group: `canoe-${k}` } },
                h('h4', {}, title(k, list)),
                h(
                    'ul',
                    {},
                    list.map((a) =>
                        h(
                            'li',
                            {},
                            h(
                                'button',
                                {
                                    class: 'action',
                                    dataset: {
                                        text: a.text,
                                        index: index.get(a),
                                        type: a.type,
                                        ...(a.to ? { to: a.to } : {}),
                                    },
                                    onclick: () => this.act(a.text),
                                },
                                h(
                                    'span',
                                    { class: 'what' },
                                    capitalised(stepsText(moveSteps(a, context))),
                                ),
                                h('code', { 'aria-hidden': 'true' }, `/${a.text}`),
                            ),
                        ),
                    ),
                ),
            ),
        );
        // Open by default when short; then as the player left it.
        const open = this.allOpen ?? listed.length <= 8;
        this.renderedOpen = open;
        // The handler reads the element it fires on: morph keeps the one already on the page.
        return h(
            'details',
            {
                class: 'all',
                open: open || undefined,
                ontoggle: (e) => {
                    // A details drawn open fires a toggle too: only the player's own toggles count.
                    if (e.currentTarget.open !== this.renderedOpen)
                        this.allOpen = e.currentTarget.open;
                },
            },
            h('summary', {}, t('web.decision.allMoves', { count: listed.length })),
            h('ul', { class: 'all-choices' }, sections),
        );
    }
}
