// The board in SVG: river, discs, discovery places with their gems, canoes with their cargo,
// the weather track and the expansion's pieces; and, when we must move a canoe, the legal
// choices from the server's prompt highlighted (never worked out here). What the last move
// changed is marked, every piece has an accessible name and a tooltip, and the whole board is
// also written out as a list that a screen reader can walk.

import { GEM_COLOURS, canoeArg, gemArg, gemWord } from './describe.js';
import { t, tServer } from './i18n.js';
import { GEM_FILL, GEM_SHAPE, gemIcon, gemShape, seatColour } from './colours.js';
import { h, s } from './dom.js';
import { goesOverFalls, previewText } from './preview.js';
import {
    DISC_R,
    FALLS,
    LAND,
    LOST,
    PLACE,
    PLACE_BESIDE,
    PLACE_R,
    PORTRAIT_TRANSFORM,
    PORTRAIT_VIEWBOX,
    POS,
    POSITIONS,
    STACK,
    VIEW,
    bankPoint,
    discStep,
    grid,
    labelPoint,
    portraitToBoard,
    stack,
} from './geometry.js';
import { gameOf, mySeat, seatName, tableOf } from './store.js';

export { gemShape };

const CANOE_W = 44;
const CANOE_H = 18;
const DOUBLE_W = 58;
const PORTRAIT_CANOE = 1.25; // how much larger canoes are drawn on the turned board
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

// The place beside each position, and the positions beside each place, for the words.
const BESIDE = {};
for (const [pos, colour] of Object.entries(PLACE_BESIDE)) (BESIDE[colour] ||= []).push(pos);

// "3 blue gems" as a text argument.
const gemCount = (colour, count) => ({ key: 'web.board.gemCount', args: { colour, count } });

// "3 blue gems", "2 blue gems and 1 red gem", "no gems"
function gemsWords(held) {
    const parts = GEM_COLOURS.filter((c) => held?.[c]).map((c) => gemCount(c, held[c]));
    if (!parts.length) return t('web.board.noGems');
    return t('web.board.list', { items: parts });
}

// The spaces from land to a location ("land", "river:T4", "bank:L6"), in the river's order.
function chainTo(where) {
    const pos = where.includes(':') ? where.split(':')[1] : where;
    if (pos !== 'land' && !POS[pos]) return []; // lost: not on the river
    const trunk = ['land', 'T1', 'T2', 'T3', 'T4', 'T5'];
    if (pos === 'land') return ['land'];
    const i = trunk.indexOf(pos);
    if (i >= 0) return trunk.slice(0, i + 1);
    return [...trunk, ...(pos.endsWith('6') ? [pos] : [`${pos[0]}6`, pos])];
}

// The spaces a canoe passes going from one location to another (both ends included).
function riverRoute(from, to) {
    const a = chainTo(from);
    const b = chainTo(to);
    let common = 0;
    while (common < a.length && common < b.length && a[common] === b[common]) common++;
    return [...a.slice(common - 1).reverse(), ...b.slice(common)];
}

// What an event says happened to canoes, from its texts ({key, args}): `moves`, the canoes its
// seat moved, each with the space its own move ended on (before the river's step, when that
// move ended the round) or null; `named`, the canoes a line names for anything else but
// drifting (bought back, lassoed, pushed off the whirlpool, robbed, lost); `known`: the event
// has texts, so nothing is guessed. (Its English `lines` are not parsed: they are for people.)
const DRIFT_KEYS = new Set(['engine.log.fork_left', 'engine.log.fork_right']);
function eventCanoes(event) {
    const moves = new Map();
    const named = new Set();
    if (!event || event.seat === null || event.seat === undefined)
        return { moves, named, known: false };
    const ended = (part) => {
        const pos = part?.args?.end?.args?.pos;
        return typeof pos === 'string' && POS[pos] ? pos : null;
    };
    const texts = (event.texts || []).filter((text) => typeof text?.key === 'string');
    for (const text of texts) {
        const canoe = Number(text.args?.canoe);
        const owner = text.args?.victim?.seat ?? text.args?.seat?.seat;
        if (!Number.isInteger(canoe) || !Number.isInteger(owner) || DRIFT_KEYS.has(text.key))
            continue;
        const key = `${owner}-${canoe - 1}`;
        if (
            (text.key === 'engine.log.canoe' || text.key === 'engine.log.canoe_then') &&
            owner === event.seat
        )
            moves.set(key, ended(text.args.second) ?? ended(text.args.first));
        else named.add(key);
    }
    return { moves, named, known: texts.length > 0 };
}

function spaceCentre(where) {
    if (where === 'land') return { x: LAND.x + LAND.width - 20, y: POS.T1.y };
    return POS[where];
}

// A canoe seen from above, centred on 0,0.
function hullPath(w, h) {
    return (
        `M ${-w / 2} 0 Q ${-w / 4} ${-h / 2 - 2} 0 ${-h / 2} Q ${w / 4} ${-h / 2 - 2} ${w / 2} 0 ` +
        `Q ${w / 4} ${h / 2 + 2} 0 ${h / 2} Q ${-w / 4} ${h / 2 + 2} ${-w / 2} 0 Z`
    );
}

function whirlpoolShape(x, y) {
    let d = '';
    for (let i = 0; i <= 40; i++) {
        const angle = i * 0.45;
        const r = 3 + i * 0.95;
        d += `${i ? 'L' : 'M'} ${(x + r * Math.cos(angle)).toFixed(1)} ${(y + r * Math.sin(angle)).toFixed(1)} `;
    }
    return s('path', { class: 'whirlpool', d });
}

// Narrow portrait screens get the board turned a quarter (see geometry.js).
const portraitQuery = window.matchMedia?.('(max-width: 700px) and (orientation: portrait)');

export class Board {
    // choose(actions): the player picked these actions on the board (one: send it; several:
    // ask which). select(canoe): the selected canoe changed.
    constructor(container, { choose, select }) {
        this.container = container;
        this.choose = choose;
        this.select = select;
        this.lastFlow = 0;
        this.lastState = null;
        this.seen = null; // what the last view showed: {table, version, canoes, places}
        this.lastMove = null; // what the last move changed: {canoes, places, trails, seat, lines}
        this.build();
        portraitQuery?.addEventListener?.('change', () => {
            this.build();
            if (this.lastState) this.render(this.lastState);
        });
    }

