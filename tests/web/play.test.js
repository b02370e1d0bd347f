// End-to-end: the real server, Debian's chromium and the browser client. Three people open,
// join and start a table and play a whole game by clicking (one of them reloads the page in
// the middle and gets the seat back); then someone on a phone plays against two bots (with a
// hint); then the bots' level is chosen for "Play against bots" and in the waiting room.
//
//   NIAGARA_SERVER_BIN   the server (default: build/release/server/niagara-server)
//   NIAGARA_WEB_OUT      where screenshots go (default: build/web-test)

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

import { openPlayer } from './lib/browser.js';
import { gameState, seededRandom, takeDecision } from './lib/player.js';
import { botPace, checkNoProblems, out, useSuite } from './lib/suite.js';

const GAME_LIMIT_MS = 120_000;
// The deal of the three players' game: with it and the players' seeded choices the game is
// the same every time (about 20 rounds).
const GAME_SEED = Number(process.env.NIAGARA_WEB_SEED || 1);

let server;
let browser;
// Strong bots (the default) search 100 ms per decision here, not 1 s: the phone's
// game against them stays within the time limit.
useSuite([...botPace()], (started) => ({ server, browser } = started));

// Every player plays on its own (as people do, at the same time) until every page shows the
// result; `during(player, round)` runs once per player and new round.
async function playToTheEnd(players, during = async () => {}) {
    const started = Date.now();
    let decisions = 0;
    const finished = new Set();
    const playOne = async (player) => {
        let lastRound = 0;
        for (;;) {
            if (await takeDecision(player, player.random)) {
                decisions += 1;
                continue;
            }
            const state = await gameState(player.page);
            if (state.over) {
                finished.add(player);
                return state;
            }
            if (state.round !== lastRound) {
                lastRound = state.round;
                await during(player, state.round);
            }
            assert.ok(
                Date.now() - started < GAME_LIMIT_MS,
                `the game ends within ${GAME_LIMIT_MS / 1000} s (round ${state.round})`,
            );
            await sleep(20);
        }
    };
    const states = await Promise.all(players.map(playOne));
    return { states, decisions };
}

