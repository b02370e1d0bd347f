// The board as a person sees it, in Chromium against the real server: gems told apart by shape
// and by colours that stay apart for colour-blind eyes, each seat's canoes numbered 1 and 2,
// canoes on neighbouring spaces apart (laptop and phone), the branches on their own sides of
// the turned phone board, the last move marked, every canoe named for a screen reader and
// listed in the board's words, finger-sized canoes on the phone, and axe-core's check.
//
//   NIAGARA_SERVER_BIN   the server (default: build/release/server/niagara-server)
//   NIAGARA_WEB_OUT      where screenshots go (default: build/web-test)

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

import { openPlayer } from './lib/browser.js';
import { closestPairs } from './lib/colour-vision.js';
import { gameState, seededRandom, takeDecision } from './lib/player.js';
import { botPace, out, seriousAxeViolations, useSuite } from './lib/suite.js';

let server;
let browser;
useSuite([...botPace()], (started) => ({ server, browser } = started));

// A named player at a table of three with two random bots ("Play against bots").
async function quickGame(options) {
    const player = await openPlayer(browser, server.url, options);
    const { page } = player;
    await page.fill('#name-input', options.name);
    await page.locator('#name-form button[type="submit"]').click();
    await page.waitForFunction((n) => window.niagara.store.state.me.name === n, options.name);
    await page.selectOption('#quick-players', '3');
    await page.selectOption('#quick-level', 'random');
    await page.locator('#quick-game').click();
    await page.waitForSelector('#board svg .canoe');
    return player;
}

// Waits until it is our card to choose (nothing on the board moves until we do).
async function waitForOurCard(page) {
    await page.waitForFunction(
        () => {
            const s = window.niagara.store.state;
            return s.prompt && !s.pending && s.view?.game?.phase === 'choose';
        },
        null,
        { timeout: 20000 },
    );
}

// The board's pieces as boxes on the screen.
async function canoeBoxes(page) {
    return page.evaluate(() =>
        [...document.querySelectorAll('svg.board .canoe')].map((g) => {
            const box = (el) => {
                const r = el.getBoundingClientRect();
                return { x: r.x, y: r.y, w: r.width, h: r.height };
            };
            return {
                key: g.dataset.canoe,
                location: g.dataset.location,
                hull: box(g.querySelector('.hull')),
                hit: box(g.querySelector('.hit')),
            };
        }),
    );
}

async function discBoxes(page) {
    return page.evaluate(() =>
        Object.fromEntries(
            [...document.querySelectorAll('svg.board .disc')].map((d) => {
                const r = d.querySelector('circle').getBoundingClientRect();
                return [
                    d.dataset.pos,
                    {
                        x: r.x,
                        y: r.y,
                        w: r.width,
                        h: r.height,
                        cx: r.x + r.width / 2,
                        cy: r.y + r.height / 2,
                    },
                ];
            }),
        ),
    );
}

const overlap = (a, b) =>
    a.x < b.x + b.w - 0.5 &&
    b.x < a.x + a.w - 0.5 &&
    a.y < b.y + b.h - 0.5 &&
    b.y < a.y + a.h - 0.5;

// Puts every canoe of the three seats on T1-T3 (2, 3 and 1 of them) in the page's view and
// redraws: a crowded river, drawn by the page's own code. uncrowd() puts the view back.
async function crowdTheRiver(page) {
    await page.evaluate(() =>
        window.niagara.store.update((s) => {
            window.realView = structuredClone(s.view);
            const spots = [
                ['T1', 'T1'],
                ['T2', 'T2'],
                ['T2', 'T3'],
            ];
            s.view.game.seats.forEach((seat, i) =>
                seat.canoes.forEach((c, k) => {
                    c.where = 'river';
                    c.pos = spots[i][k];
                }),
            );
            // The whirlpool on T4 and the elk in seat 1's canoe 1, as in the expansion.
            s.view.game.whirlpool = 'T4';
            s.view.game.elk = { at: 'canoe', seat: 0, canoe: 0 };
            s.flow = { seq: 1e6, steps: 0, fork: s.view.game.fork }; // a redraw, no animation
        }),
    );
    await page.waitForFunction(
        () => document.querySelectorAll('svg.board .canoe[data-location="T2"]').length === 3,
    );
    await sleep(800); // the canoes glide to their places
}