    build() {
        this.portrait = !!portraitQuery?.matches;
        this.seen = null; // the marks' places were for the other orientation
        this.lastMove = null;
        this.targetSignature = null;
        this.canoes = new Map(); // "seat-canoe" or "joe" -> <g>
        this.canoeLooks = new Map(); // "seat-canoe" or "joe" -> what its drawing shows
        const { x, y, width, height } = VIEW;
        this.svg = s('svg', {
            viewBox: this.portrait ? PORTRAIT_VIEWBOX : `${x} ${y} ${width} ${height}`,
            class: `board${this.portrait ? ' portrait' : ''}`,
            role: 'group',
            'aria-roledescription': t('web.board.role'),
            'aria-label': t('web.board.label'),
        });
        // Everything is drawn in the landscape frame; in portrait one group turns it.
        this.root = s('g', { transform: this.portrait ? PORTRAIT_TRANSFORM : undefined });
        this.svg.append(this.root);
        this.info = h('div', { class: 'board-info' });
        this.words = h('section', {
            class: 'board-words sr-only',
            'aria-label': t('web.board.words'),
        });
        this.container.replaceChildren(this.info, this.svg, this.words);
        this.drawStatic();
    }

    // Text stays upright when the board is turned.
    text(attrs, content) {
        const el = s('text', attrs, content);
        this.upright(el, attrs.x, attrs.y);
        return el;
    }

    upright(el, x, y) {
        if (this.portrait) el.setAttribute('transform', `rotate(90 ${x} ${y})`);
        return el;
    }

    // The board point that is (dx, dy) away from (x, y) as seen on the screen.
    offset(x, y, dx, dy) {
        return this.portrait ? { x: x - dy, y: y + dx } : { x: x + dx, y: y + dy };
    }

    // Labels of areas whose shape changes with the orientation, in board coordinates.
    areaLabel(name) {
        const landscape = {
            land: { x: LAND.x + LAND.width / 2, y: LAND.y + 22, anchor: 'middle' },
            lost: { x: LOST.x + 10, y: LOST.y + 18, anchor: 'start' },
            falls: { x: FALLS.x + FALLS.width / 2, y: VIEW.y + VIEW.height / 2, anchor: 'middle' },
        };
        // On the turned board: land is a band at the bottom with its label on its left, the
        // lost canoes a column at the bottom right, the falls a band at the top.
        const portrait = {
            land: { ...portraitToBoard(45, 925), anchor: 'middle' },
            lost: { ...portraitToBoard(460, 688), anchor: 'middle' },
            falls: { x: FALLS.x + FALLS.width / 2, y: VIEW.y + VIEW.height / 2, anchor: 'middle' },
        };
        return (this.portrait ? portrait : landscape)[name];
    }

    layer(name, attrs = {}) {
        const g = s('g', { class: `layer-${name}`, ...attrs });
        this.root.append(g);
        return g;
    }

    drawStatic() {
        // The scenery says nothing a screen reader needs: the list of words does.
        const bg = this.layer('background', { 'aria-hidden': 'true' });
        bg.append(
            s('rect', {
                class: 'water-bg',
                x: VIEW.x,
                y: VIEW.y,
                width: VIEW.width,
                height: VIEW.height,
            }),
            s('rect', {
                class: 'land',
                x: LAND.x,
                y: LAND.y,
                width: LAND.width,
                height: LAND.height,
                rx: 14,
            }),
            this.areaText('land', t('web.board.land')),
        );
        const river = s('g', { class: 'river' });
        const main = `M ${LAND.x + LAND.width - 6} ${POS.T1.y} L ${POS.T5.x} ${POS.T5.y}`;
        const left = `M ${POS.T5.x} ${POS.T5.y} L ${POS.L6.x} ${POS.L6.y} L ${FALLS.x + 10} ${POS.L7.y}`;
        const right = `M ${POS.T5.x} ${POS.T5.y} L ${POS.R6.x} ${POS.R6.y} L ${FALLS.x + 10} ${POS.R7.y}`;
        for (const d of [main, left, right]) river.append(s('path', { class: 'river-band', d }));
        for (const d of [main, left, right]) river.append(s('path', { class: 'river-current', d }));
        bg.append(river);
        bg.append(
            s('path', {
                class: 'tongue',
                d:
                    `M ${POS.T5.x + 55} ${POS.T5.y} L ${POS.L6.x + 20} ${POS.L6.y + 70} L ${FALLS.x - 6} ${POS.L7.y + 66} ` +
                    `L ${FALLS.x - 6} ${POS.R7.y - 66} L ${POS.R6.x + 20} ${POS.R6.y - 70} Z`,
            }),
            s('rect', {
                class: 'falls',
                x: FALLS.x,
                y: FALLS.y,
                width: FALLS.width,
                height: FALLS.height,
                rx: 8,
            }),
            this.fallsLabel(),
            s('rect', {
                class: 'lost-box',
                x: LOST.x,
                y: LOST.y,
                width: LOST.width,
                height: LOST.height,
                rx: 10,
            }),
            this.areaText('lost', t(this.portrait ? 'web.board.lostShort' : 'web.board.lost')),
        );

        this.discs = this.layer('discs', { 'aria-hidden': 'true' });
        for (const pos of POSITIONS) {
            const p = POS[pos];
            this.discs.append(
                s(
                    'g',
                    { class: 'disc', dataset: { pos } },
                    s('circle', { cx: p.x, cy: p.y, r: DISC_R }),
                    s('title', {}, t('web.board.position', { pos })),
                ),
            );
        }
        this.flowLayer = this.layer('flow', { 'aria-hidden': 'true' });

        const places = this.layer('places');
        this.placeEls = {};
        this.placeGems = {};
        for (const colour of GEM_COLOURS) {
            const p = PLACE[colour];
            const gems = s('g', { class: 'place-gems' });
            // The place's own shape, large and pale behind its gems: its colour is not the
            // only thing that tells it.
            const mark = gemShape(colour, p.x, p.y, PLACE_R * 0.62);
            mark.setAttribute('class', `place-mark gem-${colour}`);
            this.upright(mark, p.x, p.y);
            const place = s(
                'g',
                { class: `place place-${colour}`, dataset: { place: colour }, role: 'img' },
                s('circle', {
                    class: 'place-ring',
                    cx: p.x,
                    cy: p.y,
                    r: PLACE_R,
                    fill: GEM_FILL[colour],
                }),
                s('circle', { class: 'place-inner', cx: p.x, cy: p.y, r: PLACE_R - 6 }),
                mark,
                gems,
            );
            places.append(place);
            this.placeEls[colour] = place;
            this.placeGems[colour] = gems;
        }

        this.forkFlag = s('g', { class: 'fork-flag', role: 'img' });
        this.layer('info').append(this.forkFlag);
        this.pieces = this.layer('pieces');
        // Position names over the whirlpool (which used to hide them), under the canoes.
        this.labels = this.layer('labels', { 'aria-hidden': 'true' });
        for (const pos of POSITIONS) {
            const p = labelPoint(pos);
            this.labels.append(
                this.text(
                    {
                        class: 'pos-label',
                        x: p.x,
                        y: p.y,
                        'text-anchor': 'middle',
                        'dominant-baseline': 'central',
                    },
                    pos,
                ),
            );
        }
        this.trails = this.layer('trails', { 'aria-hidden': 'true' }); // the last move's paths
        this.targets = this.layer('targets', { 'aria-hidden': 'true' }); // clickable destinations, under the canoes
        this.canoeLayer = this.layer('canoes');
        this.rings = this.layer('rings', { 'aria-hidden': 'true' }); // the destinations' rings, over the canoes
        this.badges = this.layer('badges');
        const defs = s(
            'defs',
            {},
            s(
                'marker',
                {
                    id: 'trail-arrow',
                    viewBox: '0 0 10 10',
                    refX: 8,
                    refY: 5,
                    markerWidth: 7,
                    markerHeight: 7,
                    orient: 'auto-start-reverse',
                },
                s('path', { d: 'M 0 0 L 10 5 L 0 10 Z', class: 'trail-head' }),
            ),
        );
        this.svg.prepend(defs);
    }

