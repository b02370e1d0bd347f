// The replay page (replay.html?game=12): a finished game's record, replayed by the server
// (GET /games/12/replay: the public view before the first action, then for each action the
// JSON Patch to the view after it, niagara-replay/2), stepped through on the client's own
// board: first / previous / next / last, a slider, the arrow keys (Home and End too), the
// step's log lines, and at the end the final collections and the winners.

import { Board } from './board.js';
import { seatColour, seatInk } from './colours.js';
import { progressText, winningProgress } from './collections.js';
import { $, h, morph } from './dom.js';
import { cardArg } from './describe.js';
import { language, rememberLanguage, startLanguage, t, tServer } from './i18n.js';
import { languageSwitch } from './language_switch.js';
import { applyPatch, PatchError } from './patch.js';
import { PlayersPanel } from './players.js';
import { collectionText } from './room.js';
import { initialState } from './store.js';

// The page's words (web.replay.*) come first.
await startLanguage();

const TEXT = {
    title: (id) => t('web.replay.title', { game: id }),
    lobby: () => t('web.replay.lobby'),
    loading: () => t('web.replay.loading'),
    badId: () => t('web.replay.badId'),
    missing: (id) => t('web.replay.missing', { game: id }),
    failed: (why) => t('web.replay.failed', { why: String(why) }),
    first: () => t('web.replay.first'),
    previous: () => t('web.replay.previous'),
    next: () => t('web.replay.next'),
    last: () => t('web.replay.last'),
    firstLabel: () => t('web.replay.firstLabel'),
    previousLabel: () => t('web.replay.previousLabel'),
    nextLabel: () => t('web.replay.nextLabel'),
    lastLabel: () => t('web.replay.lastLabel'),
    slider: () => t('web.replay.slider'),
    counter: (step, last) => t('web.replay.counter', { step, last }),
    round: (round) => t('web.replay.round', { round }),
    keys: () => t('web.replay.keys'),
    start: () => t('web.replay.start'),
    chose: (name, card) => t('web.replay.chose', { name, card: cardArg(card) }),
    nothing: () => t('web.replay.nothing'),
    abandoned: () => t('web.result.abandoned'),
    wins: (names, n) => t('web.result.wins', { names, count: n }),
    over: () => t('web.result.over'),
    rounds: (n) => t('web.result.rounds', { count: n }),
    value: (v) => t('web.result.value', { value: v }),
    seat: (seat) => t('web.seat.lower', { n: seat + 1 }),
    recent: () => t('web.replay.recent'),
    recentNone: () => t('web.replay.recentNone'),
    recentHint: () => t('web.replay.recentHint'),
    gameRow: (id, names, when) =>
        when
            ? t('web.replay.gameRowWhen', { game: id, names, when })
            : t('web.replay.gameRow', { game: id, names }),
};

// "3 hours ago", "yesterday" for a finished game's time (seconds since the epoch), if known.
function whenText(seconds) {
    if (!Number.isFinite(seconds)) return null;
    const diff = seconds - Date.now() / 1000;
    const units = [
        ['day', 86400],
        ['hour', 3600],
        ['minute', 60],
    ];
    try {
        const format = new Intl.RelativeTimeFormat(language(), { numeric: 'auto' });
        for (const [unit, size] of units)
            if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit);
        return format.format(Math.round(diff), 'second');
    } catch {
        return new Date(seconds * 1000).toLocaleString(language());
    }
}

// The language switch: the page is drawn again from its address in the chosen language.
languageSwitch((lang) => {
    rememberLanguage(lang);
    window.location.reload();
});

const params = new URLSearchParams(window.location.search);
const gameText = params.get('game') ?? '';
const gameId = /^\d{1,18}$/.test(gameText) ? gameText : null;

const where = $('#where');
const lobbyLink = $('#to-lobby');
lobbyLink.textContent = TEXT.lobby();
const controls = $('#replay-controls');
const stepBox = $('#replay-step');
const resultBox = $('#replay-result');

const board = new Board($('#board'), { choose: () => {}, select: () => {} });
const players = new PlayersPanel($('#players'));

let replay = null;
let current = 0;

