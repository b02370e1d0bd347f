// The replay page: a finished game, stepped through move by move on the client's board. One
// player plays a game against two random bots to its end (lib/player.js's policy), opens "Watch the replay" from
// the end screen (a new tab), steps with the buttons, the keys and the slider, and at the end
// sees the final collections and winner the table announced; the page on a phone, and a bad
// game id.
//
//   NIAGARA_SERVER_BIN   the server (default: build/release/server/niagara-server)
//   NIAGARA_WEB_OUT      where screenshots go (default: build/web-test)

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

import { openPlayer } from './lib/browser.js';
import { gameState, pickAction, seededRandom } from './lib/player.js';
import { botPace, out, seriousAxeViolations, useSuite } from './lib/suite.js';

const GAME_LIMIT_MS = 90_000;
const GAME_SEED = Number(process.env.NIAGARA_REPLAY_SEED || 2);

let server;
let browser;
useSuite([...botPace()], (started) => ({ server, browser } = started));

// "2 blue, 1 red" for each seat, as both the end screen and the replay write a collection.
function collectionTexts(result) {
    const colours = ['violet', 'clear', 'yellow', 'blue', 'red'];
    return result.collections.map(
        (c) =>
            colours
                .filter((g) => c.gems?.[g])
                .map((g) => `${c.gems[g]} ${g}`)
                .join(', ') || 'no gems',
    );
}

// Takes the open decision, if any, with lib/player.js's policy, sent as the chat box would
// send it (the game is the means here: clicking every move through is play.test.js's part).
async function decide(page, random) {
    const decision = await page.evaluate(() => {
        const s = window.niagara.store.state;
        const game = s.view?.game;
        if (!s.prompt || s.pending || !game || game.you === null) return null;
        return {
            seq: s.promptSeq,
            actions: s.prompt.actions,
            canoes: game.seats[game.you].canoes,
            game,
        };
    });
    if (!decision) return false;
    const action = pickAction(decision.actions, decision.canoes, random, decision.game);
    await page.evaluate((text) => window.niagara.client.act(text), action.text);
    await page.waitForFunction(
        (seq) => {
            const s = window.niagara.store.state;
            return (
                s.promptSeq !== seq ||
                !s.prompt ||
                (!s.pending && s.log.some((e) => e.kind === 'error' && e.at > Date.now() - 5000))
            );
        },
        decision.seq,
        { timeout: 10000 },
    );
    return true;
}

async function replayState(page) {
    return page.evaluate(() => ({
        step: Number(document.body.dataset.step),
        counter: document.querySelector('#replay-counter')?.textContent,
        slider: Number(document.querySelector('#replay-slider')?.value),
        lines: [...document.querySelectorAll('#replay-lines li')].map((li) => li.textContent),
        result: !document.querySelector('#replay-result').hidden,
        canoes: Object.fromEntries(
            [...document.querySelectorAll('svg.board .canoe[data-canoe]')].map((g) => [
                g.dataset.canoe,
                `${g.getAttribute('transform')}|${g.getAttribute('class')}`,
            ]),
        ),
    }));
}

async function waitStep(page, step) {
    await page.waitForFunction((n) => document.body.dataset.step === String(n), step);
}