async function uncrowd(page) {
    await page.evaluate(() =>
        window.niagara.store.update((s) => {
            s.view = window.realView;
            s.flow = { seq: 1e6 + 1, steps: 0, fork: s.view.game.fork };
        }),
    );
}

// The whirlpool leaves its space's name readable; the elk's +2 is large enough to read.
async function checkPieces(page, where) {
    const { labelOverWhirlpool, elk, whirlpool } = await page.evaluate(() => {
        const pieces = document.querySelector('svg.board .layer-pieces');
        const labels = document.querySelector('svg.board .layer-labels');
        const mark = document.querySelector('svg.board .canoe[data-canoe="0-0"] .elk-mark');
        const r = mark?.getBoundingClientRect();
        return {
            labelOverWhirlpool: !!(
                pieces.compareDocumentPosition(labels) & Node.DOCUMENT_POSITION_FOLLOWING
            ),
            whirlpool: document.querySelectorAll('svg.board .piece-whirlpool').length,
            elk: r ? { w: r.width, h: r.height, text: mark.textContent } : null,
        };
    });
    assert.equal(whirlpool, 1, `${where}: the whirlpool is drawn`);
    assert.ok(labelOverWhirlpool, `${where}: the position names are drawn over the whirlpool`);
    assert.ok(
        elk && elk.text === '+2' && elk.w >= 16 && elk.h >= 16,
        `${where}: the elk's +2 is legible (${JSON.stringify(elk)})`,
    );
}

function checkApart(boxes, discs, where) {
    for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i], boxes[j]];
            assert.ok(
                !overlap(a.hull, b.hull),
                `${where}: canoes ${a.key} (${a.location}) and ${b.key} (${b.location}) do not overlap`,
            );
            if (a.location !== b.location)
                assert.ok(
                    !overlap(a.hit, b.hit),
                    `${where}: canoes ${a.key} and ${b.key} on different spaces have separate targets`,
                );
        }
    // No canoe reaches into another space's disc.
    for (const c of boxes)
        for (const [pos, disc] of Object.entries(discs))
            if (pos !== c.location)
                assert.ok(
                    !overlap(c.hull, disc),
                    `${where}: canoe ${c.key} at ${c.location} stays off ${pos}`,
                );
}

test('colours: the gems and the seats stay apart for colour-blind eyes (Machado 2009)', async () => {
    const player = await openPlayer(browser, server.url, { name: 'viewer' });
    const { gems, seats } = await player.page.evaluate(async () => {
        const m = await import('/js/colours.js');
        return {
            gems: m.GEM_FILL,
            seats: Object.fromEntries(m.SEAT_FILL.map((c, i) => [`seat ${i + 1}`, c])),
        };
    });
    for (const [vision, { d, pair }] of Object.entries(closestPairs(gems))) {
        console.log(`# gems, ${vision}: closest ${pair.join('/')} ΔE ${d.toFixed(1)}`);
        assert.ok(d >= 25, `gems ${pair.join(' and ')} apart under ${vision} (ΔE ${d.toFixed(1)})`);
    }
    for (const [vision, { d, pair }] of Object.entries(closestPairs(seats))) {
        console.log(`# seats, ${vision}: closest ${pair.join('/')} ΔE ${d.toFixed(1)}`);
        assert.ok(
            d >= 15,
            `seat colours ${pair.join(' and ')} apart under ${vision} (ΔE ${d.toFixed(1)})`,
        );
    }
    // The lobby passes axe-core's check.
    await player.page.waitForSelector('#quick-game');
    const lobby = await seriousAxeViolations(player.page);
    console.log(`# axe, lobby: ${JSON.stringify(lobby)}`);
    assert.deepEqual(lobby, [], 'no serious or critical accessibility violations in the lobby');
    assert.deepEqual(player.problems, []);
    await player.context.close();
});

