// The page around the board, as a newcomer meets it (issue 24): the rules one tap away in the
// header (with the expansion and Diamond Joe, and pictures), everything of a turn on one laptop
// screen, the wording of whirlpool moves, the buy-back's "Not now", the list of all choices,
// the focus after a card, sounds (off by default, remembered) and the phone bringing the
// decision into view. Games here are against random bots (their level does not matter).
//
//   NIAGARA_SERVER_BIN   the server (default: build/release/server/niagara-server)
//   NIAGARA_WEB_OUT      where screenshots go (default: build/web-test)

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

import { openPlayer } from './lib/browser.js';
import { gameState, seededRandom, takeDecision } from './lib/player.js';
import { botPace, out, seriousAxeViolations, useSuite } from './lib/suite.js';

let server;
let browser;
useSuite([...botPace({ delayMs: 20, thinkMs: 50 })], (started) => ({ server, browser } = started));

// A game with the expansion and Diamond Joe against three random bots, started at once.
async function startGame(player, seed = 5) {
    await player.page.evaluate(
        (s) =>
            window.niagara.client.quickGame({
                players: 4,
                bots: 'random',
                spirits: true,
                diamond_joe: true,
                seed: s,
            }),
        seed,
    );
    await player.page.waitForSelector('#board svg .disc');
}

// Plays (with the test policy) until `until(state)` holds on the page; returns that value.
async function playUntil(player, until, limitMs = 40_000) {
    const started = Date.now();
    for (;;) {
        const value = await player.page.evaluate(until);
        if (value) return value;
        if (!(await takeDecision(player, player.random))) {
            const state = await gameState(player.page);
            assert.ok(!state.over, 'the game is still on');
            await sleep(20);
        }
        assert.ok(Date.now() - started < limitMs, 'the moment came in time');
    }
}

// Whether an element's box is within the viewport (at least `part` of its height).
async function inView(page, selector, part = 0.5) {
    return page.evaluate(
        ([sel, p]) => {
            const el = document.querySelector(sel);
            if (!el) return false;
            const r = el.getBoundingClientRect();
            const visible = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
            return (
                r.width > 0 &&
                visible >= Math.min(r.height, 120) * p &&
                r.left >= 0 &&
                r.right <= innerWidth + 1
            );
        },
        [selector, part],
    );
}

function noProblems(player) {
    assert.deepEqual(player.problems, [], 'no script errors in the page');
}

