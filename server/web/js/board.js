// The board in SVG: river, discs, discovery places with their gems, canoes with their cargo,
// the weather track and the expansion's pieces; and, when we must move a canoe, the legal
// choices from the server's prompt highlighted (never worked out here).

import { GEM_FILL, seatColour } from './colours.js';
import { h, s } from './dom.js';
import { GEM_COLOURS, canoeName } from './describe.js';
import {
    DISC_R, FALLS, LAND, LOST, PLACE, PLACE_BESIDE, PLACE_R, POS, POSITIONS, VIEW,
    bankPoint, discStep, spread,
} from './geometry.js';
import { gameOf, mySeat, seatName } from './store.js';

const CANOE_W = 44;
const CANOE_H = 18;
const DOUBLE_W = 58;
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

// A canoe seen from above, centred on 0,0.
function hullPath(w, h) {
    return `M ${-w / 2} 0 Q ${-w / 4} ${-h / 2 - 2} 0 ${-h / 2} Q ${w / 4} ${-h / 2 - 2} ${w / 2} 0 ` +
        `Q ${w / 4} ${h / 2 + 2} 0 ${h / 2} Q ${-w / 4} ${h / 2 + 2} ${-w / 2} 0 Z`;
}

export function gemShape(colour, x, y, size = 6) {
    return s('path', {
        class: `gem gem-${colour}`,
        d: `M ${x} ${y - size} L ${x + size} ${y} L ${x} ${y + size} L ${x - size} ${y} Z`,
        fill: GEM_FILL[colour] || '#999',
    });
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
        this.build();
        portraitQuery?.addEventListener?.('change', () => {
            this.build();
            if (this.lastState) this.render(this.lastState);
        });
    }

    build() {
        this.portrait = !!portraitQuery?.matches;
        this.targetSignature = null;
        this.canoes = new Map();  // "seat-canoe" or "joe" -> <g>
        this.canoeLooks = new Map();  // "seat-canoe" or "joe" -> what its drawing shows
        const { x, y, width, height } = VIEW;
        this.svg = s('svg', {
            viewBox: this.portrait ? `0 0 ${height} ${width}` : `${x} ${y} ${width} ${height}`,
            class: `board${this.portrait ? ' portrait' : ''}`,
            role: 'img',
            'aria-label': 'The river: land, positions T1 to T5, the fork, L6 L7 and R6 R7, the waterfall',
        });
        // Everything is drawn in the landscape frame; in portrait one group turns it.
        this.root = s('g', { transform: this.portrait ? `translate(${y + height} 0) rotate(90)` : undefined });
        this.svg.append(this.root);
        this.info = h('div', { class: 'board-info' });
        this.container.replaceChildren(this.info, this.svg);
        this.drawStatic();
    }

    // Text stays upright when the board is turned.
    text(attrs, content) {
        const el = s('text', attrs, content);
        this.upright(el, attrs.x, attrs.y);
        return el;
    }

    upright(el, x, y) {
        if (this.portrait) el.setAttribute('transform', `rotate(-90 ${x} ${y})`);
        return el;
    }

    // The board point that is (dx, dy) away from (x, y) as seen on the screen.
    offset(x, y, dx, dy) {
        return this.portrait ? { x: x + dy, y: y - dx } : { x: x + dx, y: y + dy };
    }

    // Labels of areas whose shape changes with the orientation, in board coordinates.
    areaLabel(name) {
        const landscape = {
            land: { x: LAND.x + LAND.width / 2, y: LAND.y + 22, anchor: 'middle' },
            lost: { x: LOST.x + 10, y: LOST.y + 18, anchor: 'start' },
            falls: { x: FALLS.x + FALLS.width / 2, y: VIEW.y + VIEW.height / 2, anchor: 'middle' },
        };
        // On the turned board: land is a band at the top, the lost canoes a column on the
        // left, the falls a band at the bottom (screen point (sx, sy) is board (sy, 580 - sx)).
        const portrait = {
            land: { x: 80, y: VIEW.y + VIEW.height - 190, anchor: 'middle' },
            lost: { x: 32, y: VIEW.y + VIEW.height - 60, anchor: 'middle' },
            falls: { x: FALLS.x + FALLS.width / 2, y: VIEW.y + VIEW.height / 2, anchor: 'middle' },
        };
        return (this.portrait ? portrait : landscape)[name];
    }

    layer(name) {
        const g = s('g', { class: `layer-${name}` });
        this.root.append(g);
        return g;
    }

    drawStatic() {
        const bg = this.layer('background');
        bg.append(
            s('rect', { class: 'water-bg', x: VIEW.x, y: VIEW.y, width: VIEW.width, height: VIEW.height }),
            s('rect', { class: 'land', x: LAND.x, y: LAND.y, width: LAND.width, height: LAND.height, rx: 14 }),
            this.areaText('land', 'Land'),
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
                d: `M ${POS.T5.x + 55} ${POS.T5.y} L ${POS.L6.x + 20} ${POS.L6.y + 70} L ${FALLS.x - 6} ${POS.L7.y + 66} ` +
                    `L ${FALLS.x - 6} ${POS.R7.y - 66} L ${POS.R6.x + 20} ${POS.R6.y - 70} Z`,
            }),
            s('rect', { class: 'falls', x: FALLS.x, y: FALLS.y, width: FALLS.width, height: FALLS.height, rx: 8 }),
            this.fallsLabel(),
            s('rect', { class: 'lost-box', x: LOST.x, y: LOST.y, width: LOST.width, height: LOST.height, rx: 10 }),
            this.areaText('lost', this.portrait ? 'Lost' : 'Lost canoes'),
        );

        this.discs = this.layer('discs');
        this.discEls = {};
        for (const pos of POSITIONS) {
            const p = POS[pos];
            const disc = s('g', { class: 'disc', dataset: { pos } },
                s('circle', { cx: p.x, cy: p.y, r: DISC_R }),
                this.text({ class: 'pos-label', ...this.offset(p.x, p.y, 0, DISC_R - 8), 'text-anchor': 'middle' }, pos));
            this.discEls[pos] = disc;
            this.discs.append(disc);
        }
        this.flowLayer = this.layer('flow');

        const places = this.layer('places');
        this.placeGems = {};
        for (const colour of GEM_COLOURS) {
            const p = PLACE[colour];
            const gems = s('g', { class: 'place-gems' });
            places.append(s('g', { class: `place place-${colour}`, dataset: { place: colour } },
                s('circle', { cx: p.x, cy: p.y, r: PLACE_R, fill: GEM_FILL[colour] }),
                s('circle', { class: 'place-inner', cx: p.x, cy: p.y, r: PLACE_R - 6 }),
                gems));
            this.placeGems[colour] = gems;
        }

        this.forkFlag = s('g', { class: 'fork-flag' });
        this.layer('info').append(this.forkFlag);
        this.pieces = this.layer('pieces');
        this.targets = this.layer('targets');       // clickable destinations, under the canoes
        this.canoeLayer = this.layer('canoes');
        this.rings = this.layer('rings');           // the destinations' rings, over the canoes
        this.badges = this.layer('badges');
    }

    areaText(name, label) {
        const { x, y, anchor } = this.areaLabel(name);
        return this.text({ class: `area-label ${name}-label`, x, y, 'text-anchor': anchor }, label);
    }

    // Along the falls: turned a quarter on the landscape board, level on the turned one.
    fallsLabel() {
        const { x, y } = this.areaLabel('falls');
        const label = this.text({ class: 'area-label falls-label', x, y, 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, 'Waterfall');
        if (!this.portrait) label.setAttribute('transform', `rotate(90 ${x} ${y})`);
        return label;
    }

    render(state) {
        this.lastState = state;
        const game = gameOf(state);
        this.svg.classList.toggle('empty', !game);
        if (!game) return;
        const spirits = !!game.options?.spirits;
        this.renderInfo(game);
        this.renderPlaces(game);
        this.renderPieces(game);
        const prompt = state.prompt && !state.pending && state.status === 'open' ? state.prompt : null;
        const moves = prompt ? prompt.actions.filter((a) => a.type === 'move') : [];
        const me = mySeat(state);
        const selected = moves.some((a) => a.canoe === state.ui.selected) ? state.ui.selected : null;
        this.renderCanoes(state, game, spirits, me, moves, selected);
        this.renderTargets(moves, selected);
        if (state.flow && state.flow.seq !== this.lastFlow) {
            this.lastFlow = state.flow.seq;
            this.animateFlow(state.flow);
        }
    }

    // ---- the weather track, the speed, the fork flag -----------------------------------------

    renderInfo(game) {
        const sign = (v) => (v > 0 ? `+${v}` : `${v}`);
        const lowest = game.lowest_number > 0 ? game.lowest_number : null;
        let speed;
        if (game.phase === 'actions')
            speed = lowest !== null
                ? `River speed so far: lowest card ${lowest} + weather ${sign(game.weather)} = ${lowest + game.weather}`
                : `River speed: lowest number card + weather ${sign(game.weather)}`;
        else speed = `The river last moved ${Math.max(0, game.last_speed ?? 0)}`;
        this.info.replaceChildren(
            h('strong', { class: 'round' }, `Round ${game.round}`),
            h('span', { class: 'weather', title: 'The weather track (-1 to +2): the cloud card moves it' },
                'Weather ',
                [-1, 0, 1, 2].map((v) => h('span', {
                    class: `weather-step${game.weather === v ? ' on' : ''}`,
                    'aria-current': game.weather === v ? 'true' : undefined,
                }, game.weather === v ? `☁ ${sign(v)}` : sign(v)))),
            h('span', { class: 'speed' }, speed),
            h('span', { class: 'fork', title: 'The fork flag: where the next disc from T5 goes' },
                `Fork flag: ${game.fork} branch`));
        // The fork flag on the board (R2.4, R2.5).
        const g = this.forkFlag;
        g.replaceChildren();
        const left = game.fork === 'left';
        const fx = POS.T5.x + 62;
        const fy = POS.T5.y;
        g.dataset.fork = game.fork;
        g.append(
            s('line', { x1: fx, y1: fy + 22, x2: fx, y2: fy - 22 }),
            s('path', { d: left ? `M ${fx} ${fy - 22} L ${fx + 26} ${fy - 32} L ${fx + 8} ${fy - 8} Z`
                : `M ${fx} ${fy + 22} L ${fx + 26} ${fy + 32} L ${fx + 8} ${fy + 8} Z` }),
            s('title', {}, `Fork flag: the next disc goes into the ${game.fork} branch`));
    }

    // ---- gems at the discovery places ---------------------------------------------------------

    renderPlaces(game) {
        for (const colour of GEM_COLOURS) {
            const g = this.placeGems[colour];
            g.replaceChildren();
            const p = PLACE[colour];
            const held = game.places?.[colour] || {};
            const gems = [];
            for (const c of GEM_COLOURS) for (let i = 0; i < (held[c] || 0); i++) gems.push(c);
            const shown = gems.slice(0, 16);
            const cols = 4;
            shown.forEach((c, i) => {
                const row = Math.floor(i / cols);
                const col = i % cols;
                const rows = Math.ceil(shown.length / cols);
                const inRow = Math.min(cols, shown.length - row * cols);
                g.append(gemShape(c, p.x + (col - (inRow - 1) / 2) * 15, p.y + (row - (rows - 1) / 2) * 15, 6));
            });
            const parts = GEM_COLOURS.filter((c) => held[c]).map((c) => `${held[c]} ${c}`);
            g.append(s('title', {}, `${colour} place: ${parts.join(', ') || 'empty'}`));
            g.append(this.text({ class: 'place-count', ...this.offset(p.x, p.y, 0, PLACE_R + 15), 'text-anchor': 'middle' },
                gems.length ? `${colour} place: ${gems.length}` : `${colour} place: empty`));
        }
    }

    // ---- whirlpool, beaver, elk ----------------------------------------------------------------

    renderPieces(game) {
        const g = this.pieces;
        g.replaceChildren();
        this.badges.replaceChildren();
        if (game.whirlpool && POS[game.whirlpool]) {
            const p = POS[game.whirlpool];
            g.append(s('g', { class: 'piece-whirlpool' }, whirlpoolShape(p.x, p.y),
                s('title', {}, `The whirlpool is at ${game.whirlpool}`)));
        } else if (game.whirlpool === 'waiting') {
            const p = { x: LAND.x + 30, y: LAND.y - 38 };
            g.append(s('g', { class: 'piece-whirlpool waiting' }, whirlpoolShape(p.x, p.y),
                this.text({ class: 'info-label', x: p.x + 40, y: p.y + 4 }, 'whirlpool: enters at T1 next'),
                s('title', {}, 'The whirlpool went over the falls; it is the next disc to enter at T1')));
        }
        if (game.beaver && POS[game.beaver]) {
            const p = POS[game.beaver];
            this.badges.append(this.badge('beaver', p.x + 30, p.y - 38, 'Beaver',
                `The Bathing Beaver is on ${game.beaver}; when it falls the weather goes back to 0`));
        }
        if (game.elk?.at === 'red' || game.elk?.at === 'returning') {
            const p = PLACE.red;
            const returning = game.elk.at === 'returning';
            this.badges.append(this.badge(`elk${returning ? ' returning' : ''}`, p.x, p.y - PLACE_R - 12,
                returning ? 'Elk (back soon)' : 'Elk',
                returning ? 'The Hurried Elk returns to the red place after the next phase III'
                    : 'The Hurried Elk waits at the red place'));
        }
    }

    badge(kind, x, y, label, title) {
        const w = label.length * 7.5 + 14;
        return this.upright(s('g', { class: `badge badge-${kind}` },
            s('rect', { x: x - w / 2, y: y - 11, width: w, height: 20, rx: 9 }),
            s('text', { x, y: y + 4, 'text-anchor': 'middle' }, label),
            s('title', {}, title)), x, y);
    }

    // ---- canoes ---------------------------------------------------------------------------------

    // Every canoe (and Joe) with the place it is drawn at.
    placeCanoes(game) {
        const groups = new Map();  // location -> [items]
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
        const placed = [];
        for (const [where, items] of groups) {
            let points;
            if (where === 'land') {
                points = items.map((_, i) => ({
                    x: LAND.x + 35 + (i % 2) * 60, y: LAND.y + 52 + Math.floor(i / 2) * 38, scale: 1,
                }));
            } else if (where === 'lost') {
                points = items.map((_, i) => ({
                    x: LOST.x + 40 + (i % 5) * 60, y: LOST.y + 44 + Math.floor(i / 5) * 30, scale: 1,
                }));
            } else {
                const [kind, pos] = where.split(':');
                const c = kind === 'bank' ? bankPoint(pos) : POS[pos];
                points = spread(items.length, c.x, c.y - (kind === 'bank' ? 0 : 6), { dx: 60, dy: 24 });
            }
            items.forEach((item, i) => placed.push({ ...item, ...points[i], where }));
        }
        return placed;
    }

    renderCanoes(state, game, spirits, me, moves, selected) {
        const movable = new Set(moves.map((a) => a.canoe));
        const victims = new Set();
        for (const a of moves)
            if (a.canoe === selected) for (const st of a.steal || []) victims.add(`${st.seat}-${st.canoe}`);
        const elkOn = game.elk?.at === 'canoe' ? `${game.elk.seat}-${game.elk.canoe}` : null;
        const seen = new Set();
        for (const item of this.placeCanoes(game)) {
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
                g.addEventListener('keydown', (e) => {  // a movable canoe is a button
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
            g.classList.toggle('mine', mine);
            g.classList.toggle('movable', isMovable);
            g.classList.toggle('selected', isMovable && item.canoe === selected);
            g.classList.toggle('robbable', victims.has(item.key));
            g.classList.toggle('lost', item.where === 'lost');
            g.classList.toggle('bank', item.where.startsWith('bank:'));
            g.classList.toggle('turn', !item.joe && game.turn?.seat === item.seat && game.phase === 'actions');
            g.setAttribute('tabindex', isMovable ? '0' : '-1');
            if (isMovable) g.setAttribute('role', 'button');
            else g.removeAttribute('role');
            const spot = `${item.x} ${item.y} ${item.scale}`;
            if (g.dataset.spot && g.dataset.spot !== spot && !reducedMotion()) {
                g.classList.add('gliding');
                // In case no transition ends (a hidden page runs none): the longest is the flow's.
                clearTimeout(g.glideTimer);
                g.glideTimer = setTimeout(() => g.classList.remove('gliding'), 3000);
            }
            g.dataset.spot = spot;
            g.style.transform = `translate(${item.x}px, ${item.y}px) scale(${item.scale})`;
            // Redrawn only when it looks different: a canoe pressed while a patch comes in
            // keeps the element under the pointer, so the click still lands.
            const hasElk = elkOn === item.key;
            const look = JSON.stringify([item.data.cargo, item.where, item.data.pos, spirits, hasElk, seatName(state, item.seat)]);
            if (this.canoeLooks.get(item.key) !== look) {
                this.canoeLooks.set(item.key, look);
                g.replaceChildren(...this.canoeShape(state, item, spirits, hasElk));
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

    canoeShape(state, item, spirits, hasElk) {
        const double = !item.joe && spirits && item.canoe === 0;
        const w = double ? DOUBLE_W : CANOE_W;
        const cargo = item.data.cargo || [];
        const parts = [
            s('rect', { class: 'hit', x: -w / 2 - 6, y: -17, width: w + 12, height: 34, rx: 8 }),
            s('path', {
                class: 'hull',
                d: hullPath(w, CANOE_H),
                fill: item.joe ? '#222' : seatColour(item.seat),
            }),
        ];
        const label = item.joe ? 'J' : `${item.seat + 1}`;
        parts.push(this.text({ class: 'canoe-label', x: -w / 2 + 11, y: 0, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, label));
        const slots = double ? 2 : 1;
        for (let i = 0; i < slots; i++) {
            const x = double ? 4 + i * 14 : 6;
            if (cargo[i]) parts.push(gemShape(cargo[i], x, 0, 6));
            else parts.push(s('circle', { class: 'slot', cx: x, cy: 0, r: 3 }));
        }
        if (hasElk) parts.push(this.text({ class: 'elk-mark', x: 0, y: -13, 'text-anchor': 'middle' }, 'elk +2'));
        const owner = item.joe ? 'Diamond Joe\'s canoe' : `${seatName(state, item.seat)}'s ${canoeName(item.canoe, spirits)}`;
        const where = item.where === 'land' ? 'on land' : item.where === 'lost' ? 'lost'
            : item.where.startsWith('bank:') ? `on the bank at ${item.data.pos}` : `at ${item.data.pos ?? item.data.pos}`;
        parts.push(s('title', {}, `${owner}, ${where}, carrying ${cargo.length ? cargo.join(' and ') : 'nothing'}`));
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

    // ---- where the selected canoe can go -----------------------------------------------------------

    renderTargets(moves, selected) {
        // Unchanged choices keep their elements (a tap in progress keeps its target).
        const signature = selected === null ? '' : `${selected}|${moves.map((a) => a.text).join(';')}`;
        if (signature === this.targetSignature) return;
        this.targetSignature = signature;
        this.targets.replaceChildren();
        this.rings.replaceChildren();
        for (const place of this.svg.querySelectorAll('.place.loadable')) place.classList.remove('loadable');
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
            const count = actions.length > 1 ? `${actions.length} ways` : '';
            const danger = dest === 'falls';
            if (dest === 'land') {
                this.targets.append(s('rect', {
                    class: 'target', dataset: { dest }, x: LAND.x, y: LAND.y, width: LAND.width, height: LAND.height, rx: 14,
                    onclick: click,
                }));
                this.rings.append(s('rect', {
                    class: 'ring', dataset: { dest }, x: LAND.x - 4, y: LAND.y - 4, width: LAND.width + 8, height: LAND.height + 8, rx: 16,
                    onclick: click,
                }));
                if (count) this.rings.append(this.text({ class: 'ring-count', x: LAND.x + LAND.width / 2, y: LAND.y + LAND.height - 10, 'text-anchor': 'middle' }, count));
            } else if (dest === 'falls') {
                this.targets.append(s('rect', {
                    class: 'target danger', dataset: { dest }, x: FALLS.x, y: FALLS.y, width: FALLS.width, height: FALLS.height, rx: 8,
                    onclick: click,
                }));
                this.rings.append(s('rect', {
                    class: 'ring danger', dataset: { dest }, x: FALLS.x - 4, y: FALLS.y - 4, width: FALLS.width + 8, height: FALLS.height + 8, rx: 10,
                    onclick: click,
                }));
            } else if (POS[dest]) {
                const p = POS[dest];
                this.targets.append(s('circle', { class: 'target', dataset: { dest }, cx: p.x, cy: p.y, r: DISC_R, onclick: click }));
                this.rings.append(s('circle', { class: `ring${danger ? ' danger' : ''}`, dataset: { dest }, cx: p.x, cy: p.y, r: DISC_R + 4, onclick: click }));
                if (count) this.rings.append(this.text({ class: 'ring-count', ...this.offset(p.x, p.y, 0, -DISC_R - 8), 'text-anchor': 'middle' }, count));
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
                d.path.push(last === 'falls' || last === 'gone' ? 'gone' : POSITIONS.includes(last) ? discStep(last, branch) : last);
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