    areaText(name, label) {
        const { x, y, anchor } = this.areaLabel(name);
        return this.text({ class: `area-label ${name}-label`, x, y, 'text-anchor': anchor }, label);
    }

    // Along the falls: turned a quarter on the landscape board, level on the turned one.
    fallsLabel() {
        const { x, y } = this.areaLabel('falls');
        const label = this.text(
            {
                class: 'area-label falls-label',
                x,
                y,
                'text-anchor': 'middle',
                'dominant-baseline': 'middle',
            },
            t('web.board.waterfall'),
        );
        if (!this.portrait) label.setAttribute('transform', `rotate(90 ${x} ${y})`);
        return label;
    }

    render(state) {
        this.lastState = state;
        const game = gameOf(state);
        this.svg.classList.toggle('empty', !game);
        if (!game) {
            this.seen = null;
            this.lastMove = null;
            this.words.replaceChildren();
            return;
        }
        const spirits = !!game.options?.spirits;
        const placed = this.placeCanoes(game);
        this.noteLastMove(state, game, placed); // in case observe() was not called
        this.renderInfo(game);
        this.renderPlaces(game);
        this.renderPieces(game);
        const prompt =
            state.prompt && !state.pending && state.status === 'open' ? state.prompt : null;
        const moves = prompt ? prompt.actions.filter((a) => a.type === 'move') : [];
        const me = mySeat(state);
        const selected = moves.some((a) => a.canoe === state.ui.selected)
            ? state.ui.selected
            : null;
        this.renderCanoes(state, game, spirits, me, moves, selected, placed);
        this.renderTargets(moves, selected);
        this.renderLastMove();
        this.renderWords(state, game, spirits, placed);
        if (state.flow && state.flow.seq !== this.lastFlow) {
            this.lastFlow = state.flow.seq;
            this.animateFlow(state.flow);
        }
    }

    // ---- the last move ----------------------------------------------------------------------------

    // Called on every change of the state, not once a frame as render() is: each new view is
    // compared with the one before it together with the event that came with it (two
    // messages in one frame, a move and then someone choosing a card, stay apart).
    observe(state) {
        const game = gameOf(state);
        if (!game) {
            this.seen = null;
            this.lastMove = null;
            return;
        }
        if (
            this.seen &&
            this.seen.version === state.version &&
            this.seen.table === (state.table?.id ?? null)
        )
            return;
        this.noteLastMove(state, game, this.placeCanoes(game));
    }

    // Compares this view with the one drawn before: a new version that moved, loaded or lost
    // canoes, or changed a place's gems, becomes the last move (a view that changes none of
    // them, such as a card chosen, leaves the mark where it was). Of the river's own moves
    // only what it did to canoes beyond moving them is marked: the player's move stays clear.
    noteLastMove(state, game, placed) {
        const table = state.table?.id ?? null;
        const canoes = new Map(
            placed.map((item) => [
                item.key,
                {
                    where: item.where,
                    cargo: JSON.stringify(item.data.cargo || []),
                    x: item.x,
                    y: item.y,
                    seat: item.seat,
                },
            ]),
        );
        const places = Object.fromEntries(
            GEM_COLOURS.map((c) => [c, JSON.stringify(game.places?.[c] || {})]),
        );
        const before = this.seen;
        this.seen = { table, version: state.version, canoes, places };
        if (!before || before.table !== table) {
            this.lastMove = null;
            return;
        }
        if (before.version === state.version) return;
        const event = [...state.log].reverse().find((e) => e.kind === 'event');
        const seat = event?.seat ?? null;
        // A move that ends the round comes in one view with the river's step, which may bring
        // the canoe back to where it was: the event says it moved, and where its move ended.
        const told = eventCanoes(event);
        const own = told.moves;
        const moved = [];
        for (const [key, now] of canoes) {
            const was = before.canoes.get(key);
            if (!was) continue;
            const cargo = was.cargo !== now.cargo;
            const via = own.get(key);
            const by =
                via && `river:${via}` !== was.where && `river:${via}` !== now.where
                    ? `river:${via}`
                    : null;
            if (was.where !== now.where || cargo || own.has(key))
                moved.push({ key, was, now, cargo, lost: now.where === 'lost', via: by });
        }
        const changedPlaces = GEM_COLOURS.filter((c) => before.places[c] !== places[c]);
        if (!moved.length && !changedPlaces.length) return;
        // The canoes the event names, and whatever else happened to a canoe beyond drifting:
        // not a canoe the river only carried, even the acting seat's (a cloud played last ends
        // the round with the river's step and moves no canoe). Without texts, the acting seat's.
        let marked = moved.filter(
            (m) => own.has(m.key) || told.named.has(m.key) || m.cargo || m.lost,
        );
        if (!told.known) {
            marked = moved.filter(
                (m) => own.has(m.key) || m.now.seat === seat || m.cargo || m.lost,
            );
            if (!marked.length) marked = moved;
        }
        // The server's lines say "Seat 2"; the words use the names, as the log does.
        const named = (line) =>
            line.replace(/\bSeat (\d+)/g, (all, n) => seatName(state, Number(n) - 1));
        const names = (tableOf(state)?.seats || []).map((_, i) => seatName(state, i));
        // The event's lines as texts ({key, args}) rendered here with the names; else (an
        // older server) its English lines with "Seat n" replaced.
        const lines = (event?.lines ?? []).map((line, i) => {
            const parts = tServer(event.texts?.[i], { seat: (n) => names[n] });
            return parts ? parts.join('') : named(line);
        });
        this.lastMove = {
            seat,
            lines,
            canoes: new Set(marked.map((m) => m.key)),
            places: new Set(changedPlaces),
            trails: marked
                .filter(
                    (m) =>
                        (m.was.where !== m.now.where || m.via) && !m.lost && m.was.where !== 'lost',
                )
                .map((m) => ({ key: m.key, from: m.was, to: m.now, via: m.via })),
        };
    }