test('laptop: rules from the header, one screen for a turn, wording, buy-back, choices, focus, sound', async () => {
    const ann = await openPlayer(browser, server.url, { name: 'ann', reducedMotion: true });
    ann.random = seededRandom(21);
    const { page } = ann;
    await page.setViewportSize({ width: 1366, height: 768 });

    // Sounds are off by default; the header toggle turns them on, and a reload remembers it.
    assert.equal(await page.textContent('#sound-toggle'), 'Sound: off');
    assert.equal(await page.getAttribute('#sound-toggle', 'aria-pressed'), 'false');
    assert.equal(await page.evaluate(() => window.niagara.sounds.played), 0, 'silence by default');
    await page.click('#sound-toggle');
    assert.equal(await page.getAttribute('#sound-toggle', 'aria-pressed'), 'true');
    assert.equal(
        await page.evaluate(() => window.niagara.sounds.played),
        1,
        'a sound to say they are on (WebAudio)',
    );
    await page.reload();
    await page.waitForSelector('body[data-ready="yes"]');
    assert.equal(
        await page.textContent('#sound-toggle'),
        'Sound: on',
        'the choice survives a reload',
    );
    assert.equal(await page.evaluate(() => window.niagara.sounds.enabled), true);

    await startGame(ann);
    await page.waitForFunction(() => window.niagara.sounds.played >= 1, null, { timeout: 10000 }); // your turn: choose a card

    // The rules: a header button opens them during the game, with the expansion and Joe.
    assert.equal(
        await page.locator('details#help').count(),
        0,
        'no closed box at the bottom any more',
    );
    await page.click('#howto-open');
    const dialog = page.locator('dialog#howto[open]');
    await dialog.waitFor();
    const text = await dialog.textContent();
    for (const word of [
        'Lasso',
        '1/2/3',
        'Card 7',
        'whirlpool',
        'Hurried Elk',
        'Bathing Beaver',
        'Diamond Joe',
        'double canoe',
    ])
        assert.ok(text.includes(word), `the rules explain ${word}`);
    assert.match(
        text,
        /Only when you have played all your cards/,
        'the hand refills only after all cards (R3.5)',
    );
    assert.match(
        text,
        /phase II is still played to the end/,
        'the end comes at the end of phase II (R9.2)',
    );
    for (const picture of ['lasso', 'whirlpool', 'elk', 'beaver', 'joe', 'river']) {
        const svg = dialog.locator(`figure[data-picture="${picture}"] svg[role="img"]`);
        assert.equal(await svg.count(), 1, `a picture of ${picture}`);
        assert.ok(
            (await svg.getAttribute('aria-label')).length > 20,
            `the ${picture} picture has a text alternative`,
        );
        assert.ok(
            (await svg.locator('circle').count()) > 5,
            `the ${picture} picture draws the river`,
        );
    }
    assert.deepEqual(
        await seriousAxeViolations(page),
        [],
        'axe-core finds nothing serious with the rules open',
    );
    await dialog.locator('figure[data-picture="whirlpool"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'page-howto-laptop.png') });
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog#howto:not([open])', { state: 'attached' });
    assert.equal(
        await page.evaluate(() => document.activeElement.id),
        'howto-open',
        'closing returns to the button',
    );

    // Tooltips on the hand's cards; the cloud card has a name.
    await page.waitForSelector('.hand .card.playable');
    assert.equal(
        await page.getAttribute('.hand .card[data-card="cloud"]', 'aria-label'),
        'cloud card',
    );
    assert.match(await page.getAttribute('.hand .card[data-card="lasso"]', 'title'), /bank/);
    assert.match(await page.getAttribute('.hand .card[data-card="1/2/3"]', 'title'), /one canoe/);

    // Phase I: the list of all choices does not repeat the hand.
    assert.equal(
        await page.locator('#decision .all-choices [data-type="play"]').count(),
        0,
        'no card in the list',
    );

    // Focus: a card played with the keyboard leaves the focus in the decision area.
    const card = page.locator('.hand .card.playable').first();
    await card.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.niagara.store.state.chosen);
    await page.waitForTimeout(200);
    assert.ok(
        await page.evaluate(() =>
            document.querySelector('#decision').contains(document.activeElement),
        ),
        'the focus stays in the decision area after a card is played',
    );

    // A turn with canoe moves: the choices are grouped by canoe in words, without the hand.
    await playUntil(ann, () => {
        const s = window.niagara.store.state;
        return (
            !s.pending && s.prompt?.actions.some((a) => a.type === 'move') && s.view.game.round >= 2
        );
    });
    await page.waitForSelector('#decision .all-choices .choice-group');
    const groups = await page.$$eval('#decision .all-choices .choice-group h4', (hs) =>
        hs.map((h) => h.textContent),
    );
    assert.ok(
        groups.length >= 1 && groups.every((g) => /canoe|End|cloud|Elk|Joe|fork/i.test(g)),
        `grouped: ${groups}`,
    );
    assert.equal(await page.locator('#decision .all-choices [data-type="play"]').count(), 0);
    const first = await page.textContent('#decision .all-choices .choice-group .action .what');
    assert.ok(!first.startsWith('/'), 'each choice reads in words first');

    // One laptop screen: the board, the decision, the players and the newest log line.
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, 'page-turn-laptop.png') });
    assert.deepEqual(
        await seriousAxeViolations(page),
        [],
        'axe-core finds nothing serious in a turn',
    );
    for (const sel of ['#board svg.board', '#decision', '#players'])
        assert.ok(await inView(page, sel), `${sel} is in view at 1366x768`);
    const newest = await page.evaluate(() => {
        const log = document.querySelector('#talk .log');
        const last = log?.lastElementChild;
        if (!last) return null;
        const r = last.getBoundingClientRect();
        const box = log.getBoundingClientRect();
        return {
            inLog: r.bottom <= box.bottom + 2 && r.top >= box.top - 2,
            inView: r.bottom <= innerHeight && r.top >= 0,
        };
    });
    assert.deepEqual(newest, { inLog: true, inView: true }, 'the newest log line is in view');
    assert.equal(
        await page.evaluate(() => document.scrollingElement.scrollHeight <= innerHeight + 1),
        true,
        'no page scrolling',
    );

    // Whirlpool wording: the move says it ends on the whirlpool and where the push leaves it.
    const words = await page.evaluate(async () => {
        const { describeAction } = await import('./js/describe.js');
        return describeAction(
            {
                type: 'move',
                canoe: 1,
                direction: 'up',
                steps: 1,
                from: 'R6',
                to: 'R6',
                branch: 'right',
                pushed: true,
            },
            { whirlpool: 'T5' },
        );
    });
    assert.match(words, /up-river 1 onto the whirlpool at T5/);
    assert.match(words, /it ends at R6/);
    assert.doesNotMatch(words, /pushes it on\b/);
    // Diamond Joe's gem is named; the 1/2/3 card never says "from land" for a canoe in the river.
    const joe = await page.evaluate(async () => {
        const { describeAction } = await import('./js/describe.js');
        return describeAction(
            { type: 'joe', deal: 'take', canoe: 0 },
            { joe: { pos: 'T3', cargo: ['red'] } },
        );
    });
    assert.equal(joe, "Take Diamond Joe's red gem into canoe 1");
    const oneTwoThree = await page.evaluate(async () => {
        const { situation } = await import('./js/decision.js');
        const game = {
            phase: 'actions',
            acting: [0],
            you: 0,
            turn: {
                seat: 0,
                card: '1/2/3',
                stage: 'move',
                must_move: [],
                may_move: [0, 1],
                exactly_one: true,
            },
            seats: [
                {
                    canoes: [
                        { where: 'river', pos: 'T3', cargo: [] },
                        { where: 'land', pos: null, cargo: [] },
                    ],
                },
            ],
        };
        return situation(window.niagara.store.state, game, 0);
    });
    assert.doesNotMatch(oneTwoThree, /from land/);
    assert.match(oneTwoThree, /canoe 1 at T3 or canoe 2 on land/);
    const real = await page.evaluate(() =>
        [...document.querySelectorAll('#decision .all-choices .action .what')]
            .map((e) => e.textContent)
            .filter((t) => t.includes('whirlpool')),
    );
    for (const line of real)
        assert.match(
            line,
            /ends at|over the waterfall/,
            `a real whirlpool move says where it ends: ${line}`,
        );

    // Buy-back: offered with what it costs the collection, and "Not now" puts it away. (The
    // offer is made on the page's own state: a lost canoe and gems in the collection.)
    await playUntil(ann, () => {
        const s = window.niagara.store.state;
        return (
            !s.pending &&
            s.view.game.phase === 'choose' &&
            s.prompt?.actions.some((a) => a.type === 'play')
        );
    });
    await page.evaluate(() =>
        window.niagara.store.update((s) => {
            const me = s.view.game.you;
            const seat = s.view.game.seats[me];
            seat.collection = { red: 1, blue: 2, violet: 1, clear: 1, yellow: 1 };
            seat.canoes[1] = { where: 'lost', pos: null, cargo: [] };
            s.prompt = {
                ...s.prompt,
                actions: [
                    { type: 'buyback', seat: me, canoe: 1, pay: 'red', text: 'buyback 2 red' },
                    { type: 'buyback', seat: me, canoe: 1, pay: 'blue', text: 'buyback 2 blue' },
                    ...s.prompt.actions,
                ],
            };
            s.promptSeq += 1;
        }),
    );
    const offer = page.locator('#decision .buyback');
    await offer.waitFor();
    assert.match(
        await offer.locator('[data-text="buyback 2 red"]').textContent(),
        /paying red leaves you 4 colours/,
    );
    assert.match(
        await offer.locator('[data-text="buyback 2 blue"]').textContent(),
        /leaves you 1 blue/,
    );
    await page.click('#buyback-not-now');
    await page.waitForSelector('#decision .buyback.declined');
    assert.equal(
        await page.locator('#decision [data-text="buyback 2 red"]').count(),
        0,
        '"Not now" puts the offer away',
    );
    assert.ok(
        (await page.locator('.hand .card.playable').count()) > 0,
        'the hand is still there to play',
    );
    await page.evaluate(() => window.niagara.client.requestSync());

    noProblems(ann);
    await ann.context.close();
});