test('a finished game replays move by move from the end screen, to the final collections', async () => {
    const gail = await openPlayer(browser, server.url, { name: 'gail', reducedMotion: true });
    gail.random = seededRandom(5);
    await gail.page.fill('#name-input', 'gail');
    await gail.page.click('#name-form button[type="submit"]');
    await gail.page.waitForFunction(() => window.niagara.store.state.me.name === 'gail');
    // A table of three with a fixed deal and two random bots: the same short game every time.
    await gail.page.selectOption('#opt-players', '3');
    await gail.page.selectOption('#opt-bots', 'random');
    await gail.page.fill('#opt-seed', String(GAME_SEED));
    await gail.page.click('#create-table');
    await gail.page.waitForSelector('#waiting .waiting-seats');
    for (let i = 1; i <= 2; i++) {
        await gail.page.click('#add-bot');
        await gail.page.waitForFunction(
            (n) => window.niagara.store.state.view?.table?.seats?.filter((s) => s.bot).length === n,
            i,
        );
    }
    await gail.page.click('#start-game');
    await gail.page.waitForSelector('#board svg .disc');

    const started = Date.now();
    let state;
    for (;;) {
        if (await decide(gail.page, gail.random)) continue;
        state = await gameState(gail.page);
        if (state.over) break;
        assert.ok(
            Date.now() - started < GAME_LIMIT_MS,
            `the game ends within ${GAME_LIMIT_MS / 1000} s (round ${state.round})`,
        );
        await sleep(20);
    }
    const { result } = state;
    console.log(
        `# the game: ${result.rounds} rounds in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const table = await gail.page.evaluate(() => window.niagara.store.state.table.id);
    const names = await gail.page.evaluate(() =>
        window.niagara.store.state.view.table.seats.map((s) => s.name),
    );

    // The end screen links to the replay; it opens in a tab of its own.
    const link = gail.page.locator('#result #watch-replay');
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), `replay.html?game=${table}`);
    const [tab] = await Promise.all([gail.context.waitForEvent('page'), link.click()]);
    const problems = [];
    tab.on('pageerror', (e) => problems.push(e.message));
    tab.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
    });
    await tab.waitForSelector('body[data-ready="yes"]');
    assert.ok(!gail.page.isClosed(), 'the table stays open in its own tab');

    // The start: every canoe on land, nothing to go back to.
    const replay = await tab.evaluate(() => window.niagaraReplay.replay);
    const last = replay.steps.length - 1;
    assert.ok(last > 20, `a whole game's steps (${last})`);
    // The browser takes it gzipped (it sends Accept-Encoding: gzip on its own) and reads the text.
    const sizes = await tab.evaluate(async (id) => {
        const response = await fetch(`games/${id}/replay`);
        const text = await response.text();
        const timing = performance.getEntriesByName(response.url).pop();
        return {
            encoding: response.headers.get('content-encoding'),
            text: text.length,
            sent: timing?.encodedBodySize ?? 0,
        };
    }, table);
    assert.equal(sizes.encoding, 'gzip');
    console.log(
        `# the replay: ${last} steps, ${(sizes.text / 1024).toFixed(0)} KiB, ${(sizes.sent / 1024).toFixed(0)} KiB gzipped`,
    );
    assert.deepEqual(
        replay.seats.map((s) => s.name),
        names,
        "the players' names",
    );
    let shown = await replayState(tab);
    assert.equal(shown.step, 0);
    assert.match(shown.counter, new RegExp(`Step 0 of ${last}`));
    assert.ok(await tab.isDisabled('#replay-first'));
    assert.ok(await tab.isDisabled('#replay-prev'));
    assert.ok(!shown.result, 'no result before the end');
    assert.equal(Object.keys(shown.canoes).length, 6, 'two canoes a player on the board');
    assert.match(await tab.textContent('.replay-step'), /begins/);

    // Forward with the button: the first choice of a card, told now that the game is over.
    await tab.click('#replay-next');
    await waitStep(tab, 1);
    shown = await replayState(tab);
    assert.equal(shown.slider, 1);
    const first = replay.steps[1];
    assert.equal(first.action.type, 'play');
    assert.ok(
        shown.lines.some((l) => l.includes(names[first.seat])),
        `the step names its player: ${shown.lines}`,
    );
    assert.ok(
        shown.lines.some((l) => l.includes('chose')),
        'the card chosen is told',
    );
    // The arrow keys step too (the page, not a field, has the focus).
    await tab.locator('#replay-counter').click();
    await tab.keyboard.press('ArrowRight');
    await waitStep(tab, 2);
    await tab.keyboard.press('ArrowLeft');
    await waitStep(tab, 1);
    await tab.keyboard.press('Home');
    await waitStep(tab, 0);

    // The first canoe move: the board shows the canoe where it went, and the step's own line.
    const moveStep = replay.steps.findIndex((s) => s.action?.type === 'move');
    assert.ok(moveStep > 0);
    const before = await replayState(tab);
    for (let i = 0; i < moveStep; i++) await tab.keyboard.press('ArrowRight');
    await waitStep(tab, moveStep);
    shown = await replayState(tab);
    const atMove = shown;
    const mover = `${replay.steps[moveStep].seat}-${replay.steps[moveStep].action.canoe}`;
    assert.notEqual(shown.canoes[mover], before.canoes[mover], `canoe ${mover} moved on the board`);
    assert.deepEqual(
        shown.lines,
        replay.steps[moveStep].lines.map((l) =>
            l.replace(/\b[Ss]eat (\d)\b/g, (_, n) => names[Number(n) - 1]),
        ),
    );
    // The round after the step: the first move may end round 1 (the others played the cloud).
    // The server sends step 0's view and a patch per step after it; the page rebuilds views.
    assert.equal(replay.format, 'niagara-replay/2');
    assert.ok(
        replay.steps.slice(1).every((s) => Array.isArray(s.patch) && s.view === undefined),
        'patches after step 0',
    );
    const moveRound = await tab.evaluate((i) => window.niagaraReplay.viewAt(i).round, moveStep);
    assert.match(shown.counter, new RegExp(`round ${moveRound}$`));
    await tab.screenshot({ path: path.join(out, 'replay-laptop.png') });
    assert.deepEqual(
        await seriousAxeViolations(tab),
        [],
        'axe-core: no serious violations mid-game',
    );

    // The slider: its keys move it a step at a time; End takes it to the end.
    await tab.focus('#replay-slider');
    await tab.keyboard.press('ArrowRight');
    await waitStep(tab, moveStep + 1);
    await tab.keyboard.press('End');
    await waitStep(tab, last);

    // The end: the final collections and the winners, as the table announced them.
    shown = await replayState(tab);
    assert.ok(shown.result, 'the result shows at the last step');
    assert.ok(await tab.isDisabled('#replay-next'));
    assert.ok(await tab.isDisabled('#replay-last'));
    const rows = await tab.$$eval('#replay-collections li', (lis) =>
        lis.map((li) => ({
            seat: Number(li.dataset.seat),
            gems: li.querySelector('.gems').textContent,
            winning: li.classList.contains('winning'),
        })),
    );
    assert.deepEqual(
        rows.map((r) => r.gems),
        collectionTexts(result),
        'the final collections',
    );
    assert.deepEqual(
        rows
            .filter((r) => r.winning)
            .map((r) => r.seat)
            .sort(),
        [...result.winners].sort(),
    );
    const title = await tab.textContent('#replay-result-title');
    for (const w of result.winners)
        assert.ok(title.includes(names[w]), `"${title}" names ${names[w]}`);
    assert.match(shown.counter, new RegExp(`round ${result.rounds}`));
    // The players panel shows the same collections at the last step.
    for (const c of result.collections) {
        const gems = Object.values(c.gems || {}).reduce((a, b) => a + b, 0);
        const dots = await tab.locator(`#players .player[data-seat="${c.seat}"] .gem-dot`).count();
        assert.equal(dots, gems, `seat ${c.seat + 1}'s gems in the players panel`);
    }
    await tab.screenshot({ path: path.join(out, 'replay-end-laptop.png') });
    assert.deepEqual(
        await seriousAxeViolations(tab),
        [],
        'axe-core: no serious violations at the end',
    );
    // Back a step with the button: the result goes until the end again.
    await tab.click('#replay-prev');
    await waitStep(tab, last - 1);
    assert.ok(!(await replayState(tab)).result);
    // A jump back from the end rebuilds the view the steps forward drew.
    await tab.evaluate((i) => window.niagaraReplay.go(i), moveStep);
    await waitStep(tab, moveStep);
    assert.deepEqual(
        (await replayState(tab)).canoes,
        atMove.canoes,
        'the same board stepping back',
    );
    await tab.click('#replay-last');
    await waitStep(tab, last);

    // On a phone: the page fits the width, the controls are under the board.
    const phone = await openPlayer(
        browser,
        `${server.url}replay.html?game=${table}&step=${moveStep}`,
        { name: 'phone', phone: true },
    );
    await waitStep(phone.page, moveStep);
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page fits the phone's width (${width}px)`);
    const board = await phone.page.locator('#board').boundingBox();
    const controls = await phone.page.locator('#replay-controls').boundingBox();
    assert.ok(controls.y >= board.y + board.height - 1, 'the controls follow the board');
    await phone.page.tap('#replay-next');
    await waitStep(phone.page, moveStep + 1);
    await phone.page.screenshot({ path: path.join(out, 'replay-phone.png'), fullPage: true });
    await phone.page.tap('#replay-last');
    await waitStep(phone.page, last);
    await phone.page.locator('#replay-result').scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: path.join(out, 'replay-end-phone.png') });

    assert.deepEqual([...gail.problems, ...problems, ...phone.problems], [], 'no script errors');
    await phone.context.close();
    await gail.context.close();
});