test('three players open, join, start and finish a game by clicking; a reload keeps the seat', async () => {
    const alice = await openPlayer(browser, server.url, { name: 'alice' });
    // alice sees every animation (her clicks wait for them); bob and carol ask for reduced
    // motion, which the client honours, and keep the test short.
    const bob = await openPlayer(browser, server.url, { name: 'bob', reducedMotion: true });
    const carol = await openPlayer(browser, server.url, { name: 'carol', reducedMotion: true });
    const players = [alice, bob, carol];
    players.forEach((p, i) => {
        p.random = seededRandom(7 + i); // each its own: the game does not depend on timing
    });
    for (const p of players) {
        await p.page.fill('#name-input', p.name);
        await p.page.click('#name-form button[type="submit"]');
        await p.page.waitForFunction((n) => window.niagara.store.state.me.name === n, p.name);
    }

    // alice opens a 3-player table; bob and carol find it in the lobby and join.
    await alice.page.selectOption('#opt-players', '3');
    await alice.page.fill('#opt-seed', String(GAME_SEED));
    await alice.page.click('#create-table');
    await alice.page.waitForSelector('#waiting .waiting-seats');
    for (const p of [bob, carol]) {
        await p.page.click('.tables button:has-text("Refresh")');
        await p.page.click('.table-row .join');
        await p.page.waitForSelector('#waiting .waiting-seats');
    }
    // The chat box: chat goes to the table, /commands are sent as typed, errors are shown.
    await alice.page.fill('#chat-input', 'good luck!');
    await alice.page.press('#chat-input', 'Enter');
    await bob.page.waitForSelector('.log .chat:has-text("good luck!")');
    await bob.page.fill('#chat-input', '/help');
    await bob.page.click('#chat-form button[type="submit"]');
    await bob.page.waitForSelector('.log .help pre:has-text("/join")');
    await bob.page.fill('#chat-input', '/play 9');
    await bob.page.press('#chat-input', 'Enter');
    await bob.page.waitForSelector('.notice-error:has-text("not a card")');

    await alice.page.waitForSelector('#start-game:not([disabled])');
    await alice.page.click('#start-game');
    for (const p of players) await p.page.waitForSelector('#board svg .disc');

    // Someone watches: the board and the players, no hand and no decisions.
    const dora = await openPlayer(browser, server.url, { name: 'dora', reducedMotion: true });
    await dora.page.click('.table-row .watch');
    await dora.page.waitForSelector('#board svg .disc');
    assert.equal(await dora.page.locator('.hand').count(), 0, 'a spectator has no hand');

    // A click under way when news comes in still counts: alice presses her card, bob's choice
    // redraws her page, then she lets go.
    const card = alice.page.locator('.hand .card.playable[data-card="4"]');
    const box = await card.boundingBox();
    await alice.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await alice.page.mouse.down();
    const before = await alice.page.evaluate(() => window.niagara.store.state.version);
    assert.ok(await takeDecision(bob, bob.random), 'bob chooses a card');
    await alice.page.waitForFunction((v) => window.niagara.store.state.version > v, before);
    await alice.page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await alice.page.mouse.up();
    await alice.page.waitForSelector('.hand .card.chosen[data-card="4"]');

    // Phase I is secret: once alice has chosen, bob sees that she has, not what.
    await bob.page.waitForSelector('.player[data-seat="0"] .player-status:has-text("has chosen")');
    const aliceSeatForBob = await bob.page.evaluate(
        () => window.niagara.store.state.view.game.seats[0],
    );
    assert.equal(aliceSeatForBob.has_chosen, true);
    assert.equal(aliceSeatForBob.chosen, undefined, "another seat's chosen card is not sent");
    assert.ok(
        aliceSeatForBob.hand.includes('4'),
        'the chosen card still counts as in hand for others',
    );

    let reloaded = false;
    let shot = false;
    const { states, decisions } = await playToTheEnd(players, async (player, round) => {
        if (player === alice && round >= 2 && !shot) {
            shot = true;
            await alice.page.waitForSelector('svg.board:not(.flowing)');
            await alice.page.waitForTimeout(700); // canoes glide to their places
            await alice.page.screenshot({ path: path.join(out, 'board-laptop.png') });
        }
        if (player === carol && round >= 3 && !reloaded) {
            // carol reloads: the seat token kept in the tab brings her back with /resume.
            reloaded = true;
            await carol.page.reload();
            await carol.page.waitForSelector('body[data-ready="yes"]');
            await carol.page.waitForFunction(
                () => window.niagara.store.state.view?.game?.you === 2,
            );
            const resumed = await gameState(carol.page);
            assert.equal(resumed.seat, 2, 'carol is back in seat 3');
            assert.ok(resumed.round >= 3);
        }
    });
    assert.ok(reloaded, 'the game lasted long enough to reload a page in the middle');
    for (const p of players) await p.page.waitForSelector('#result:not([hidden]) #result-title');
    const result = states[0].result;
    assert.ok(result.over && result.winners.length >= 1, 'the game has a winner');
    const title = await alice.page.textContent('#result-title');
    assert.match(title, /win/);
    for (const s of states)
        assert.deepEqual(
            s.errors.filter((e) => !e.includes("'9' is not a card")),
            [],
            'no action was refused',
        );
    await dora.page.waitForSelector('#result:not([hidden]) #result-title');
    await alice.page.screenshot({ path: path.join(out, 'game-over-laptop.png') });
    console.log(
        `# game 1: ${result.rounds} rounds, ${decisions} decisions, winners ${JSON.stringify(result.winners)}`,
    );
    checkNoProblems([...players, dora]);
    for (const p of [...players, dora]) await p.context.close();
});