test('laptop: gem shapes, canoe numbers, names, words, canoes apart, the last move marked, axe', async () => {
    const ann = await quickGame({ name: 'ann', reducedMotion: true });
    const { page } = ann;
    await page.setViewportSize({ width: 1366, height: 768 });
    ann.random = seededRandom(5);

    // Gems: one shape per colour, five shapes, everywhere gems are drawn.
    const shapes = await page.evaluate(() => {
        const seen = {};
        for (const el of document.querySelectorAll('svg .gem[data-shape]')) {
            const colour = [...el.classList].find((c) => c.startsWith('gem-')).slice(4);
            (seen[colour] ||= new Set()).add(`${el.dataset.shape}`);
        }
        return Object.fromEntries(Object.entries(seen).map(([c, set]) => [c, [...set]]));
    });
    assert.deepEqual(
        Object.keys(shapes).sort(),
        ['blue', 'clear', 'red', 'violet', 'yellow'],
        'gems of all five colours are drawn',
    );
    for (const [colour, list] of Object.entries(shapes))
        assert.equal(list.length, 1, `every ${colour} gem has the same shape`);
    assert.equal(
        new Set(Object.values(shapes).map((l) => l[0])).size,
        5,
        'five colours, five shapes',
    );
    const legend = await page
        .locator('.gem-legend [data-shape]')
        .evaluateAll((els) => els.map((e) => e.dataset.shape));
    assert.equal(new Set(legend).size, 5, 'the legend shows five shapes');
    const outlines = await page.evaluate(() =>
        [...document.querySelectorAll('.place-mark')].map(
            (p) => p.getAttribute('d').split(/[MLAZ]/i).length,
        ),
    );
    assert.equal(outlines.length, 5);

    // Canoes: each seat's are numbered 1 and 2, and each is named.
    const canoes = await page.evaluate(() =>
        [...document.querySelectorAll('svg.board .canoe')].map((g) => ({
            key: g.dataset.canoe,
            label: g.querySelector('.canoe-label').textContent,
            name: g.getAttribute('aria-label'),
            role: g.getAttribute('role'),
            title: g.querySelector('title')?.textContent,
        })),
    );
    const names = await page.evaluate(() =>
        window.niagara.store.state.view.table.seats.map((s) => s.name),
    );
    assert.equal(canoes.length, 6);
    for (const c of canoes) {
        const [seat, k] = c.key.split('-').map(Number);
        assert.equal(c.label, String(k + 1), `canoe ${c.key} is labelled ${k + 1}`);
        assert.match(
            c.name,
            new RegExp(`^${names[seat]}'s canoe ${k + 1} on land, empty`),
            `canoe ${c.key} has an accessible name`,
        );
        assert.ok(['img', 'button'].includes(c.role));
        assert.ok(c.title.startsWith(`${names[seat]}'s canoe ${k + 1}`), 'and a tooltip');
    }
    // The board in words lists every canoe.
    const listed = await page
        .locator('.board-words .word-canoe')
        .evaluateAll((els) => els.map((e) => e.dataset.canoe));
    assert.deepEqual(listed.sort(), canoes.map((c) => c.key).sort(), 'the words list every canoe');
    assert.match(await page.textContent('.board-words'), /T4:.*beside the clear place/);
    const svgRole = await page.getAttribute('svg.board', 'role');
    assert.equal(svgRole, 'group', 'the board is a group of named pieces, not one image');
    // Places: the count is of the place's own colour.
    const place = await page.getAttribute('.place-blue', 'aria-label');
    assert.match(place, /^blue place \(beside L6 and R6\): \d+ blue gems?/);

    // Play until ann moves last in a round: nothing moves after her until she chooses a card,
    // and the canoe she moved is marked (dashed outline, a dashed path, the words), also when
    // the river brought it back to where it was (the next test).
    let checked = false;
    let axeDone = false;
    for (let round = 0; !checked;) {
        const before = await page.evaluate(() => window.niagara.store.state.view.game.phase);
        const text = await takeDecision(ann, ann.random).catch(async (e) => {
            e.message += `\npage problems: ${JSON.stringify(ann.problems)}\ndecision: ${await page.innerHTML('#decision')}`;
            throw e;
        });
        if (!text) {
            const state = await gameState(page);
            if (state.over) break;
            round = state.round;
            assert.ok(round < 30, 'ann moves last in some round');
            await sleep(20);
            continue;
        }
        const moved = /^canoe (\d)/.exec(text);
        if (before !== 'actions' || !moved) continue;
        const waiting = await page
            .waitForFunction(
                () => {
                    const s = window.niagara.store.state;
                    return s.prompt && !s.pending && s.view.game.phase === 'choose';
                },
                null,
                { timeout: 1500 },
            )
            .then(
                () => true,
                () => false,
            );
        if (!waiting) continue;
        // Unless a bot moved after ann (the river's round ends after the last player's move).
        // Read once the page has drawn the state just waited for (the next frame): before it,
        // the words can still be ann's move while the board already shows a bot's action
        // after it (a cloud played last, ending the round: the river moves no canoe of ann's
        // for her).
        const last = await page.evaluate(
            () =>
                new Promise((resolve) =>
                    requestAnimationFrame(() =>
                        requestAnimationFrame(() =>
                            resolve(
                                document.querySelector('.board-words .words-last')?.textContent ??
                                    '',
                            ),
                        ),
                    ),
                ),
        );
        if (!last.startsWith('Last move: ann')) continue;
        const key = `0-${Number(moved[1]) - 1}`;
        await page.waitForSelector(`svg.board .canoe.last-move[data-canoe="${key}"]`, {
            timeout: 3000,
        });
        const marks = await page.evaluate(
            (k) => ({
                outline: getComputedStyle(
                    document.querySelector(`.canoe[data-canoe="${k}"] .last-outline`),
                ).strokeDasharray,
                trail: document.querySelectorAll(`.trail[data-canoe="${k}"]`).length,
                lost:
                    document.querySelector(`.canoe[data-canoe="${k}"]`).dataset.location === 'lost',
                words: document.querySelector(`.board-words .word-canoe[data-canoe="${k}"]`)
                    .textContent,
                lastWords: document.querySelector('.board-words .words-last')?.textContent,
            }),
            key,
        );
        assert.notEqual(marks.outline, 'none', 'the moved canoe has a dashed outline');
        assert.ok(marks.trail === 1 || marks.lost, 'a dashed path shows the way it went');
        assert.match(marks.words, /moved in the last move/);
        assert.match(marks.lastWords, /^Last move: ann/);
        checked = true;
        await page.waitForTimeout(200);
        await page.screenshot({ path: path.join(out, 'board-last-move-laptop.png') });

        // axe at the table, while a decision is open.
        const violations = await seriousAxeViolations(page);
        console.log(`# axe, table (laptop): ${JSON.stringify(violations)}`);
        assert.deepEqual(
            violations,
            [],
            'no serious or critical accessibility violations at the table',
        );
        axeDone = true;
    }
    assert.ok(checked && axeDone, 'the last move was checked');

    // A crowded river: no canoes overlap, none reaches into another space.
    await waitForOurCard(page);
    await crowdTheRiver(page);
    checkApart(await canoeBoxes(page), await discBoxes(page), 'laptop');
    await checkPieces(page, 'laptop');
    await page.screenshot({ path: path.join(out, 'board-crowded-laptop.png') });
    await uncrowd(page);
    assert.deepEqual(ann.problems, []);
    await ann.context.close();
});