// The steps' views. A step carries its whole view (step 0; every step of the older
// niagara-replay/1) or the patch from the step before it. Every CHECKPOINT-th view is kept,
// built once when the replay comes (so a bad patch fails the page at once, not half-way);
// another view is rebuilt from the nearest view known before it, and the last few rebuilt are
// kept, so that a step either way costs a patch or a few dozen, and a long game's thousands of
// views are never all held.
const CHECKPOINT = 64;
const RECENT = 4;
let checkpoints = [];
const recentViews = new Map(); // step -> view, oldest first

function nextView(before, step) {
    if (step.view !== undefined) return step.view;
    if (before === null) throw new PatchError('a patch with no view before it');
    return applyPatch(before, step.patch);
}

function buildCheckpoints() {
    checkpoints = [];
    recentViews.clear();
    let view = null;
    replay.steps.forEach((step, i) => {
        view = nextView(view, step);
        if (i % CHECKPOINT === 0) checkpoints.push(view);
    });
}

function viewAt(index) {
    if (recentViews.has(index)) return recentViews.get(index);
    let from = index - (index % CHECKPOINT);
    let view = checkpoints[from / CHECKPOINT];
    for (const [i, v] of recentViews) {
        if (i < index && i > from) {
            from = i;
            view = v;
        }
    }
    for (let i = from + 1; i <= index; i++) view = nextView(view, replay.steps[i]);
    recentViews.set(index, view);
    if (recentViews.size > RECENT) recentViews.delete(recentViews.keys().next().value);
    return view;
}

// A seat's name: a deleted account's seat has none ("deleted player"), nor an unknown one.
function seatName(s, seat) {
    if (s?.deleted) return t('web.replay.deletedPlayer');
    return s?.name || TEXT.seat(seat);
}

function nameOf(seat) {
    return seatName(replay?.seats?.[seat], seat);
}

function nameSpan(seat) {
    return h('span', { class: 'who', style: `color:${seatInk(seat)}` }, nameOf(seat));
}

// A step's line from its text ({key, args}) in the page's language with the players' names;
// else (no texts) the line as stored, "Seat 2" replaced by the name.
function stepLine(line, text) {
    return (
        tServer(text, {
            seat: (n) =>
                replay.seats?.[n]?.name || replay.seats?.[n]?.deleted ? nameSpan(n) : null,
        }) ?? withNames(line)
    );
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
            seats: replay.seats.map((s) => ({
                seat: s.seat,
                name: seatName(s, s.seat),
                bot: s.bot,
            })),
        },
        game: viewAt(index),
        seat: null,
    };
    // The step's lines, as the log would have had them: the board marks the move they tell.
    if (step.lines.length)
        state.log = [
            { kind: 'event', seat: step.seat, lines: step.lines, texts: step.texts, at: 0 },
        ];
    return state;
}

function button(id, label, aria, onclick, disabled) {
    return h('button', { id, type: 'button', 'aria-label': aria, disabled, onclick }, label);
}

function renderControls() {
    const last = replay.steps.length - 1;
    const round = viewAt(current)?.round;
    morph(
        controls,
        h(
            'div',
            { class: 'row replay-buttons' },
            button(
                'replay-first',
                `« ${TEXT.first()}`,
                TEXT.firstLabel(),
                () => go(0),
                current === 0,
            ),
            button(
                'replay-prev',
                `◀ ${TEXT.previous()}`,
                TEXT.previousLabel(),
                () => go(current - 1),
                current === 0,
            ),
            button(
                'replay-next',
                `${TEXT.next()} ▶`,
                TEXT.nextLabel(),
                () => go(current + 1),
                current === last,
            ),
            button(
                'replay-last',
                `${TEXT.last()} »`,
                TEXT.lastLabel(),
                () => go(last),
                current === last,
            ),
        ),
        h('input', {
            id: 'replay-slider',
            type: 'range',
            min: 0,
            max: last,
            step: 1,
            value: current,
            'aria-label': TEXT.slider(),
            'aria-valuetext': TEXT.counter(current, last),
            oninput: (e) => go(Number(e.target.value)),
        }),
        h(
            'p',
            { id: 'replay-counter', class: 'small' },
            TEXT.counter(current, last),
            round ? ` · ${TEXT.round(round)}` : '',
        ),
        h('p', { class: 'muted small' }, TEXT.keys()),
    );
    // morph keeps the slider the user is dragging; its value follows the step.
    const slider = $('#replay-slider');
    if (Number(slider.value) !== current) slider.value = String(current);
}

