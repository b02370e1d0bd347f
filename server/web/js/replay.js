// The replay page (replay.html?game=12): a finished game's record, replayed by the server
// (GET /games/12/replay, one public view per action), stepped through on the client's own
// board: first / previous / next / last, a slider, the arrow keys (Home and End too), the
// step's log lines, and at the end the final collections and the winners.

import { Board } from './board.js';
import { seatColour, seatInk } from './colours.js';
import { progressText, winningProgress } from './collections.js';
import { $, h, morph } from './dom.js';
import { GEM_COLOURS, cardName } from './describe.js';
import { PlayersPanel } from './players.js';
import { initialState } from './store.js';

// Every word the page shows, in one place (for a translation later).
const TEXT = {
    title: (id) => `Replay of game #${id}`,
    lobby: 'Back to the lobby',
    loading: 'Loading the game…',
    badId: 'This page shows a finished game: replay.html?game=12.',
    missing: (id) => `There is no finished game #${id}. A game can be replayed once it is over.`,
    failed: (why) => `The replay could not be loaded: ${why}`,
    first: 'First',
    previous: 'Previous',
    next: 'Next',
    last: 'Last',
    firstLabel: 'first step: the start',
    previousLabel: 'previous step',
    nextLabel: 'next step',
    lastLabel: 'last step: the end',
    slider: 'step',
    counter: (step, last) => `Step ${step} of ${last}`,
    round: (round) => `round ${round}`,
    keys: 'Arrow keys step; Home and End jump to the start and the end.',
    start: 'The game begins: every canoe is on land.',
    chose: (name, card) => `${name} chose ${cardName(card)} (hidden until revealed).`,
    nothing: 'Nothing to report.',
    abandoned: 'The game was abandoned.',
    wins: (names, n) => `${names.join(' and ')} win${n > 1 ? '' : 's'}!`,
    over: 'The game is over.',
    rounds: (n) => `After ${n} round${n === 1 ? '' : 's'}.`,
    noGems: 'no gems',
    value: (v) => `value ${v}`,
    seat: (seat) => `seat ${seat + 1}`,
    recent: 'Replays of finished games',
    recentNone: 'No game has finished yet.',
    recentHint: 'The latest finished games, newest first: pick one to step through it.',
    gameRow: (id, names) => `Game #${id}: ${names}`,
};

const params = new URLSearchParams(window.location.search);
const gameText = params.get('game') ?? '';
const gameId = /^\d{1,18}$/.test(gameText) ? gameText : null;

const where = $('#where');
const lobbyLink = $('#to-lobby');
lobbyLink.textContent = TEXT.lobby;
const controls = $('#replay-controls');
const stepBox = $('#replay-step');
const resultBox = $('#replay-result');

const board = new Board($('#board'), { choose: () => {}, select: () => {} });
const players = new PlayersPanel($('#players'));

let replay = null;
let current = 0;

function nameOf(seat) {
    return replay?.seats?.[seat]?.name || TEXT.seat(seat);
}

// "Seat 2 reveals 4." -> "bob reveals 4.", the name in the seat's colour.
function withNames(line) {
    const parts = [];
    let last = 0;
    for (const match of line.matchAll(/\b[Ss]eat (\d)\b/g)) {
        const seat = Number(match[1]) - 1;
        if (!replay.seats?.[seat]?.name) continue;
        parts.push(line.slice(last, match.index));
        parts.push(h('span', { class: 'who', style: `color:${seatInk(seat)}` }, nameOf(seat)));
        last = match.index + match[0].length;
    }
    parts.push(line.slice(last));
    return parts;
}

// The client state the board and the players panel draw: a spectator's, at this step. The
// board marks the last move by comparing a view with the one it drew before, within one
// table: `run` names a run of consecutive steps, so that a jump starts a new one.
function stateAt(index, run) {
    const step = replay.steps[index];
    const state = initialState();
    state.status = 'open';
    state.table = { id: `${replay.game}-${run}`, seat: null, watching: true, replay: true };
    state.version = index;
    state.view = {
        table: {
            id: replay.game,
            phase: index === replay.steps.length - 1 ? 'over' : 'playing',
            seats: replay.seats.map((s) => ({ seat: s.seat, name: s.name || TEXT.seat(s.seat), bot: s.bot })),
        },
        game: step.view,
        seat: null,
    };
    // The step's lines, as the log would have had them: the board marks the move they tell.
    if (step.lines.length) state.log = [{ kind: 'event', seat: step.seat, lines: step.lines, at: 0 }];
    return state;
}

function button(id, label, aria, onclick, disabled) {
    return h('button', { id, type: 'button', 'aria-label': aria, disabled, onclick }, label);
}

function renderControls() {
    const last = replay.steps.length - 1;
    const round = replay.steps[current].view?.round;
    morph(controls,
        h('div', { class: 'row replay-buttons' },
            button('replay-first', `« ${TEXT.first}`, TEXT.firstLabel, () => go(0), current === 0),
            button('replay-prev', `◀ ${TEXT.previous}`, TEXT.previousLabel, () => go(current - 1), current === 0),
            button('replay-next', `${TEXT.next} ▶`, TEXT.nextLabel, () => go(current + 1), current === last),
            button('replay-last', `${TEXT.last} »`, TEXT.lastLabel, () => go(last), current === last)),
        h('input', {
            id: 'replay-slider', type: 'range', min: 0, max: last, step: 1, value: current,
            'aria-label': TEXT.slider, 'aria-valuetext': TEXT.counter(current, last),
            oninput: (e) => go(Number(e.target.value)),
        }),
        h('p', { id: 'replay-counter', class: 'small' }, TEXT.counter(current, last),
            round ? ` · ${TEXT.round(round)}` : ''),
        h('p', { class: 'muted small' }, TEXT.keys));
    // morph keeps the slider the user is dragging; its value follows the step.
    const slider = $('#replay-slider');
    if (Number(slider.value) !== current) slider.value = String(current);
}

