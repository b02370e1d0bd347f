// The page speaks the reader's language (issue 25): a French browser plays a whole game in
// French on a laptop, a Czech one on a phone, reading no English sentence of the catalogs
// (headings, buttons, the situation, the log's lines, the end); the header's switch changes
// the language at once and is remembered across a reload; a German browser gets German; the
// finished game's replay page speaks the same language.
// Screenshots at 1366x768 and 390x844.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

import { parse } from '../../web/js/i18n.js';
import { openPlayer } from './lib/browser.js';
import { gameState, seededRandom, takeDecision } from './lib/player.js';
import { botPace, checkNoProblems, out, repo, useSuite } from './lib/suite.js';

const GAME_LIMIT_MS = 40000;

let server;
let browser;
useSuite(
    [...botPace({ delayMs: 20, thinkMs: 50 }), '--bot-level', 'random', '--bot-seed', '3'],
    (started) => ({ server, browser } = started),
);

// A language's merged catalog from the files (what GET /i18n/<lang>.json serves).
function catalog(lang) {
    const dir = path.join(repo, 'i18n/catalogs', lang);
    const words = {};
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')))
        Object.assign(words, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    return words;
}
const EN = catalog('en');

// The English sentences a page in `lang` must not show: the fixed text between a pattern's
// arguments, where it is two words or more and the language's own pattern has not the same.
function englishSentences(lang) {
    const own = catalog(lang);
    const found = new Set();
    const walk = (nodes, target) => {
        for (const node of nodes) {
            if (typeof node === 'string') {
                const text = node.trim();
                if (/[A-Za-z]{2,}[^{}]*\s[A-Za-z]{2,}/.test(text) && !target.includes(text))
                    found.add(text);
            } else if (node.options) {
                for (const option of Object.values(node.options)) walk(option, target);
            }
        }
    };
    for (const [key, pattern] of Object.entries(EN)) {
        if (typeof own[key] !== 'string' || own[key] === pattern) continue;
        walk(parse(pattern), own[key]);
    }
    // Names of the game's pieces read the same in some languages ("Diamond Joe").
    return [...found].filter((text) => !/^Diamond Joe$/.test(text));
}

// Everything a person reads on the page: its text, tooltips and accessible names.
async function pageWords(page) {
    return page.evaluate(() => {
        const words = [document.title, document.body.innerText];
        for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]'))
            words.push(
                el.getAttribute('title') ?? '',
                el.getAttribute('aria-label') ?? '',
                el.getAttribute('placeholder') ?? '',
            );
        for (const el of document.querySelectorAll('svg title')) words.push(el.textContent);
        return words.join('\n');
    });
}

// Whether `words` hold `sentence` as words, not inside longer ones ("bot for" is not English
// in the French "robot fort").
function holds(words, sentence) {
    const escaped = sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(words);
}

async function assertNoEnglish(page, lang, where) {
    const words = await pageWords(page);
    const english = englishSentences(lang)
        .filter((sentence) => holds(words, sentence))
        .map(
            (sentence) =>
                `${sentence} in: ${words.split('\n').find((line) => line.includes(sentence))}`,
        );
    assert.deepEqual(
        english,
        [],
        `${lang}, ${where}: no English sentence of the catalogs on the page`,
    );
}

async function shot(page, name, phone) {
    if (!phone) await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: path.join(out, `${name}-${phone ? 'phone' : 'laptop'}.png`) });
}