    // A dashed path from where each marked canoe was to where it is, and the marks.
    renderLastMove() {
        const last = this.lastMove;
        this.trails.replaceChildren();
        for (const [key, g] of this.canoes)
            g.classList.toggle('last-move', !!last?.canoes.has(key));
        for (const colour of GEM_COLOURS)
            this.placeEls[colour].classList.toggle('last-move', !!last?.places.has(colour));
        if (!last) return;
        for (const t of last.trails) {
            // Along the river, through the spaces between, not straight across the land; by
            // where the move ended when the river's step followed it in the same view.
            const route = t.via
                ? [...riverRoute(t.from.where, t.via), ...riverRoute(t.via, t.to.where).slice(1)]
                : riverRoute(t.from.where, t.to.where);
            const between = route
                .slice(1, -1)
                .map((where) => spaceCentre(where))
                .filter(Boolean);
            const points = [t.from, ...between, t.to];
            this.trails.append(
                s('path', {
                    class: 'trail',
                    dataset: { canoe: t.key },
                    d: points
                        .map((p, i) => `${i ? 'L' : 'M'} ${p.x.toFixed(1)} ${p.y.toFixed(1)}`)
                        .join(' '),
                    'marker-end': 'url(#trail-arrow)',
                }),
            );
        }
    }

    // ---- the weather track, the speed, the fork flag -----------------------------------------

    renderInfo(game) {
        const sign = (v) => (v > 0 ? `+${v}` : `${v}`);
        const lowest = game.lowest_number > 0 ? game.lowest_number : null;
        let speed;
        if (game.phase === 'actions')
            speed =
                lowest !== null
                    ? t('web.board.speedSoFar', {
                          lowest,
                          weather: sign(game.weather),
                          speed: lowest + game.weather,
                      })
                    : t('web.board.speed', { weather: sign(game.weather) });
        else speed = t('web.board.lastSpeed', { speed: Math.max(0, game.last_speed ?? 0) });
        const fork = game.fork === 'left' ? 'left' : 'right';
        this.info.replaceChildren(
            h('strong', { class: 'round' }, t('web.board.round', { round: game.round })),
            h(
                'span',
                { class: 'weather', title: t('web.board.weatherHint') },
                t('web.board.weather'),
                ' ',
                [-1, 0, 1, 2].map((v) =>
                    h(
                        'span',
                        {
                            class: `weather-step${game.weather === v ? ' on' : ''}`,
                            'aria-current': game.weather === v ? 'true' : undefined,
                        },
                        game.weather === v
                            ? h('span', {}, h('span', { 'aria-hidden': 'true' }, '☁ '), sign(v))
                            : sign(v),
                    ),
                ),
            ),
            h('span', { class: 'speed' }, speed),
            h(
                'span',
                { class: 'fork', title: t('web.board.forkHint') },
                t('web.board.fork', { fork }),
            ),
            h(
                'span',
                { class: 'gem-legend', title: t('web.board.legendHint') },
                GEM_COLOURS.map((c) =>
                    h(
                        'span',
                        { class: 'legend-item', dataset: { shape: GEM_SHAPE[c] } },
                        gemIcon(c),
                        ` ${gemWord(c)}`,
                    ),
                ),
            ),
        );
        // The fork flag on the board (R2.4, R2.5).
        const g = this.forkFlag;
        g.replaceChildren();
        const left = game.fork === 'left';
        // Beside T5 between the branches; on the turned board that is where the blue place's
        // count is written, so there it stands on the other side of T5.
        const fx = this.portrait ? POS.T5.x - 48 : POS.T5.x + 62;
        const fy = this.portrait ? POS.T5.y + 72 : POS.T5.y;
        g.dataset.fork = game.fork;
        g.setAttribute('aria-label', t('web.board.forkFlag', { fork }));
        g.append(
            s('line', { x1: fx, y1: fy + 22, x2: fx, y2: fy - 22 }),
            s('path', {
                d: left
                    ? `M ${fx} ${fy - 22} L ${fx + 26} ${fy - 32} L ${fx + 8} ${fy - 8} Z`
                    : `M ${fx} ${fy + 22} L ${fx + 26} ${fy + 32} L ${fx + 8} ${fy + 8} Z`,
            }),
            s('title', {}, t('web.board.forkFlag', { fork })),
        );
    }

    // ---- gems at the discovery places ---------------------------------------------------------

