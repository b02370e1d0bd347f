// Ratings in the browser (README, "Ratings"): a newcomer named Jiří, in Czech, registers his
// name from the page, is still logged in after a reload (the session cookie), plays two rated
// games against bots, and finds both games and a chart of his rating on his page
// (/players/Jiří), and himself on the leaderboard; a name nobody holds has a page that says so.
//
//   NIAGARA_SERVER_BIN   the server (default: build/release/server/niagara-server)
//   NIAGARA_WEB_OUT      where screenshots go (default: build/web-test)

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { openNamedPlayer, openTableFromLobby } from './lib/browser.js';
import { answerUntilOver, seededRandom } from './lib/player.js';
import { botPace, checkNoProblems, out, seriousAxeViolations, useSuite } from './lib/suite.js';

let server;
let browser;
useSuite(
    [...botPace(), '--bot-level', 'random', '--leaderboard-min-games', '1'],
    (started) => ({ server, browser } = started),
);

const JIRI = 'Jiří';

async function playRatedGame(p, seed, random) {
    await openTableFromLobby(p, { players: 3, seed });
    await p.page.click('#add-bot');
    await p.page.click('#add-bot');
    await p.page.waitForSelector('#start-game:not([disabled])');
    await p.page.click('#start-game');
    // A rated game: no hints (the table says so; the button is not there).
    await p.page.waitForSelector('#decision .decision-title');
    assert.equal(await p.page.evaluate(() => window.niagara.store.state.view.table.hints), false);
    assert.equal(await p.page.locator('#decision .hint-button').count(), 0);
    await answerUntilOver(p, random);
    // Told his new rating after the end (the log shows it).
    await p.page.waitForSelector('.log :text("byl hodnocen")');
    await p.page.click('#leave');
    await p.page.waitForSelector('#create-table');
}

test('Jiří registers, plays two rated games against bots and sees them on his page, in Czech', async () => {
    const jiri = await openNamedPlayer(browser, server.url, JIRI, { locale: 'cs-CZ' });
    // Registered from the lobby's form: the password box is emptied once sent.
    await jiri.page.fill('#password-input', 'heslo-pro-jiriho');
    await jiri.page.click('#register');
    await jiri.page.waitForSelector('#logged-in');
    assert.match(await jiri.page.locator('#logged-in').innerText(), /Přihlášen\(a\) jako Jiří/);
    assert.equal(await jiri.page.locator('#name-input').isDisabled(), true);
    // The login is kept across a reload: an HttpOnly cookie the page's script cannot read
    // (set once the page has traded the server's grant for it).
    const sessionCookie = async () =>
        (await jiri.context.cookies()).find((c) => c.name === 'niagara_session');
    for (let i = 0; i < 100 && !(await sessionCookie()); i++) await jiri.page.waitForTimeout(50);
    await jiri.page.reload();
    await jiri.page.waitForFunction(() =>
        window.niagara.store.state.log.some((e) => e.key === 'protocol.account.logged_in'),
    );
    assert.equal(await jiri.page.evaluate(() => window.niagara.store.state.me.name), JIRI);
    await jiri.page.waitForSelector('#logged-in');
    assert.doesNotMatch(await jiri.page.evaluate(() => document.cookie), /niagara_session/);
    const kept = await sessionCookie();
    assert.ok(kept, 'the session cookie is set');
    assert.equal(kept.httpOnly, true);
    assert.equal(kept.sameSite, 'Strict');
    const random = seededRandom(35);
    await playRatedGame(jiri, 3, random);
    await playRatedGame(jiri, 5, random);

    // His page, in the language his browser asks for.
    const page = await jiri.context.newPage();
    await page.goto(`${server.url}players/${encodeURIComponent(JIRI)}`);
    await page.waitForSelector('body[data-ready="yes"]');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'cs');
    assert.equal(await page.locator('#page-title').innerText(), JIRI);
    const section = page.locator('section.variant[data-variant="base"]');
    assert.match(await section.locator('h2').innerText(), /Základní hra/);
    assert.match(await section.locator('.rating-now').innerText(), /po 2 hodnocených hrách/);
    assert.equal(await section.locator('tr.rated-game').count(), 2);
    assert.equal(await section.locator('svg.rating-chart circle.point').count(), 2);
    // Each game links to its replay, and says who else sat there (two bots).
    const first = section.locator('tr.rated-game').last();
    assert.match(await first.innerText(), /\(bot\).*\(bot\)/);
    const replay = await first.locator('a').getAttribute('href');
    assert.match(replay, /^\.\.\/replay\.html\?game=\d+$/);
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.screenshot({ path: path.join(out, 'ratings-player-cs.png'), fullPage: true });
    await page.click(`tr.rated-game >> nth=0 >> a`);
    await page.waitForSelector('body[data-ready="yes"]');
    assert.match(page.url(), /replay\.html\?game=\d+$/);
    // The same page as an English reader's browser shows it.
    const english = await browser.newContext({ locale: 'en-US' });
    const inEnglish = await english.newPage();
    await inEnglish.goto(`${server.url}players/${encodeURIComponent(JIRI)}`);
    await inEnglish.waitForSelector('body[data-ready="yes"]');
    assert.equal(await inEnglish.evaluate(() => document.documentElement.lang), 'en');
    const base = inEnglish.locator('section.variant[data-variant="base"]');
    assert.match(await base.locator('h2').innerText(), /Base game/);
    assert.match(await base.locator('.rating-now').innerText(), /after 2 rated games/);
    assert.equal(await base.locator('tr.rated-game').count(), 2);
    assert.match(await base.locator('tr.rated-game a').first().innerText(), /watch/);
    await english.close();

    // The leaderboard lists him (one rated game is enough on this server), linking his page.
    await page.goto(`${server.url}leaderboard`);
    await page.waitForSelector('body[data-ready="yes"]');
    assert.equal(await page.locator('#page-title').innerText(), 'Žebříček');
    const row = page.locator('tr.leader', { hasText: JIRI });
    assert.equal(await row.count(), 1);
    assert.deepEqual(await seriousAxeViolations(page), []);
    await row.locator('a').click();
    await page.waitForSelector('body[data-ready="yes"]');
    assert.equal(await page.locator('#page-title').innerText(), JIRI);
    await page.goto(`${server.url}leaderboard?variant=spirits`);
    await page.waitForSelector('body[data-ready="yes"]');
    assert.match(await page.locator('.none').innerText(), /Zatím nikdo/);

    // Nobody's name: the page says so.
    await page.goto(`${server.url}players/nikdo`);
    await page.waitForSelector('body[data-ready="yes"]');
    assert.match(await page.locator('.missing').innerText(), /nikdo/);
    // Logging out ends the kept login: the cookie goes, and a reload is a guest's.
    await jiri.page.click('#logout');
    await jiri.page.waitForSelector('#account-form');
    for (let i = 0; i < 100 && (await sessionCookie()); i++) await jiri.page.waitForTimeout(50);
    assert.equal(await sessionCookie(), undefined);
    await jiri.page.reload();
    await jiri.page.waitForSelector('#account-form');
    assert.match(
        await jiri.page.evaluate(() => window.niagara.store.state.me.name),
        /^guest-\d+$/, // his remembered name is registered: the page is a guest's
    );
    checkNoProblems([jiri]);
    await jiri.context.close();
});

