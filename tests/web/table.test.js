// The table's flow in the browser: a reload keeps the log and the chat; a spectator arriving
// during the card choice sees the clocks; "Leave table" asks first during a game and the
// player can come back; "Play again" after a game opens a new table for the same people and
// bots; a quick game with the expansion and Diamond Joe.
//
//   NIAGARA_SERVER_BIN   the server (default: build/release/server/niagara-server)
//   NIAGARA_WEB_OUT      where screenshots go (default: build/web-test)

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { openNamedPlayer, openTableFromLobby } from './lib/browser.js';
import { answerUntilOver, gameState, seededRandom } from './lib/player.js';
import { botPace, checkNoProblems, out, useSuite } from './lib/suite.js';

// The deal of the "play again" game (random bots, seeded choices): a short one.
const SHORT_GAME_SEED = Number(process.env.NIAGARA_WEB_SEED || 3);

let server;
let browser;
useSuite(
    [...botPace(), '--bot-level', 'random', '--bot-seed', '5'],
    (started) => ({ server, browser } = started),
);

async function joinTable(p, id) {
    await p.page.click('.tables button:has-text("Refresh")');
    await p.page.click(`.table-row[data-table="${id}"] .join`);
    await p.page.waitForSelector('#waiting .waiting-seats');
}

async function say(p, text) {
    await p.page.fill('#chat-input', text);
    await p.page.press('#chat-input', 'Enter');
}

const logText = (p) => p.page.locator('#log').innerText();