// When a player's move ends the round, the move and the river's step come in one view: the
// river may bring the canoe back to where it started (up 2, then the river's 2 down). The
// event says which canoe moved and where its move ended: that canoe is marked, its path goes
// there and back, and another seat's canoe the river only carried stays unmarked. (This was
// the miss seen once in a fresh-clone run of the test above.)
test('laptop: the last move is marked when the river brings the canoe back to where it was', async () => {
    const cy = await quickGame({ name: 'cy', reducedMotion: true });
    const { page } = cy;
    await page.setViewportSize({ width: 1366, height: 768 });
    await waitForOurCard(page);
    await sleep(300); // the bots have chosen: nothing comes from the server until cy does
    await page.evaluate(() => {
        const { store, client } = window.niagara;
        const table = store.state.table.id;
        const patch = (ops, event) =>
            client.receive({
                type: 'patch',
                table,
                from: store.state.version,
                to: store.state.version + 1,
                ops,
                event,
            });
        const at = (seat, canoe, pos) => [
            { op: 'replace', path: `/game/seats/${seat}/canoes/${canoe}/where`, value: 'river' },
            { op: 'add', path: `/game/seats/${seat}/canoes/${canoe}/pos`, value: pos },
        ];
        const move = (seat, canoe, kind, steps, pos) => ({
            key: 'engine.log.canoe',
            args: {
                seat: { seat },
                canoe: canoe + 1,
                first: {
                    key: `engine.log.part.${kind}`,
                    args: { steps, end: { key: 'engine.log.part.end_pos', args: { pos } } },
                },
            },
        });
        // A bot's canoe 1 goes to T2 while cy's canoe 1 is at T3.
        patch([...at(0, 0, 'T3'), ...at(1, 0, 'T2')], {
            seat: 1,
            lines: ["Seat 2's canoe 1 leaves land and moves down 2 to T2."],
            texts: [move(1, 0, 'leave_land', 2, 'T2')],
        });
        // cy's canoe 1 moves up 2 to T1 and ends the round; the river (speed 2) brings it back
        // to T3 and carries the bot's canoe from T2 to T4.
        patch(at(1, 0, 'T4'), {
            seat: 0,
            lines: [
                "Seat 1's canoe 1 moves up 2 to T1.",
                'The river moves 2 spaces (lowest card 2, weather 0).',
            ],
            texts: [
                move(0, 0, 'move_up', 2, 'T1'),
                { key: 'engine.log.river_moves', args: { speed: 2, lowest: 2, weather: 0 } },
            ],
        });
    });
    await page.waitForFunction(() =>
        document.querySelector('.board-words .words-last')?.textContent.startsWith('Last move: cy'),
    );
    await page.waitForSelector('svg.board .canoe.last-move[data-canoe="0-0"]', { timeout: 3000 });
    const marks = await page.evaluate(() => ({
        marked: [...document.querySelectorAll('svg.board .canoe.last-move')].map(
            (g) => g.dataset.canoe,
        ),
        trail: [...document.querySelectorAll('.trail[data-canoe="0-0"]')].map(
            (p) => p.getAttribute('d').split(/[ML]/).length - 1,
        ),
        words: document.querySelector('.board-words .word-canoe[data-canoe="0-0"]').textContent,
    }));
    assert.deepEqual(
        marks.marked,
        ['0-0'],
        "cy's canoe is marked, not the canoe the river carried",
    );
    assert.equal(marks.trail.length, 1, 'one dashed path');
    assert.ok(marks.trail[0] >= 3, `the path goes up to T1 and back (${marks.trail[0]} points)`);
    assert.match(marks.words, /moved in the last move/);

    // A cloud played last ends the next round: the river carries the canoes (the bot's own
    // too), and none of them is marked as moved in the last move; the words are the bot's.
    await page.evaluate(() => {
        const { store, client } = window.niagara;
        client.receive({
            type: 'patch',
            table: store.state.table.id,
            from: store.state.version,
            to: store.state.version + 1,
            ops: [
                { op: 'replace', path: '/game/seats/0/canoes/0/pos', value: 'T4' },
                { op: 'replace', path: '/game/seats/1/canoes/0/pos', value: 'T5' },
            ],
            event: {
                seat: 1,
                lines: [
                    'Seat 2 moves the weather down to -1.',
                    'The river moves 1 space (lowest card 2, weather -1).',
                ],
                texts: [
                    { key: 'engine.log.weather_down', args: { seat: { seat: 1 }, weather: -1 } },
                    { key: 'engine.log.river_moves', args: { speed: 1, lowest: 2, weather: -1 } },
                ],
            },
        });
    });
    await page.waitForFunction(() =>
        document
            .querySelector('.board-words .words-last')
            ?.textContent.startsWith('Last move: bot-2 moves the weather'),
    );
    assert.deepEqual(
        await page.evaluate(() =>
            [...document.querySelectorAll('svg.board .canoe.last-move')].map(
                (g) => g.dataset.canoe,
            ),
        ),
        [],
        'no canoe the river only carried is marked',
    );
    assert.equal(await page.locator('.trail').count(), 0);
    assert.deepEqual(cy.problems, []);
    await cy.context.close();
});