test('laptop: your own clock beside your decision; a notice when it is your turn', async () => {
    const bo = await openPlayer(browser, server.url, { name: 'bo', reducedMotion: true });
    bo.random = seededRandom(5);
    await bo.page.setViewportSize({ width: 1366, height: 768 });
    await bo.page.evaluate(() =>
        window.niagara.client.quickGame({
            players: 3,
            bots: 'random',
            spirits: true,
            turn_seconds: 60,
            seed: 9,
        }),
    );
    await bo.page.waitForSelector('#board svg .disc');
    await bo.page.waitForSelector('#decision .decision-title .my-clock');
    assert.match(await bo.page.textContent('#decision .my-clock'), /^\d:\d\d$/);
    await playUntil(bo, () => {
        const s = window.niagara.store.state;
        return s.view.game.phase === 'actions' && s.prompt && !s.pending;
    });
    await bo.page.waitForSelector('#notice.notice-you:has-text("Your turn")');
    assert.equal(await bo.page.getAttribute('#notice', 'aria-live'), 'polite');
    assert.equal(
        await bo.page.getAttribute('#notice', 'role'),
        'status',
        'announced politely, not as an alert',
    );
    assert.equal(
        await bo.page.evaluate(() => document.querySelector('#notice').hidden),
        false,
        'the live region stays on the page',
    );

    // What happens to you gets a notice and a sound cue: a gem stolen, a canoe over the falls.
    const news = await bo.page.evaluate(async () => {
        const { personalNews } = await import('./js/notices.js');
        const seatOf = (canoes) => ({ canoes, collection: {} });
        const view = (mine) => ({
            table: { seats: [{ name: 'bo' }, { name: 'bot-2' }] },
            game: { you: 0, phase: 'actions', seats: [seatOf(mine), seatOf([])] },
        });
        const before = view([
            { where: 'river', pos: 'T3', cargo: ['red'] },
            { where: 'river', pos: 'L7', cargo: ['blue'] },
        ]).game;
        const told = [];
        for (const after of [
            [
                { where: 'river', pos: 'T3', cargo: [] },
                { where: 'river', pos: 'L7', cargo: ['blue'] },
            ],
            [
                { where: 'river', pos: 'T3', cargo: ['red'] },
                { where: 'lost', pos: null, cargo: [] },
            ],
        ]) {
            const s = {
                view: view(after),
                table: { id: 1, seat: 0 },
                prompt: null,
                pending: null,
                notice: null,
                cue: null,
            };
            personalNews(s, before, false, { type: 'patch', event: { seat: 1 } });
            told.push([s.notice?.text, s.cue?.name]);
        }
        return told;
    });
    assert.deepEqual(news[0], ['bot-2 stole your red from canoe 1!', 'stolen']);
    assert.match(news[1][0], /Your canoe 2 went over the waterfall with blue/);
    assert.equal(news[1][1], 'lost');
    // Your turn is told when it follows your own card with no moment without a decision (the
    // last card chosen, and you move first: the card's prompt was still open), once a turn.
    const turnNews = await bo.page.evaluate(async () => {
        const { personalNews } = await import('./js/notices.js');
        const seat = { canoes: [], collection: {} };
        const game = (phase) => ({
            you: 0,
            phase,
            round: 2,
            turn: phase === 'actions' ? { seat: 0, card: null } : null,
            seats: [seat, seat],
        });
        const s = {
            view: { table: { seats: [{ name: 'bo' }, { name: 'bot-2' }] }, game: game('actions') },
            table: { id: 7, seat: 0 },
            prompt: { actions: [] },
            pending: null,
            notice: null,
            cue: null,
        };
        personalNews(s, game('choose'), true, { type: 'patch', event: { seat: 0 } });
        const told = [s.notice?.text, s.cue?.name];
        s.notice = null;
        personalNews(s, game('actions'), true, { type: 'patch', event: { seat: 0 } });
        return [told, s.notice];
    });
    assert.deepEqual(turnNews[0], ['Your turn.', 'turn']);
    assert.equal(turnNews[1], null, 'told once a turn');
    noProblems(bo);
    await bo.context.close();
});