test('on a phone: a game against two bots, with a reload and a dropped connection', async () => {
    const dana = await openPlayer(browser, server.url, {
        name: 'dana',
        phone: true,
        reducedMotion: true,
    });
    dana.random = seededRandom(11);
    await dana.page.fill('#name-input', 'dana');
    await dana.page.tap('#name-form button[type="submit"]');
    await dana.page.waitForFunction(() => window.niagara.store.state.me.name === 'dana');
    await dana.page.tap('#quick-game'); // opens a table, adds two bots and starts
    await dana.page.waitForSelector('#board svg .disc');
    const width = await dana.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page fits the phone's width (${width}px)`);
    // A hint (a guest against bots: not rated): the strong bot's choice, one of the prompt's
    // actions, said beside the decision; the button waits until the next decision.
    await dana.page.waitForSelector('#decision .hint-button:not([disabled])');
    await dana.page.tap('#decision .hint-button');
    const hinted = await dana.page.waitForSelector('#decision .hint-text');
    const hintedText = await hinted.getAttribute('data-text');
    const promptTexts = await dana.page.evaluate(() =>
        window.niagara.store.state.prompt.actions.map((a) => a.text),
    );
    assert.ok(promptTexts.includes(hintedText), `the hint ${hintedText} is one of the choices`);
    assert.match(await hinted.innerText(), /^The strong bot would choose: \S/);
    assert.equal(await dana.page.locator('#decision .hint-button').isDisabled(), true);
    let reloaded = false;
    let dropped = false;
    let shot = false;
    const { states, decisions } = await playToTheEnd([dana], async (player, round) => {
        if (round >= 2 && !shot) {
            shot = true;
            await dana.page.screenshot({ path: path.join(out, 'board-phone.png'), fullPage: true });
        }
        if (round >= 4 && !reloaded) {
            reloaded = true;
            await dana.page.reload();
            await dana.page.waitForFunction(() => window.niagara.store.state.view?.game?.you === 0);
        }
        if (round >= 6 && !dropped) {
            // The connection drops: the client reconnects by itself and resumes the seat.
            dropped = true;
            await dana.page.evaluate(() => window.niagara.client.connection.socket.close());
            await dana.page.waitForSelector('.status-closed, .status-connecting');
            await dana.page.waitForFunction(() => {
                const s = window.niagara.store.state;
                return s.status === 'open' && !s.resuming && s.view?.game?.you === 0;
            });
        }
    });
    assert.ok(
        reloaded && dropped,
        'the game lasted long enough to reload and to drop the connection',
    );
    await dana.page.waitForSelector('#result:not([hidden]) #result-title');
    assert.deepEqual(states[0].errors, []);
    console.log(
        `# game 2: ${states[0].result.rounds} rounds, ${decisions} decisions by the phone player`,
    );
    checkNoProblems([dana]);
    await dana.context.close();
});

test("the bots' level: strong by default, easier ones chosen for a quick game and in the waiting room", async () => {
    const erin = await openPlayer(browser, server.url, { name: 'erin', reducedMotion: true });
    await erin.page.fill('#name-input', 'erin');
    await erin.page.click('#name-form button[type="submit"]');
    await erin.page.waitForFunction(() => window.niagara.store.state.me.name === 'erin');
    assert.equal(await erin.page.inputValue('#quick-level'), 'strong', 'strong bots by default');
    await erin.page.selectOption('#quick-players', '3');
    await erin.page.selectOption('#quick-level', 'greedy');
    await erin.page.click('#quick-game');
    await erin.page.waitForSelector('#board svg .disc');
    const seats = await erin.page.evaluate(() => window.niagara.store.state.view.table.seats);
    assert.deepEqual(
        seats.map((s) => s.level),
        [null, 'greedy', 'greedy'],
        'two greedy bots',
    );
    const table = await erin.page.evaluate(() => window.niagara.store.state.view.table);
    assert.equal(table.options.bots, 'greedy', "the table's stand-ins are greedy too");
    await erin.page.waitForSelector('.player[data-seat="1"] .tag:has-text("greedy bot")');

    // The waiting room: the host picks each bot's level; the list says which is which.
    const fred = await openPlayer(browser, server.url, { name: 'fred', reducedMotion: true });
    await fred.page.fill('#name-input', 'fred');
    await fred.page.click('#name-form button[type="submit"]');
    await fred.page.waitForFunction(() => window.niagara.store.state.me.name === 'fred');
    await fred.page.selectOption('#opt-players', '4');
    await fred.page.click('#create-table');
    await fred.page.waitForSelector('#waiting .waiting-seats');
    assert.equal(await fred.page.inputValue('#bot-level'), 'strong', "the table's level first");
    await fred.page.click('#add-bot');
    await fred.page.selectOption('#bot-level', 'random');
    await fred.page.click('#add-bot');
    await fred.page.waitForSelector('#waiting .waiting-seats li:has-text("(random bot)")');
    await fred.page.selectOption('#bot-level', 'greedy');
    await fred.page.click('#add-bot');
    await fred.page.waitForSelector('#waiting .waiting-seats li:has-text("(greedy bot)")');
    const levels = await fred.page.evaluate(() =>
        window.niagara.store.state.view.table.seats.map((s) => s.level),
    );
    assert.deepEqual(levels, [null, 'strong', 'random', 'greedy']);
    assert.ok(await fred.page.isVisible('#waiting .waiting-seats li:has-text("(strong bot)")'));
    checkNoProblems([erin, fred]);
    await erin.context.close();
    await fred.context.close();
});