    // A place's words: its own colour counted apart from any other gems lying there.
    placeWords(colour, held) {
        const own = held?.[colour] || 0;
        const others = GEM_COLOURS.filter((c) => c !== colour && held?.[c]);
        const beside = BESIDE[colour];
        const text = t('web.board.place', { colour, beside, own: gemCount(colour, own) });
        if (!others.length) return text;
        return t('web.board.placeAlso', {
            place: text,
            others: gemsWords(Object.fromEntries(others.map((c) => [c, held[c]]))),
        });
    }

    renderPlaces(game) {
        for (const colour of GEM_COLOURS) {
            const g = this.placeGems[colour];
            g.replaceChildren();
            const p = PLACE[colour];
            const held = game.places?.[colour] || {};
            const gems = [];
            for (const c of [colour, ...GEM_COLOURS.filter((x) => x !== colour)])
                for (let i = 0; i < (held[c] || 0); i++) gems.push(c);
            const shown = gems.slice(0, 16);
            const cols = 4;
            shown.forEach((c, i) => {
                const row = Math.floor(i / cols);
                const col = i % cols;
                const rows = Math.ceil(shown.length / cols);
                const inRow = Math.min(cols, shown.length - row * cols);
                const at = this.offset(
                    p.x,
                    p.y,
                    (col - (inRow - 1) / 2) * 16,
                    (row - (rows - 1) / 2) * 16,
                );
                g.append(this.upright(gemShape(c, at.x, at.y, 6), at.x, at.y));
            });
            const words = this.placeWords(colour, held);
            this.placeEls[colour].setAttribute('aria-label', words);
            g.append(s('title', {}, words));
            const own = held[colour] || 0;
            const others = gems.length - own;
            const label = others
                ? t('web.board.placeCountOthers', { gem: gemArg(colour), own, others })
                : t('web.board.placeCount', { gem: gemArg(colour), own });
            g.append(
                this.text(
                    {
                        class: 'place-count',
                        ...this.offset(p.x, p.y, 0, PLACE_R + 15),
                        'text-anchor': 'middle',
                    },
                    label,
                ),
            );
        }
    }

    // ---- whirlpool, beaver, elk ----------------------------------------------------------------

    renderPieces(game) {
        const g = this.pieces;
        g.replaceChildren();
        this.badges.replaceChildren();
        if (game.whirlpool && POS[game.whirlpool]) {
            const p = POS[game.whirlpool];
            const text = t('web.board.whirlpool', { pos: game.whirlpool });
            g.append(
                s(
                    'g',
                    { class: 'piece-whirlpool', role: 'img', 'aria-label': text },
                    whirlpoolShape(p.x + 6, p.y),
                    s('title', {}, text),
                ),
            );
        } else if (game.whirlpool === 'waiting') {
            const p = this.portrait ? portraitToBoard(40, 720) : { x: LAND.x + 30, y: LAND.y - 38 };
            const text = t('web.board.whirlpoolWaiting');
            const label = this.offset(p.x, p.y, this.portrait ? 0 : 40, this.portrait ? 50 : 4);
            g.append(
                s(
                    'g',
                    { class: 'piece-whirlpool waiting', role: 'img', 'aria-label': text },
                    whirlpoolShape(p.x, p.y),
                    this.text(
                        {
                            class: 'info-label',
                            ...label,
                            'text-anchor': this.portrait ? 'middle' : 'start',
                        },
                        t(
                            this.portrait
                                ? 'web.board.whirlpoolNextShort'
                                : 'web.board.whirlpoolNext',
                        ),
                    ),
                    s('title', {}, text),
                ),
            );
        }
        if (game.beaver && POS[game.beaver]) {
            const p = POS[game.beaver];
            const at = this.offset(p.x, p.y, 30, -38);
            this.badges.append(
                this.badge(
                    'beaver',
                    at.x,
                    at.y,
                    t('web.board.beaver'),
                    t('web.board.beaverHint', { pos: game.beaver }),
                ),
            );
        }
        if (game.elk?.at === 'red' || game.elk?.at === 'returning') {
            const p = PLACE.red;
            const returning = game.elk.at === 'returning';
            const at = this.offset(p.x, p.y, 0, -PLACE_R - 12);
            this.badges.append(
                this.badge(
                    `elk${returning ? ' returning' : ''}`,
                    at.x,
                    at.y,
                    t(returning ? 'web.board.elkReturning' : 'web.board.elk'),
                    t(returning ? 'web.board.elkReturningHint' : 'web.board.elkHint'),
                ),
            );
        }
    }

    badge(kind, x, y, label, title) {
        const w = label.length * 8.5 + 16;
        return this.upright(
            s(
                'g',
                { class: `badge badge-${kind}`, role: 'img', 'aria-label': title },
                s('rect', { x: x - w / 2, y: y - 12, width: w, height: 24, rx: 10 }),
                s('text', { x, y: y + 5, 'text-anchor': 'middle' }, label),
                s('title', {}, title),
            ),
            x,
            y,
        );
    }

    // ---- canoes ---------------------------------------------------------------------------------

    // Every canoe (and Joe) with the place it is drawn at.
    placeCanoes(game) {
        const groups = new Map(); // location -> [items]
        const add = (where, item) => {
            if (!groups.has(where)) groups.set(where, []);
            groups.get(where).push(item);
        };
        game.seats.forEach((seat, i) => {
            seat.canoes.forEach((canoe, k) => {
                const item = { key: `${i}-${k}`, seat: i, canoe: k, data: canoe };
                if (canoe.where === 'river') add(`river:${canoe.pos}`, item);
                else if (canoe.where === 'bank') add(`bank:${canoe.pos}`, item);
                else if (canoe.where === 'lost') add('lost', item);
                else add('land', item);
            });
        });
        if (game.joe?.pos) add(`river:${game.joe.pos}`, { key: 'joe', joe: true, data: game.joe });
        const layout = this.portrait ? STACK.portrait : STACK.landscape;
        const placed = [];
        for (const [where, items] of groups) {
            let points;
            if (where === 'land') {
                const box = this.portrait
                    ? { x: LAND.x, y: LAND.y, width: LAND.width, height: LAND.height }
                    : {
                          x: LAND.x + 4,
                          y: LAND.y + 34,
                          width: LAND.width - 8,
                          height: LAND.height - 40,
                      };
                points = grid(
                    items.length,
                    box,
                    this.portrait ? { along: 64, across: 66 } : { along: 60, across: 34 },
                );
            } else if (where === 'lost') {
                const box = this.portrait
                    ? { x: LOST.x, y: LOST.y, width: LOST.width - 56, height: LOST.height }
                    : {
                          x: LOST.x + 4,
                          y: LOST.y + 26,
                          width: LOST.width - 8,
                          height: LOST.height - 28,
                      };
                points = grid(
                    items.length,
                    box,
                    this.portrait ? { along: 52, across: 48 } : { along: 60, across: 30 },
                );
            } else {
                const [kind, pos] = where.split(':');
                const c = kind === 'bank' ? bankPoint(pos, this.portrait) : POS[pos];
                // A little down-river of the centre: the position's name is up-river.
                points = stack(items.length, c.x + (kind === 'bank' ? 0 : 8), c.y, layout);
            }
            items.forEach((item, i) => placed.push({ ...item, ...points[i], where }));
        }
        return placed;
    }