function renderStep() {
    const step = replay.steps[current];
    const lines = step.lines.length
        ? step.lines.map((line, i) => stepLine(line, step.texts?.[i]))
        : [current === 0 ? TEXT.start() : TEXT.nothing()];
    // A card choice is secret while it is played; in a finished game it can be told.
    const secret =
        step.action?.type === 'play' ? TEXT.chose(nameOf(step.seat), step.action.card) : null;
    morph(
        stepBox,
        h(
            'ol',
            { id: 'replay-lines', class: 'replay-lines' },
            lines.map((line) => h('li', { class: 'event' }, line)),
            secret ? h('li', { class: 'event muted' }, secret) : null,
        ),
    );
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
    const title = result.abandoned
        ? TEXT.abandoned()
        : winners.length
          ? TEXT.wins(winners.map(nameOf), winners.length)
          : TEXT.over();
    morph(
        resultBox,
        h('h2', { id: 'replay-result-title' }, title),
        h('p', {}, TEXT.rounds(result.rounds)),
        h(
            'ul',
            { class: 'results', id: 'replay-collections' },
            (result.collections || []).map((c) =>
                h(
                    'li',
                    {
                        class: c.winning ? 'winning' : '',
                        dataset: { seat: c.seat },
                    },
                    h('span', { class: 'swatch', style: `background:${seatColour(c.seat)}` }),
                    h(
                        'span',
                        {},
                        `${nameOf(c.seat)}: `,
                        h('span', { class: 'gems' }, collectionText(c.gems)),
                        ` — ${progressText(winningProgress(c.gems))}${result.tie_break ? TEXT.value(c.value) : ''}`,
                    ),
                ),
            ),
        ),
    );
}

let drawn = null; // the step the board shows
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
    where.textContent = TEXT.recent();
    $('#replay').classList.add('listing');
    controls.hidden = true;
    $('#board').hidden = true;
    let games;
    try {
        const response = await fetch('games', { headers: { Accept: 'application/json' } });
        if (!response.ok)
            return fail(TEXT.failed((await response.text()).trim() || response.status));
        games = (await response.json()).games;
    } catch (e) {
        return fail(TEXT.failed(e.message));
    }
    morph(
        stepBox,
        h('h2', {}, TEXT.recent()),
        h('p', { class: 'muted small' }, games.length ? TEXT.recentHint() : TEXT.recentNone()),
        h(
            'ul',
            { id: 'recent-games', class: 'recent-games' },
            games.map((g) =>
                h(
                    'li',
                    {},
                    h(
                        'a',
                        {
                            href: `replay.html?game=${encodeURIComponent(g.id)}`,
                            dataset: { game: g.id },
                        },
                        TEXT.gameRow(
                            String(g.id),
                            g.seats.map((s, i) => seatName(s, i)).join(t('web.options.separator')),
                            whenText(g.ended ?? g.finished ?? g.at),
                        ),
                    ),
                ),
            ),
        ),
    );
    document.body.dataset.ready = 'yes';
}

async function load() {
    if (!params.has('game')) return loadList();
    if (!gameId) return fail(TEXT.badId());
    where.textContent = TEXT.title(gameId);
    document.title = t('web.replay.pageTitle', { title: TEXT.title(gameId) });
    morph(stepBox, h('p', { class: 'muted' }, TEXT.loading()));
    let response;
    try {
        response = await fetch(`games/${gameId}/replay`, {
            headers: { Accept: 'application/json' },
        });
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
    if (!Array.isArray(replay?.steps) || !replay.steps.length)
        return fail(TEXT.failed(t('web.replay.noSteps')));
    try {
        buildCheckpoints();
    } catch (e) {
        replay = null;
        return fail(TEXT.failed(e.message));
    }
    // A link may name a step: replay.html?game=12&step=40.
    const asked = Number(params.get('step'));
    current = Number.isInteger(asked) ? Math.max(0, Math.min(replay.steps.length - 1, asked)) : 0;
    render();
    document.body.dataset.ready = 'yes';
}

// For tests and the curious, read-only by convention.
window.niagaraReplay = {
    get replay() {
        return replay;
    },
    get step() {
        return current;
    },
    go,
    viewAt,
};
load();