test('phone: the decision comes into view on your turn', async () => {
    const cy = await openPlayer(browser, server.url, {
        name: 'cy',
        phone: true,
        reducedMotion: true,
    });
    cy.random = seededRandom(8);
    await startGame(cy, 12);
    // Scrolled to the top of the board while not deciding (in one step: a decision that came
    // meanwhile would already have been brought into view), then a decision comes: it is
    // brought into view.
    await playUntil(cy, () => {
        const s = window.niagara.store.state;
        if (s.prompt || s.view.game.round < 2) return false;
        window.scrollTo(0, 0);
        return {
            top: document.querySelector('#decision').getBoundingClientRect().top,
            height: innerHeight,
        };
    }).then((at) =>
        assert.ok(
            at.top > at.height * 0.6,
            `the decision is out of view at the top of the page (${JSON.stringify(at)})`,
        ),
    );
    await cy.page.waitForFunction(() => {
        const s = window.niagara.store.state;
        return s.prompt && !s.pending;
    });
    await cy.page.waitForTimeout(600);
    assert.ok(await inView(cy.page, '#decision', 0.3), 'the decision is in view on the phone');
    await cy.page.screenshot({ path: path.join(out, 'page-turn-phone.png') });
    await cy.page.click('#howto-open');
    await cy.page.waitForSelector('dialog#howto[open]');
    await cy.page.screenshot({ path: path.join(out, 'page-howto-phone.png') });
    noProblems(cy);
    await cy.context.close();
});