function renderStep() {
    const step = replay.steps[current];
    const lines = step.lines.length ? step.lines
        : [current === 0 ? TEXT.start : TEXT.nothing];
    // A card choice is secret while it is played; in a finished game it can be told.
    const secret = step.action?.type === 'play' ? TEXT.chose(nameOf(step.seat), step.action.card) : null;
    morph(stepBox,
        h('ol', { id: 'replay-lines', class: 'replay-lines' },
            lines.map((line) => h('li', { class: 'event' }, withNames(line))),
            secret ? h('li', { class: 'event muted' }, secret) : null));
}

function renderResult() {
    const atEnd = current === replay.steps.length - 1;
    const result = replay.result;
    resultBox.hidden = !atEnd;
    if (!atEnd) {
        morph(resultBox);
        return;
    }
    const winners = result.winners || [];
    const title = result.abandoned ? TEXT.abandoned
        : winners.length ? TEXT.wins(winners.map(nameOf), winners.length) : TEXT.over;
    morph(resultBox,
        h('h2', { id: 'replay-result-title' }, title),
        h('p', {}, TEXT.rounds(result.rounds)),
        h('ul', { class: 'results', id: 'replay-collections' }, (result.collections || []).map((c) => h('li', {
            class: c.winning ? 'winning' : '', dataset: { seat: c.seat },
        },
        h('span', { class: 'swatch', style: `background:${seatColour(c.seat)}` }),
        h('span', {}, `${nameOf(c.seat)}: `,
            h('span', { class: 'gems' }, GEM_COLOURS.filter((g) => c.gems?.[g]).map((g) => `${c.gems[g]} ${g}`).join(', ') || TEXT.noGems),
            ` — ${progressText(winningProgress(c.gems))}${result.tie_break ? `, ${TEXT.value(c.value)}` : ''}`)))));
}

let drawn = null;  // the step the board shows
let run = 0;

// The board at the current step, with the step's own move marked: after the step before it
// (the one drawn, or drawn now in a new run, as after a jump or a step back).
function renderBoard() {
    if (drawn !== current - 1) {
        run += 1;
        if (current > 0) board.render(stateAt(current - 1, run));
    }
    const state = stateAt(current, run);
    board.render(state);
    drawn = current;
    return state;
}

function render() {
    const state = renderBoard();
    players.render(state);
    renderControls();
    renderStep();
    renderResult();
    document.body.dataset.step = String(current);
}

function go(index) {
    if (!replay) return;
    const next = Math.max(0, Math.min(replay.steps.length - 1, index));
    if (next === current) return;
    current = next;
    render();
}

document.addEventListener('keydown', (e) => {
    if (!replay || e.altKey || e.ctrlKey || e.metaKey) return;
    // The slider answers arrows itself (its input event steps); other fields keep their keys.
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const last = replay.steps.length - 1;
    const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
});

function fail(text) {
    morph(stepBox, h('p', { id: 'replay-error', class: 'error', role: 'alert' }, text));
    controls.hidden = true;
    document.body.dataset.ready = 'error';
}

// Without a game: the latest finished games (GET /games), each a link to its replay.
async function loadList() {
    where.textContent = TEXT.recent;
    $('#replay').classList.add('listing');
    controls.hidden = true;
    $('#board').hidden = true;
    let games;
    try {
        const response = await fetch('games', { headers: { Accept: 'application/json' } });
        if (!response.ok) return fail(TEXT.failed((await response.text()).trim() || response.status));
        games = (await response.json()).games;
    } catch (e) {
        return fail(TEXT.failed(e.message));
    }
    morph(stepBox,
        h('h2', {}, TEXT.recent),
        h('p', { class: 'muted small' }, games.length ? TEXT.recentHint : TEXT.recentNone),
        h('ul', { id: 'recent-games', class: 'recent-games' }, games.map((g) => h('li', {},
            h('a', { href: `replay.html?game=${encodeURIComponent(g.id)}`, dataset: { game: g.id } },
                TEXT.gameRow(g.id, g.seats.map((s, i) => s.name || TEXT.seat(i)).join(', ')))))));
    document.body.dataset.ready = 'yes';
}

async function load() {
    if (!params.has('game')) return loadList();
    if (!gameId) return fail(TEXT.badId);
    where.textContent = TEXT.title(gameId);
    document.title = `Niagara — ${TEXT.title(gameId)}`;
    morph(stepBox, h('p', { class: 'muted' }, TEXT.loading));
    let response;
    try {
        response = await fetch(`games/${gameId}/replay`, { headers: { Accept: 'application/json' } });
    } catch (e) {
        return fail(TEXT.failed(e.message));
    }
    if (response.status === 404) return fail(TEXT.missing(gameId));
    if (!response.ok) return fail(TEXT.failed((await response.text()).trim() || response.status));
    try {
        replay = await response.json();
    } catch (e) {
        return fail(TEXT.failed(e.message));
    }
    if (!Array.isArray(replay?.steps) || !replay.steps.length) return fail(TEXT.failed('no steps'));
    // A link may name a step: replay.html?game=12&step=40.
    const asked = Number(params.get('step'));
    current = Number.isInteger(asked) ? Math.max(0, Math.min(replay.steps.length - 1, asked)) : 0;
    render();
    document.body.dataset.ready = 'yes';
}

// For tests and the curious, read-only by convention.
window.niagaraReplay = { get replay() { return replay; }, get step() { return current; }, go };
load();