// Issue 35's chat identities: the code a chat user got from the bridge (!link) is entered on
// the page by the account's owner. The "chat user" here is a bare WebSocket (what the bridge
// opens for each chat user); it gets the link's key, and the page stays logged in.
test('A chat identity is linked from the lobby with the code it was given', async () => {
    const linda = await openNamedPlayer(browser, server.url, 'Linda');
    await linda.page.fill('#password-input', 'lindas-password');
    await linda.page.click('#register');
    await linda.page.waitForSelector('#link-form');

    // (A context of its own: the page's has Linda's session cookie, which would log it in.)
    const chatContext = await browser.newContext();
    const chat = await chatContext.newPage();
    await chat.goto(`${server.url}rules.html`);
    const code = await chat.evaluate(
        (url) =>
            new Promise((resolve, reject) => {
                const ws = new WebSocket(url);
                window.chatMessages = [];
                ws.onmessage = (e) => {
                    const m = JSON.parse(e.data);
                    window.chatMessages.push(m);
                    if (m.type === 'link_code') resolve(m.code);
                };
                ws.onopen = () => ws.send('/link');
                setTimeout(() => reject(new Error('no code')), 10000);
            }),
        `${server.url.replace(/^http/, 'ws')}ws`,
    );
    assert.match(code, /^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // A wrong code is refused in the page's log; the right one, typed in lower case, links.
    await linda.page.fill('#link-code', 'ZZZZ-ZZZZ');
    await linda.page.click('#link');
    await linda.page.waitForFunction(() =>
        window.niagara.store.state.log.some((e) => e.key === 'server.link.unknown'),
    );
    await linda.page.fill('#link-code', code.toLowerCase());
    await linda.page.click('#link');
    await linda.page.waitForFunction(() =>
        window.niagara.store.state.log.some((e) => e.key === 'protocol.account.linked'),
    );
    const linked = await chat.waitForFunction(() =>
        window.chatMessages.find((m) => m.type === 'linked'),
    );
    const message = await linked.jsonValue();
    assert.equal(message.name, 'Linda');
    assert.match(message.link_key, /^[0-9a-f]{64}$/);
    // The page is still logged in, and never saw the key.
    await linda.page.waitForSelector('#logged-in');
    assert.equal(await linda.page.evaluate(() => window.niagara.store.state.me.account), 'Linda');
    assert.doesNotMatch(
        await linda.page.evaluate(() => JSON.stringify(window.niagara.store.state)),
        new RegExp(message.link_key),
    );
    checkNoProblems([linda]);
    await chatContext.close();
    await linda.context.close();
});
