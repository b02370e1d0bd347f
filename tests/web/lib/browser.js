// Debian's chromium, driven by playwright-core (which never downloads a browser).

import { chromium } from 'playwright-core';

// Headless, and quiet on a machine without a network: no background requests, no updates.
const ARGS = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
];

export async function launchBrowser() {
    return chromium.launch({
        executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
        args: ARGS,
    });
}

// A page that fails the test on any script error of the client.
// `locale` sets navigator.languages (the page follows it: English unless a test says otherwise).
export async function openPlayer(
    browser,
    url,
    { name, phone = false, reducedMotion = false, locale = 'en-US' } = {},
) {
    const context = await browser.newContext({
        locale,
        ...(phone
            ? {
                  viewport: { width: 390, height: 844 },
                  deviceScaleFactor: 2,
                  isMobile: true,
                  hasTouch: true,
              }
            : { viewport: { width: 1366, height: 900 } }),
        reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
    });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(`${name}: ${e.message}`));
    page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${name} console: ${m.text()}`);
    });
    await page.goto(url);
    await page.waitForSelector('body[data-ready="yes"]');
    return { page, context, name, phone, problems };
}

// A player whose page has chosen `name` in the lobby (the server has confirmed it).
// It waits for the server's welcome first (the socket being open is not yet the lobby's
// greeting); if the name is not confirmed, the error says what the page saw.
export async function openNamedPlayer(browser, url, name, options = {}) {
    const p = await openPlayer(browser, url, { name, reducedMotion: true, ...options });
    await p.page.waitForFunction(() => window.niagara.store.state.me.connection !== null);
    await p.page.fill('#name-input', name);
    await p.page.click('#name-form button[type="submit"]');
    try {
        await p.page.waitForFunction((n) => window.niagara.store.state.me.name === n, name);
    } catch (e) {
        const seen = await p.page.evaluate(() => {
            const s = window.niagara.store.state;
            return {
                status: s.status,
                me: s.me,
                notice: s.notice,
                input: document.querySelector('#name-input')?.value,
                log: document.querySelector('#log')?.innerText.slice(-800),
            };
        });
        throw new Error(`${name}: the server did not confirm the name: ${JSON.stringify(seen)}`, {
            cause: e,
        });
    }
    return p;
}

// Opens a table with the lobby's form (random bots: quick to think, the level is not the
// point); returns its id.
export async function openTableFromLobby(p, { players = 3, timer = 0, seed = 0 } = {}) {
    await p.page.selectOption('#opt-players', String(players));
    await p.page.selectOption('#opt-timer', String(timer));
    await p.page.selectOption('#opt-bots', 'random');
    if (seed) await p.page.fill('#opt-seed', String(seed));
    await p.page.click('#create-table');
    await p.page.waitForSelector('#waiting .waiting-seats');
    return p.page.evaluate(() => window.niagara.store.state.table.id);
}