test('the lobby links to the list of finished games, which links to their replays', async () => {
    const page = await (
        await browser.newContext({ viewport: { width: 1366, height: 768 } })
    ).newPage();
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="yes"]');
    await page.click('#replays-link');
    await page.waitForURL(/replay\.html$/);
    await page.waitForSelector('body[data-ready="yes"]');
    const links = page.locator('#recent-games a');
    assert.ok((await links.count()) >= 1, 'the game played above is listed');
    const first = links.first();
    assert.match(await first.textContent(), /gail, bot-2, bot-3/);
    const game = await first.getAttribute('data-game');
    await page.screenshot({ path: path.join(out, 'replay-list-laptop.png') });
    await first.click();
    await page.waitForURL(new RegExp(`replay\\.html\\?game=${game}$`));
    await page.waitForSelector('body[data-ready="yes"][data-step="0"]');
    await page.context().close();
});

test('a replay page for a game that is not there says so', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    for (const [query, words] of [
        ['?game=99999', /no finished game #99999/],
        ['?game=-1', /finished game/],
        ['?game=', /finished game/],
    ]) {
        await page.goto(`${server.url}replay.html${query}`);
        await page.waitForSelector('body[data-ready="error"]');
        assert.match(await page.textContent('#replay-error'), words);
    }
    // The server's own answers to hostile ids: a clean 4xx.
    for (const target of [
        'games/99999999999999999999/replay',
        'games/-1/replay',
        'games/1/replay/../..',
    ]) {
        const status = await page.evaluate(async (t) => (await fetch(t)).status, target);
        assert.ok(status >= 400 && status < 500, `${target}: ${status}`);
    }
    await context.close();
});