test('a reload keeps the log and the chat; a spectator arriving mid-choice sees the clocks', async () => {
    const alice = await openNamedPlayer(browser, server.url, 'alice');
    const bob = await openNamedPlayer(browser, server.url, 'bob');
    const id = await openTableFromLobby(alice, { timer: 60 });
    await joinTable(bob, id);
    await say(alice, 'hello from alice');
    await bob.page.waitForSelector('.log .chat:has-text("hello from alice")');
    await alice.page.click('#add-bot');
    await alice.page.waitForSelector('#start-game:not([disabled])');
    await alice.page.click('#start-game');
    await bob.page.waitForSelector('.hand .card.playable');
    await say(bob, 'good luck, alice');
    await alice.page.waitForSelector('.log .chat:has-text("good luck, alice")');
    // alice chooses a card; bob has not: her card is hers alone until it is revealed.
    await alice.page.click('.hand .card.playable[data-card="3"]');
    await bob.page.waitForSelector('.log .event:has-text("has chosen a card")');

    // bob reloads: the log and the chat come back, not only the board.
    await bob.page.reload();
    await bob.page.waitForSelector('body[data-ready="yes"]');
    await bob.page.waitForSelector('#board svg .disc');
    await bob.page.waitForSelector('.log .chat:has-text("hello from alice")');
    await bob.page.waitForSelector('.log .chat:has-text("good luck, alice")');
    await bob.page.waitForSelector('.log .event:has-text("has chosen a card")');
    const bobLog = await logText(bob);
    assert.match(bobLog, /The game at table #\d+ starts/);
    assert.doesNotMatch(bobLog, /reveals 3|You chose/, "nothing of alice's secret card");
    await bob.page.screenshot({ path: path.join(out, 'table-reload-log-laptop.png') });

    // A spectator arrives during the card choice: the clocks of those still choosing run.
    const sam = await openNamedPlayer(browser, server.url, 'sam');
    await sam.page.click('.tables button:has-text("Refresh")');
    await sam.page.click(`.table-row[data-table="${id}"] .watch`);
    await sam.page.waitForSelector('#board svg .disc');
    await sam.page.waitForFunction(() => Object.keys(window.niagara.store.state.timers).length > 0);
    const clocks = await sam.page.evaluate(() =>
        Object.fromEntries(
            Object.entries(window.niagara.store.state.timers).map(([seat, at]) => [
                seat,
                at - Date.now(),
            ]),
        ),
    );
    assert.ok('1' in clocks, "bob's clock runs for the spectator");
    assert.ok(!('0' in clocks), 'alice has chosen: her clock is stopped');
    assert.ok(
        clocks['1'] > 40_000 && clocks['1'] <= 60_000,
        `about a minute left (${clocks['1']} ms)`,
    );
    await sam.page.waitForSelector('#players .clock');
    assert.match(await sam.page.locator('#players .clock').first().innerText(), /\d:\d\d/);
    // ... and the chat of before he came.
    await sam.page.waitForSelector('.log .chat:has-text("good luck, alice")');
    await sam.page.screenshot({ path: path.join(out, 'table-spectator-clocks-laptop.png') });
    checkNoProblems([alice, bob, sam]);
    for (const p of [alice, bob, sam]) await p.context.close();
});

test('Leave asks first during a game; after leaving, the player takes the seat back', async () => {
    const carl = await openNamedPlayer(browser, server.url, 'carl');
    await openTableFromLobby(carl, { timer: 0 });
    await carl.page.click('#add-bot');
    await carl.page.click('#add-bot');
    await carl.page.waitForSelector('#start-game:not([disabled])');
    await carl.page.click('#start-game');
    await carl.page.waitForSelector('.hand .card.playable');

    // Leave, then cancel with the keyboard (Escape): still seated.
    await carl.page.click('#leave');
    const dialog = carl.page.locator('[role="alertdialog"]');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /Leave the game\?/);
    assert.equal(
        await carl.page.evaluate(() => document.activeElement.id),
        'leave-confirm-cancel',
        'focus on the safe answer',
    );
    await carl.page.screenshot({ path: path.join(out, 'table-leave-confirm-laptop.png') });
    await carl.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await gameState(carl.page)).seat, 0, 'Escape keeps the seat');
    // ... and with the "Stay" button.
    await carl.page.click('#leave');
    await carl.page.click('#leave-confirm-cancel');
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await carl.page.isVisible('#board svg .disc'));

    // Confirmed: back in the lobby, and a bot plays the seat.
    await carl.page.click('#leave');
    await carl.page.click('#leave-confirm-ok');
    await carl.page.waitForSelector('#lobby:not([hidden])');
    // The way back: the lobby offers the seat, and it is carl's again (not the bot's).
    await carl.page.waitForSelector('#resume-seat');
    await carl.page.click('#resume-seat');
    await carl.page.waitForSelector('#board svg .disc');
    await carl.page.waitForFunction(() => {
        const seat = window.niagara.store.state.view?.table?.seats?.[0];
        return seat && seat.name === 'carl' && seat.online && !seat.autoplay;
    });
    assert.equal((await gameState(carl.page)).seat, 0);

    // Leaving again, then /join from the chat box of the same page also takes it back.
    await carl.page.click('#leave');
    await carl.page.click('#leave-confirm-ok');
    await carl.page.waitForSelector('#lobby:not([hidden])');
    const id = await carl.page.evaluate(
        () =>
            window.niagara.store.state.tables.find((t) => t.host === 'carl')?.id ??
            JSON.parse(localStorage.getItem('niagara.seat')).table,
    );
    await say(carl, `/join ${id}`);
    await carl.page.waitForSelector('#board svg .disc');
    await carl.page.waitForFunction(
        () => window.niagara.store.state.view?.table?.seats?.[0]?.autoplay === false,
    );
    // The log of the game is there again, with the leaving in it.
    await carl.page.waitForSelector('.log li:has-text("carl left seat 1")');

    // On a phone, the question fits the screen.
    const phone = await openNamedPlayer(browser, server.url, 'dot', { phone: true });
    await openTableFromLobby(phone, { timer: 0 });
    await phone.page.tap('#add-bot');
    await phone.page.tap('#add-bot');
    await phone.page.waitForSelector('#start-game:not([disabled])');
    await phone.page.tap('#start-game');
    await phone.page.waitForSelector('.hand .card.playable');
    await phone.page.tap('#leave');
    await phone.page.locator('[role="alertdialog"]').waitFor();
    await phone.page.screenshot({ path: path.join(out, 'table-leave-confirm-phone.png') });
    await phone.page.tap('#leave-confirm-cancel');
    checkNoProblems([carl, phone]);
    await carl.context.close();
    await phone.context.close();
});