// A quick game against two random bots, played through the page to its end.
async function playAGame(lang, locale, { phone, name }) {
    const words = catalog(lang);
    const player = await openPlayer(browser, server.url, {
        name,
        phone,
        locale,
        reducedMotion: true,
    });
    const { page } = player;
    assert.equal(
        await page.evaluate(() => document.documentElement.lang),
        lang,
        '<html lang> follows the browser',
    );
    assert.equal(await page.inputValue('#lang-select'), lang, 'the switch shows the language');
    assert.equal((await page.textContent('.welcome h2')).trim(), words['web.lobby.welcome']);
    assert.equal((await page.textContent('#quick-game')).trim(), words['web.lobby.quick']);
    await page.fill('#name-input', name);
    await page.click('#name-form button[type="submit"]');
    await page.waitForFunction((n) => window.niagara.store.state.me.name === n, name);
    await assertNoEnglish(page, lang, 'the lobby');
    await shot(page, `lang-${lang}-lobby`, phone);
    await page.selectOption('#quick-players', '3');
    await page.selectOption('#quick-level', 'random');
    await page.click('#quick-game');
    await page.waitForSelector('#board svg .disc');
    assert.equal((await page.textContent('#leave')).trim(), words['web.header.leave']);
    const random = seededRandom(lang.charCodeAt(0));
    const started = Date.now();
    let checked = false;
    for (;;) {
        if (await takeDecision(player, random)) continue;
        const state = await gameState(page);
        if (state.over) break;
        if (state.round >= 2 && !checked) {
            checked = true;
            await shot(page, `lang-${lang}-game`, phone);
            // Mid-game: the decision's heading, the board's words, the log's lines.
            await assertNoEnglish(page, lang, `round ${state.round}`);
        }
        assert.ok(
            Date.now() - started < GAME_LIMIT_MS,
            `the game ends within ${GAME_LIMIT_MS / 1000} s (round ${state.round})`,
        );
        await sleep(20);
    }
    await page.waitForSelector('#result:not([hidden]) #result-title');
    const title = (await page.textContent('#result-title')).trim();
    const endings = ['web.result.youWin', 'web.result.over', 'web.result.abandoned'].map(
        (k) => words[k],
    );
    assert.ok(endings.includes(title) || title.endsWith('!'), `the end in ${lang}: ${title}`);
    assert.equal((await page.textContent('#back-to-lobby')).trim(), words['web.result.lobby']);
    // The log's event lines came from the server's texts (or its text) in this language.
    const lines = await page.$$eval('#log li.event', (items) => items.map((li) => li.innerText));
    assert.ok(lines.length > 5, 'the log tells the game');
    await shot(page, `lang-${lang}-end`, phone);
    await assertNoEnglish(page, lang, 'the end');
    // The finished game's replay, in the same language, at its last step.
    const href = await page.getAttribute('#watch-replay', 'href');
    await page.goto(new URL(href, page.url()).href);
    await page.waitForSelector('body[data-ready="yes"]');
    await page.keyboard.press('End');
    await page.waitForSelector('#replay-result:not([hidden])');
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    assert.equal((await page.textContent('#replay-next')).trim(), `${words['web.replay.next']} ▶`);
    await shot(page, `lang-${lang}-replay`, phone);
    await assertNoEnglish(page, lang, 'the replay');
    checkNoProblems([player]);
    await player.context.close();
}

test('a French browser plays a whole game in French (laptop)', async () => {
    await playAGame('fr', 'fr-FR', { phone: false, name: 'Amélie' });
});

test('a Czech browser plays a whole game in Czech (phone)', async () => {
    await playAGame('cs', 'cs-CZ', { phone: true, name: 'Jiří' });
});

test('the switch changes the language at once and is remembered; a German browser gets German', async () => {
    const de = catalog('de');
    const fr = catalog('fr');
    const p = await openPlayer(browser, server.url, { name: 'sam' });
    const { page } = p;
    assert.equal(
        await page.evaluate(() => document.documentElement.lang),
        'en',
        'an English browser gets English',
    );
    assert.equal((await page.textContent('.welcome h2')).trim(), EN['web.lobby.welcome']);
    const options = await page.$$eval('#lang-select option', (list) =>
        list.map((o) => `${o.value}:${o.textContent}`),
    );
    assert.deepEqual(
        options,
        ['en:English', 'fr:Français', 'cs:Čeština', 'de:Deutsch'],
        'each language in its own words',
    );
    await page.selectOption('#lang-select', 'de');
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await page.waitForFunction(
        (text) => document.querySelector('.welcome h2')?.textContent === text,
        de['web.lobby.welcome'],
    );
    assert.equal((await page.textContent('#howto-open')).trim(), de['web.header.howto']);
    assert.equal((await page.textContent('#where')).trim(), de['web.header.lobby']);
    await assertNoEnglish(page, 'de', 'after the switch');
    await shot(page, 'lang-switch-de', false);
    await page.reload();
    await page.waitForSelector('body[data-ready="yes"]');
    assert.equal(
        await page.evaluate(() => document.documentElement.lang),
        'de',
        'remembered across a reload',
    );
    assert.equal(await page.inputValue('#lang-select'), 'de');
    assert.equal((await page.textContent('#create-table')).trim(), de['web.lobby.open']);
    // And back to French, without a reload.
    await page.selectOption('#lang-select', 'fr');
    await page.waitForFunction(
        (text) => document.querySelector('#create-table')?.textContent === text,
        fr['web.lobby.open'],
    );
    checkNoProblems([p]);
    await p.context.close();

    const german = await openPlayer(browser, server.url, {
        name: 'Jürgen',
        phone: true,
        locale: 'de-DE',
    });
    assert.equal(await german.page.evaluate(() => document.documentElement.lang), 'de');
    assert.equal((await german.page.textContent('.welcome h2')).trim(), de['web.lobby.welcome']);
    await assertNoEnglish(german.page, 'de', 'a German browser');
    await shot(german.page, 'lang-de-lobby', true);
    checkNoProblems([german]);
    await german.context.close();
});