    // "alice's canoe 2 at T4, carrying a red gem"
    canoeWords(state, item, spirits) {
        const cargo = item.data.cargo || [];
        const where =
            item.where === 'land'
                ? 'land'
                : item.where === 'lost'
                  ? 'lost'
                  : item.where.startsWith('bank:')
                    ? 'bank'
                    : 'river';
        const args = {
            where,
            pos: item.data.pos ?? '',
            cargo: cargo.map((c) => ({ key: 'web.board.aGem', args: { colour: c } })),
            count: cargo.length,
        };
        if (item.joe) return t('web.board.joeCanoe', args);
        return t('web.board.canoe', {
            ...args,
            name: seatName(state, item.seat),
            canoe: canoeArg(item.canoe, spirits),
        });
    }

    renderCanoes(state, game, spirits, me, moves, selected, placed) {
        const movable = new Set(moves.map((a) => a.canoe));
        const victims = new Set();
        for (const a of moves)
            if (a.canoe === selected)
                for (const st of a.steal || []) victims.add(`${st.seat}-${st.canoe}`);
        const elkOn = game.elk?.at === 'canoe' ? `${game.elk.seat}-${game.elk.canoe}` : null;
        const seen = new Set();
        for (const item of placed) {
            seen.add(item.key);
            let g = this.canoes.get(item.key);
            if (!g) {
                g = s('g', { class: 'canoe', dataset: { canoe: item.key } });
                g.style.transform = `translate(${item.x}px, ${item.y}px)`;
                g.addEventListener('click', (e) => {
                    e.stopPropagation();
                    this.onCanoeClick(g);
                });
                // A canoe gliding to its new place lets clicks through to what it passes over:
                // a press on a canoe standing still is not taken by one sliding across it.
                for (const end of ['transitionend', 'transitioncancel'])
                    g.addEventListener(end, (e) => {
                        if (e.target === g) g.classList.remove('gliding');
                    });
                g.addEventListener('keydown', (e) => {
                    // a movable canoe is a button
                    if (e.key !== 'Enter' && e.key !== ' ') return;
                    e.preventDefault();
                    this.onCanoeClick(g);
                });
                this.canoes.set(item.key, g);
                this.canoeLayer.append(g);
            }
            const mine = !item.joe && item.seat === me;
            const isMovable = mine && movable.has(item.canoe);
            g.dataset.where = item.data.where ?? 'river';
            g.dataset.pos = item.data.pos ?? '';
            g.dataset.location = item.where.startsWith('river:') ? item.where.slice(6) : item.where;
            g.dataset.seat = item.joe ? 'joe' : String(item.seat);
            g.classList.toggle('mine', mine);
            g.classList.toggle('movable', isMovable);
            g.classList.toggle('selected', isMovable && item.canoe === selected);
            g.classList.toggle('robbable', victims.has(item.key));
            g.classList.toggle('lost', item.where === 'lost');
            g.classList.toggle('bank', item.where.startsWith('bank:'));
            g.classList.toggle(
                'turn',
                !item.joe && game.turn?.seat === item.seat && game.phase === 'actions',
            );
            // Only a canoe that can move takes the focus: a tap on any other one (an
            // opponent's, when it marks a destination) leaves no focus box behind.
            const hasElk = elkOn === item.key;
            let name = this.canoeWords(state, item, spirits);
            if (hasElk) name += t('web.board.withElk');
            if (isMovable) {
                g.setAttribute('tabindex', '0');
                g.setAttribute('role', 'button');
                g.setAttribute('aria-pressed', String(item.canoe === selected));
                name += t('web.board.movable');
            } else {
                g.removeAttribute('tabindex');
                g.setAttribute('role', 'img');
                g.removeAttribute('aria-pressed');
                if (document.activeElement === g) g.blur();
            }
            g.setAttribute('aria-label', name);
            const spot = `${item.x} ${item.y} ${item.scale}`;
            if (g.dataset.spot && g.dataset.spot !== spot && !reducedMotion()) {
                g.classList.add('gliding');
                // In case no transition ends (a hidden page runs none): the longest is the flow's.
                clearTimeout(g.glideTimer);
                g.glideTimer = setTimeout(() => g.classList.remove('gliding'), 3000);
            }
            g.dataset.spot = spot;
            // On the turned phone board canoes are drawn larger (their tap target stays 64).
            g.style.transform = `translate(${item.x}px, ${item.y}px) scale(${item.scale * (this.portrait ? PORTRAIT_CANOE : 1)})`;
            // Redrawn only when it looks different: a canoe pressed while a patch comes in
            // keeps the element under the pointer, so the click still lands.
            const look = JSON.stringify([
                item.data.cargo,
                item.where,
                item.data.pos,
                spirits,
                hasElk,
                name,
            ]);
            if (this.canoeLooks.get(item.key) !== look) {
                this.canoeLooks.set(item.key, look);
                g.replaceChildren(...this.canoeShape(item, spirits, hasElk, name));
            }
        }
        for (const [key, g] of this.canoes) {
            if (!seen.has(key)) {
                g.remove();
                this.canoes.delete(key);
                this.canoeLooks.delete(key);
            }
        }
    }