test('Play again after a game: a new table with the same options, people and bots', async () => {
    const erin = await openNamedPlayer(browser, server.url, 'erin');
    const fay = await openNamedPlayer(browser, server.url, 'fay');
    const id = await openTableFromLobby(erin, { players: 3, seed: SHORT_GAME_SEED });
    await joinTable(fay, id);
    await erin.page.click('#add-bot');
    await erin.page.waitForSelector('#start-game:not([disabled])');
    await erin.page.click('#start-game');
    const players = [erin, fay];
    players.forEach((p, i) => {
        p.random = seededRandom(11 + i);
    });
    // The game itself is not what this test is about: each page answers its prompts through
    // the client at once (the clicks are play.test.js's), with the same policy.
    const started = Date.now();
    await Promise.all(players.map((p) => answerUntilOver(p, p.random)));
    const rounds = (await gameState(erin.page)).round;
    await erin.page.waitForSelector('#play-again');
    await erin.page.click('#play-again');
    // erin sits at a new table with the same options and bots; fay is invited.
    await erin.page.waitForSelector('#waiting .waiting-seats');
    const next = await erin.page.evaluate(() => window.niagara.store.state.table.id);
    assert.notEqual(next, id);
    await fay.page.waitForSelector('#join-again');
    assert.match(
        await fay.page.locator('#join-again').innerText(),
        new RegExp(`erin's new table #${next}`),
    );
    await fay.page.screenshot({ path: path.join(out, 'table-play-again-laptop.png') });
    await fay.page.click('#join-again');
    await fay.page.waitForSelector('#waiting .waiting-seats');
    await erin.page.waitForSelector('#waiting .waiting-seats li:has-text("fay")');
    const table = await erin.page.evaluate(() => window.niagara.store.state.view.table);
    assert.equal(table.options.players, 3);
    assert.equal(table.options.seed, SHORT_GAME_SEED);
    assert.deepEqual(
        table.seats.map((s) => (s.bot ? 'bot' : s.name)),
        ['erin', 'bot', 'fay'],
    );
    console.log(`# the game before took ${rounds} rounds, ${Date.now() - started} ms`);
    checkNoProblems(players);
    for (const p of players) await p.context.close();
});

test('a quick game with the Spirits and Diamond Joe, remembered', async () => {
    const gus = await openNamedPlayer(browser, server.url, 'gus', { phone: true });
    await gus.page.check('#quick-spirits');
    await gus.page.check('#quick-joe');
    await gus.page.screenshot({ path: path.join(out, 'lobby-quick-options-phone.png') });
    await gus.page.selectOption('#quick-players', '3');
    await gus.page.tap('#quick-game');
    await gus.page.waitForSelector('#board svg .disc');
    const options = await gus.page.evaluate(() => window.niagara.store.state.view.game.options);
    assert.equal(options.spirits, true, 'the Spirits expansion');
    assert.equal(options.diamond_joe, true, 'Diamond Joe');
    // The choice is remembered for the next visit.
    await gus.page.reload();
    await gus.page.waitForSelector('body[data-ready="yes"]');
    await gus.page.waitForSelector('#board svg .disc');
    await gus.page.setViewportSize({ width: 390, height: 844 });
    const fresh = await gus.context.newPage();
    await fresh.goto(server.url);
    await fresh.waitForSelector('body[data-ready="yes"]');
    assert.ok(await fresh.isChecked('#quick-spirits'));
    assert.ok(await fresh.isChecked('#quick-joe'));
    await fresh.setViewportSize({ width: 1366, height: 768 });
    await fresh.screenshot({ path: path.join(out, 'lobby-quick-options-laptop.png') });
    checkNoProblems([gus]);
    await gus.context.close();
});
