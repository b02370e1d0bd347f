// Conceding in the browser: "Leave table" during a game offers "Concede the game", asked a
// second time (it cannot be undone); the player then watches, the players panel says
// "conceded" for the seat, and when the only person at the table concedes the game ends with
// no winner.
//
//   NIAGARA_SERVER_BIN   the server (default: build/release/server/niagara-server)
//   NIAGARA_WEB_OUT      where screenshots go (default: build/web-test)

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { openNamedPlayer, openTableFromLobby } from './lib/browser.js';
import { gameState } from './lib/player.js';
import { botPace, checkNoProblems, out, useSuite } from './lib/suite.js';

let server;
let browser;
useSuite(
    [...botPace(), '--bot-level', 'random', '--bot-seed', '7'],
    (started) => ({ server, browser } = started),
);

async function start(p) {
    await p.page.waitForSelector('#start-game:not([disabled])');
    await p.page.click('#start-game');
    await p.page.waitForSelector('.hand .card.playable');
}

// Leave table -> "Concede the game" -> the second question, answered `yes` or not.
async function concede(p, yes) {
    await p.page.click('#leave');
    await p.page.click('#leave-confirm-concede');
    const second = p.page.locator('#concede-confirm [role="alertdialog"]');
    await second.waitFor();
    if (yes) await p.page.click('#concede-confirm-ok');
    else await p.page.click('#concede-confirm-cancel');
    await second.waitFor({ state: 'detached' });
}

test('the only person at the table concedes: asked twice, then the game ends with no winner', async () => {
    const gil = await openNamedPlayer(browser, server.url, 'gil');
    await openTableFromLobby(gil);
    await gil.page.click('#add-bot');
    await gil.page.click('#add-bot');
    await start(gil);

    // The leave question offers three answers, the safe one focused.
    await gil.page.click('#leave');
    const dialog = gil.page.locator('#leave-confirm [role="alertdialog"]');
    await dialog.waitFor();
    const buttons = await dialog.locator('button').allInnerTexts();
    assert.deepEqual(buttons, ['Stay', 'Leave (a bot plays until you return)', 'Concede the game']);
    assert.equal(await gil.page.evaluate(() => document.activeElement.id), 'leave-confirm-cancel');
    // Tab walks the three buttons and comes round.
    for (const id of ['leave-confirm-ok', 'leave-confirm-concede', 'leave-confirm-cancel']) {
        await gil.page.keyboard.press('Tab');
        assert.equal(await gil.page.evaluate(() => document.activeElement.id), id);
    }
    await gil.page.screenshot({ path: path.join(out, 'concede-choice-laptop.png') });
    await gil.page.click('#leave-confirm-concede');
    const second = gil.page.locator('#concede-confirm [role="alertdialog"]');
    await second.waitFor();
    assert.match(await second.innerText(), /cannot be undone/);
    assert.equal(
        await gil.page.evaluate(() => document.activeElement.id),
        'concede-confirm-cancel',
    );
    await gil.page.screenshot({ path: path.join(out, 'concede-confirm-laptop.png') });
    // "Keep playing": nothing changed.
    await gil.page.click('#concede-confirm-cancel');
    await second.waitFor({ state: 'detached' });
    assert.equal((await gameState(gil.page)).seat, 0, 'still seated');
    assert.ok(await gil.page.isVisible('.hand .card'));

    // Conceded: the only person gave up, so the game ends at once with no winner (R9.4).
    await concede(gil, true);
    await gil.page.waitForSelector('#result:not([hidden])');
    await gil.page.waitForSelector('#result-title:has-text("no winner")');
    const result = await gil.page.evaluate(() => window.niagara.store.state.result);
    assert.equal(result.abandoned, true);
    assert.deepEqual(result.winners, []);
    assert.deepEqual(result.conceded, [0]);
    await gil.page.waitForSelector('.log li:has-text("gil concedes; a bot plays seat 1")');
    assert.equal(
        await gil.page.evaluate(
            () => JSON.parse(localStorage.getItem('niagara.seat') || 'null')?.token ?? null,
        ),
        null,
        'the seat is forgotten: the lobby offers no way back',
    );
    // The game is stored (R9.4): its replay is linked and served.
    const href = await gil.page.getAttribute('#watch-replay', 'href');
    const replay = await gil.page.request.get(
        new URL(href.replace('replay.html?game=', 'games/') + '/replay', server.url).href,
    );
    assert.equal(replay.status(), 200);
    assert.equal((await replay.json()).abandoned, true);
    await gil.page.screenshot({ path: path.join(out, 'concede-ended-laptop.png') });
    checkNoProblems([gil]);
    await gil.context.close();
});

test('a player who concedes watches; the players panel says conceded; no way back', async () => {
    const hal = await openNamedPlayer(browser, server.url, 'hal');
    const ivy = await openNamedPlayer(browser, server.url, 'ivy');
    const id = await openTableFromLobby(hal);
    await ivy.page.click('.tables button:has-text("Refresh")');
    await ivy.page.click(`.table-row[data-table="${id}"] .join`);
    await ivy.page.waitForSelector('#waiting .waiting-seats');
    await hal.page.click('#add-bot');
    await start(hal);

    await concede(hal, true);
    // hal watches the game go on: no hand, the header says so, his seat is marked.
    await hal.page.waitForFunction(() => window.niagara.store.state.table?.watching === true);
    await hal.page.waitForSelector('#where:has-text("watching")');
    await hal.page.waitForSelector('#players .player[data-seat="0"] .tag.conceded');
    assert.equal(await hal.page.locator('.hand .card.playable').count(), 0, 'no decision for hal');
    // ivy sees it too, and the log says what happened.
    await ivy.page.waitForSelector('#players .player[data-seat="0"] .tag.conceded');
    assert.equal(
        await ivy.page.locator('#players .player[data-seat="0"] .tag.conceded').innerText(),
        'conceded',
    );
    await ivy.page.waitForSelector('.log li:has-text("hal concedes; a bot plays seat 1")');
    await ivy.page.screenshot({ path: path.join(out, 'concede-players-laptop.png') });

    // No way back into the seat.
    await hal.page.fill('#chat-input', `/join ${id}`);
    await hal.page.press('#chat-input', 'Enter');
    await hal.page.waitForSelector('.log li:has-text("you conceded the game")');

    // On a phone the three answers fit the screen.
    const phone = await openNamedPlayer(browser, server.url, 'jo', { phone: true });
    await openTableFromLobby(phone);
    await phone.page.tap('#add-bot');
    await phone.page.tap('#add-bot');
    await phone.page.waitForSelector('#start-game:not([disabled])');
    await phone.page.tap('#start-game');
    await phone.page.waitForSelector('.hand .card.playable');
    await phone.page.tap('#leave');
    await phone.page.locator('#leave-confirm [role="alertdialog"]').waitFor();
    const box = await phone.page.locator('#leave-confirm-concede').boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the concede button is on the screen');
    await phone.page.screenshot({ path: path.join(out, 'concede-choice-phone.png') });
    await phone.page.tap('#leave-confirm-cancel');
    checkNoProblems([hal, ivy, phone]);
    for (const p of [hal, ivy, phone]) await p.context.close();
});