    canoeShape(item, spirits, hasElk, name) {
        const double = !item.joe && spirits && item.canoe === 0;
        const w = double ? DOUBLE_W : CANOE_W;
        const cargo = item.data.cargo || [];
        // The part that takes clicks and taps: 64 × 64 on the turned phone board (44 px).
        const k = 32 / PORTRAIT_CANOE;
        const hit = this.portrait
            ? { x: -k, y: -k, width: 2 * k, height: 2 * k }
            : { x: -w / 2 - 6, y: -13, width: w + 12, height: 26 };
        const parts = [
            s('rect', { class: 'hit', ...hit, rx: 8 }),
            s('path', { class: 'last-outline', d: hullPath(w + 10, CANOE_H + 10) }),
            s('path', {
                class: 'hull',
                d: hullPath(w, CANOE_H),
                fill: item.joe ? '#222' : seatColour(item.seat),
            }),
        ];
        // Each of a seat's canoes shows its own number (1, 2); Joe's shows J.
        const label = item.joe ? 'J' : `${item.canoe + 1}`;
        const lx = -w / 2 + 10;
        parts.push(s('circle', { class: 'canoe-number-bg', cx: lx, cy: 0, r: 7.5 }));
        parts.push(
            this.text(
                {
                    class: 'canoe-label',
                    x: lx,
                    y: 0.5,
                    'text-anchor': 'middle',
                    'dominant-baseline': 'central',
                },
                label,
            ),
        );
        const slots = double ? 2 : 1;
        for (let i = 0; i < slots; i++) {
            const x = double ? 4 + i * 15 : 7;
            if (cargo[i]) parts.push(this.upright(gemShape(cargo[i], x, 0, 6), x, 0));
            else parts.push(s('circle', { class: 'slot', cx: x, cy: 0, r: 3 }));
        }
        if (hasElk) {
            // The elk's +2 at the bow, large enough to read.
            const ex = w / 2 + 12;
            parts.push(
                s(
                    'g',
                    { class: 'elk-mark' },
                    s('circle', { cx: ex, cy: 0, r: 11 }),
                    this.text(
                        { x: ex, y: 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central' },
                        '+2',
                    ),
                ),
            );
        }
        parts.push(s('title', {}, name));
        return parts;
    }

    onCanoeClick(g) {
        const key = g.dataset.canoe;
        if (g.classList.contains('movable')) {
            const canoe = Number(key.split('-')[1]);
            this.select(g.classList.contains('selected') ? null : canoe);
            return;
        }
        // A canoe sitting on a highlighted destination: the click means the destination.
        const target = this.targets.querySelector(`[data-dest="${g.dataset.location}"]`);
        if (target) target.dispatchEvent(new MouseEvent('click'));
    }

    // ---- the board in words ----------------------------------------------------------------------

    // The same board as a list, in the river's order: what a screen reader walks instead of the
    // picture (and what the tests read).
    renderWords(state, game, spirits, placed) {
        const at = new Map();
        for (const item of placed) {
            const where = item.where.startsWith('river:') ? item.where.slice(6) : item.where;
            if (!at.has(where)) at.set(where, []);
            at.get(where).push(item);
        }
        const elkOn = game.elk?.at === 'canoe' ? `${game.elk.seat}-${game.elk.canoe}` : null;
        const canoeList = (items) =>
            items?.length
                ? h(
                      'ul',
                      {},
                      items.map((item) =>
                          h(
                              'li',
                              { class: 'word-canoe', dataset: { canoe: item.key } },
                              this.canoeWords(state, item, spirits),
                              elkOn === item.key ? t('web.board.withElk') : '',
                              this.lastMove?.canoes.has(item.key) ? t('web.board.movedLast') : '',
                          ),
                      ),
                  )
                : null;
        const sentence = (parts) => {
            const words = parts.filter(Boolean);
            return words.length
                ? ` ${t('web.board.sentence', { text: words.join(t('web.board.sentenceJoin')) })}`
                : '';
        };
        const entry = (title, items) =>
            h(
                'li',
                {},
                h('strong', {}, title),
                items?.length ? '' : ` ${t('web.board.noCanoes')}`,
                canoeList(items),
            );
        const pieceAt = (pos) => [
            game.whirlpool === pos ? t('web.board.whirlpoolHere') : '',
            game.beaver === pos ? t('web.board.beaverHere') : '',
        ];
        const spaces = [
            entry(t('web.board.landTitle'), at.get('land')),
            ...POSITIONS.map((pos) => {
                const branch = pos.startsWith('L')
                    ? 'left'
                    : pos.startsWith('R')
                      ? 'right'
                      : 'none';
                const place = PLACE_BESIDE[pos]
                    ? t('web.board.besidePlace', { colour: PLACE_BESIDE[pos] })
                    : '';
                const items = at.get(pos);
                const banks = at.get(`bank:${pos}`);
                return h(
                    'li',
                    {},
                    h('strong', {}, t('web.board.spaceTitle', { pos, branch })),
                    sentence([
                        place,
                        ...pieceAt(pos),
                        items?.length ? '' : t('web.board.noCanoesPart'),
                    ]),
                    canoeList(items),
                    banks?.length
                        ? h('span', {}, ` ${t('web.board.onBank')}`, canoeList(banks))
                        : '',
                );
            }),
            entry(t('web.board.lostTitle'), at.get('lost')),
        ];
        const last = this.lastMove?.lines?.length
            ? h(
                  'p',
                  { class: 'words-last' },
                  t('web.board.lastMove', { lines: this.lastMove.lines.join(' ') }),
              )
            : null;
        const fork = game.fork === 'left' ? 'left' : 'right';
        this.words.replaceChildren(
            h('h2', {}, t('web.board.words')),
            h(
                'p',
                {},
                t('web.board.summary', { round: game.round, weather: game.weather, fork }),
                game.whirlpool === 'waiting' ? ` ${t('web.board.summaryWhirlpool')}` : '',
                game.elk?.at === 'red' ? ` ${t('web.board.summaryElk')}` : '',
                game.elk?.at === 'returning' ? ` ${t('web.board.summaryElkReturning')}` : '',
            ),
            last,
            h('h3', {}, t('web.board.riverTitle')),
            h('ul', { class: 'words-river' }, spaces),
            h('h3', {}, t('web.board.placesTitle')),
            h(
                'ul',
                { class: 'words-places' },
                GEM_COLOURS.map((c) => h('li', {}, this.placeWords(c, game.places?.[c]))),
            ),
        );
    }

    // ---- where the selected canoe can go -----------------------------------------------------------

    renderTargets(moves, selected) {
        // Unchanged choices keep their elements (a tap in progress keeps its target).
        const signature =
            selected === null ? '' : `${selected}|${moves.map((a) => a.text).join(';')}`;
        if (signature === this.targetSignature) return;
        this.targetSignature = signature;
        this.targets.replaceChildren();
        this.rings.replaceChildren();
        for (const place of this.svg.querySelectorAll('.place.loadable'))
            place.classList.remove('loadable');
        this.svg.classList.toggle('choosing', selected !== null);
        if (selected === null) return;
        const mine = moves.filter((a) => a.canoe === selected);
        const byDest = new Map();
        for (const a of mine) {
            if (!byDest.has(a.to)) byDest.set(a.to, []);
            byDest.get(a.to).push(a);
            // Loading happens at the start or at the end of the move (R5.4).
            if (a.load?.length || a.unload?.length) {
                const at = a.timing === 'after' ? a.to : a.from;
                const colour = PLACE_BESIDE[at];
                if (colour) this.svg.querySelector(`.place-${colour}`)?.classList.add('loadable');
            }
        }
        for (const [dest, actions] of byDest) {
            const click = () => this.choose(actions);
            const count = actions.length > 1 ? t('web.board.ways', { count: actions.length }) : '';
            const danger = dest === 'falls';
            // Land and the falls are boxes: a target over the box, a ring a little wider.
            const box = (area, rx, kind) => {
                const extra = kind ? ` ${kind}` : '';
                this.targets.append(
                    s('rect', {
                        class: `target${extra}`,
                        dataset: { dest },
                        x: area.x,
                        y: area.y,
                        width: area.width,
                        height: area.height,
                        rx,
                        onclick: click,
                    }),
                );
                this.rings.append(
                    s('rect', {
                        class: `ring${extra}`,
                        dataset: { dest },
                        x: area.x - 4,
                        y: area.y - 4,
                        width: area.width + 8,
                        height: area.height + 8,
                        rx: rx + 2,
                        onclick: click,
                    }),
                );
            };
            if (dest === 'land') {
                box(LAND, 14, '');
                if (count)
                    this.rings.append(
                        this.text(
                            {
                                class: 'ring-count',
                                x: LAND.x + LAND.width / 2,
                                y: LAND.y + LAND.height - 10,
                                'text-anchor': 'middle',
                            },
                            count,
                        ),
                    );
            } else if (dest === 'falls') {
                box(FALLS, 8, 'danger');
            } else if (POS[dest]) {
                const p = POS[dest];
                // The river preview as the target's tooltip; a ring whose canoe may go over the
                // falls with the river has the class river-falls (preview.js).
                const preview = previewText(actions[0].after_river);
                const risky = goesOverFalls(actions[0].after_river) ? ' river-falls' : '';
                this.targets.append(
                    s(
                        'circle',
                        {
                            class: `target${risky}`,
                            dataset: { dest },
                            cx: p.x,
                            cy: p.y,
                            r: DISC_R,
                            onclick: click,
                        },
                        preview ? s('title', {}, preview) : null,
                    ),
                );
                this.rings.append(
                    s(
                        'circle',
                        {
                            class: `ring${danger ? ' danger' : ''}${risky}`,
                            dataset: { dest },
                            cx: p.x,
                            cy: p.y,
                            r: DISC_R + 4,
                            onclick: click,
                        },
                        preview ? s('title', {}, preview) : null,
                    ),
                );
                if (count)
                    this.rings.append(
                        this.text(
                            {
                                class: 'ring-count',
                                ...this.offset(p.x, p.y, 0, -DISC_R - 8),
                                'text-anchor': 'middle',
                            },
                            count,
                        ),
                    );
            }
        }
    }

    // ---- the river's flow (phase III) --------------------------------------------------------------

    animateFlow({ steps, fork }) {
        if (reducedMotion() || steps <= 0 || !this.flowLayer.animate) return;
        const stepMs = Math.max(150, Math.min(300, 1200 / steps));
        const total = stepMs * steps;
        this.svg.style.setProperty('--flow-ms', `${total}ms`);
        this.svg.classList.add('flowing');
        this.flowLayer.replaceChildren();
        // One temporary disc per position, each walking its own path down the river.
        const start = POSITIONS.map((pos) => ({ path: [pos] }));
        let branch = fork;
        const discs = [...start];
        for (let i = 0; i < steps; i++) {
            for (const d of discs) {
                const last = d.path[d.path.length - 1];
                d.path.push(
                    last === 'falls' || last === 'gone'
                        ? 'gone'
                        : POSITIONS.includes(last)
                          ? discStep(last, branch)
                          : last,
                );
            }
            const entering = { path: Array(i + 1).fill('entry') };
            entering.path.push('T1');
            discs.push(entering);
            branch = branch === 'left' ? 'right' : 'left';
        }
        const point = (where, from) => {
            if (where === 'entry') return { x: LAND.x + LAND.width - 10, y: POS.T1.y, o: 0 };
            if (where === 'falls' || where === 'gone') {
                const p = POS[from] || POS.L7;
                return { x: FALLS.x + 30, y: p.y + 40, o: 0 };
            }
            return { x: POS[where].x, y: POS[where].y, o: 1 };
        };
        for (const d of discs) {
            while (d.path.length < steps + 1) d.path.push(d.path[d.path.length - 1]);
            let lastReal = d.path[0];
            const frames = d.path.map((where) => {
                if (POS[where]) lastReal = where;
                const p = point(where, lastReal);
                return { transform: `translate(${p.x}px, ${p.y}px)`, opacity: p.o };
            });
            const el = s('circle', { class: 'flow-disc', cx: 0, cy: 0, r: DISC_R });
            this.flowLayer.append(el);
            el.animate(frames, { duration: total, easing: 'linear', fill: 'forwards' });
        }
        clearTimeout(this.flowTimer);
        this.flowTimer = setTimeout(() => {
            this.flowLayer.replaceChildren();
            this.svg.classList.remove('flowing');
        }, total + 60);
    }
}
