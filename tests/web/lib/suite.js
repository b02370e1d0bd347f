// What every browser test file shares: where the server and the screenshots are, one real
// server and one chromium per file, the check that no page had a script error, and axe-core's
// accessibility check run in the page.
//
//   NIAGARA_SERVER_BIN   the server (default: build/release/server/niagara-server)
//   NIAGARA_WEB_OUT      where screenshots go (default: build/web-test)

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';

import { launchBrowser } from './browser.js';
import { startServer } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '../../..');
export const out = process.env.NIAGARA_WEB_OUT || path.join(repo, 'build/web-test');
const binary =
    process.env.NIAGARA_SERVER_BIN || path.join(repo, 'build/release/server/niagara-server');
const AXE = path.join(here, '../node_modules/axe-core/axe.min.js');

// The server (with the file's own flags: bot pace, levels, seeds) and the browser.
export async function startSuite(extraArgs) {
    fs.mkdirSync(out, { recursive: true });
    const server = await startServer({ binary, webRoot: path.join(repo, 'web'), extraArgs });
    const browser = await launchBrowser();
    return { server, browser };
}

export async function stopSuite({ server, browser }) {
    await browser?.close();
    await server?.stop();
}

export function checkNoProblems(players) {
    assert.deepEqual(
        players.flatMap((p) => p.problems),
        [],
        'no script errors in any page',
    );
}

// axe-core in the page: the serious and critical violations, each with where they are.
export async function seriousAxeViolations(page) {
    // Evaluated, not added as a <script>: the page's Content-Security-Policy allows no inline script.
    if (!(await page.evaluate(() => !!window.axe)))
        await page.evaluate(`${fs.readFileSync(AXE, 'utf8')}\n;true`);
    const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160) })),
        }));
    });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

// One server and one chromium for a file's tests: started before them (`flags`: the server's),
// handed to `onStart`, and stopped after them.
export function useSuite(flags, onStart) {
    const suite = {};
    before(async () => {
        Object.assign(suite, await startSuite(flags));
        onStart(suite);
    });
    after(() => stopSuite(suite));
}

// The server's bots in the browser tests: quick, but a move at a time a page can show (one
// every `delayMs`; a strong bot searches `thinkMs`), and a minute's grace for a page that
// reloads.
export function botPace({ delayMs = 30, thinkMs = 100 } = {}) {
    return ['--bot-delay-ms', String(delayMs), '--bot-think-ms', String(thinkMs), '--grace', '60'];
}