test('phone: the turned board keeps the branches on their sides, finger-sized canoes, apart', async () => {
    const bea = await quickGame({ name: 'bea', phone: true, reducedMotion: true });
    const { page } = bea;
    assert.equal(
        await page.locator('svg.board.portrait').count(),
        1,
        'the board is turned on a phone',
    );
    const discs = await discBoxes(page);
    // Facing down-river the left branch is on the left: the river flows up the screen.
    assert.ok(
        discs.L6.cx < discs.T5.cx && discs.T5.cx < discs.R6.cx,
        'L6 left of T5, R6 right of it',
    );
    assert.ok(discs.L7.cx < discs.R7.cx, 'L7 left of R7');
    assert.ok(
        discs.T1.cy > discs.T5.cy && discs.T5.cy > discs.L6.cy && discs.L6.cy > discs.L7.cy,
        'the river flows up',
    );
    const land = await page.locator('svg.board .land').boundingBox();
    assert.ok(land.y > discs.T1.cy, 'land at the bottom');

    // Every canoe on land is a target of at least 44 × 44 px.
    const check44 = async (where) => {
        for (const c of await canoeBoxes(page))
            assert.ok(
                c.hit.w >= 44 && c.hit.h >= 44,
                `${where}: canoe ${c.key} at ${c.location} is ${c.hit.w.toFixed(0)}×${c.hit.h.toFixed(0)} px`,
            );
    };
    await check44('on land');
    await waitForOurCard(page);
    await crowdTheRiver(page);
    checkApart(await canoeBoxes(page), await discBoxes(page), 'phone');
    await checkPieces(page, 'phone');
    await check44('crowded river');
    await page.locator('#board').screenshot({ path: path.join(out, 'board-crowded-phone.png') });
    await uncrowd(page);
    await page.waitForFunction(
        () => document.querySelectorAll('svg.board .canoe[data-location="land"]').length === 6,
    );

    // A tap on another seat's canoe leaves no focus on it.
    const other = page.locator('svg.board .canoe[data-canoe="1-0"]');
    await other.tap({ force: true });
    assert.equal(
        await page.evaluate(
            () => document.activeElement?.closest?.('.canoe')?.dataset.canoe ?? null,
        ),
        null,
        "no focus box on an opponent's canoe",
    );

    // Play a few rounds; the words still list every canoe; axe at the table.
    bea.random = seededRandom(3);
    for (;;) {
        if (await takeDecision(bea, bea.random)) continue;
        const state = await gameState(page);
        if (state.over || state.round >= 3) break;
        await sleep(20);
    }
    const listed = await page.locator('.board-words .word-canoe').count();
    assert.equal(
        listed,
        await page.locator('svg.board .canoe').count(),
        'the words list every canoe',
    );
    await page.screenshot({ path: path.join(out, 'board-phone.png') });
    const violations = await seriousAxeViolations(page);
    console.log(`# axe, table (phone): ${JSON.stringify(violations)}`);
    assert.deepEqual(
        violations,
        [],
        'no serious or critical accessibility violations at the table',
    );
    assert.deepEqual(bea.problems, []);
    await bea.context.close();
});
