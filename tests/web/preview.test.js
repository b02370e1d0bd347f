// End-to-end: the river preview. A player at a table with two bots plays a 6 from land, which
// can reach the branches (L6/R6): the destination buttons say where the canoe would be after
// this round's river for every speed still possible, the cases over the falls marked by an
// icon and a class (not colour alone); the glowing target on the board has the same words as
// its tooltip; and when several moves end at one place, the "Which one?" chooser shows it too.
//
//   NIAGARA_SERVER_BIN   the server (default: build/release/server/niagara-server)
//   NIAGARA_WEB_OUT      where screenshots go (default: build/web-test)

import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

import { openPlayer } from './lib/browser.js';
import { seededRandom, takeDecision } from './lib/player.js';
import { botPace, out, useSuite } from './lib/suite.js';

const LIMIT_MS = 45_000;

let server;
let browser;
useSuite([...botPace()], (started) => ({ server, browser } = started));

// The open decision, when nothing is on its way.
async function openDecision(page) {
    return page.evaluate(() => {
        const s = window.niagara.store.state;
        const game = s.view?.game;
        if (!s.prompt || s.pending || !game || game.you === null) return null;
        return { seq: s.promptSeq, actions: s.prompt.actions, round: game.round };
    });
}

// The words the page should show for one preview (preview.js), checked independently.
function expectedGroups(afterRiver) {
    const groups = [];
    for (const { speed, to } of afterRiver) {
        const last = groups.at(-1);
        if (last && last.to === to) last.speeds.push(speed);
        else groups.push({ to, speeds: [speed] });
    }
    return groups;
}

test('the river preview: where the canoe ends after the river, the falls marked', async () => {
    const fay = await openPlayer(browser, server.url, { name: 'fay', reducedMotion: true });
    const { page } = fay;
    await page.setViewportSize({ width: 1366, height: 768 });
    const random = seededRandom(5);
    await page.fill('#name-input', 'fay');
    await page.click('#name-form button[type="submit"]');
    await page.waitForFunction(() => window.niagara.store.state.me.name === 'fay');
    if (await page.locator('#quick-level').count())
        await page.selectOption('#quick-level', 'random');
    await page.click('#quick-game');
    await page.waitForSelector('#board svg .disc');

    // Play on (a 6 whenever the hand has one) until a canoe move may end over the falls with
    // the river; check the words of every move decision met on the way.
    const started = Date.now();
    let risky = null;
    let decisions = 0;
    while (!risky) {
        assert.ok(
            Date.now() - started < LIMIT_MS,
            'a move that the river may take over the falls comes up',
        );
        const d = await openDecision(page);
        if (!d) {
            await sleep(20);
            continue;
        }
        const six = d.actions.find((a) => a.type === 'play' && a.card === '6');
        if (six) {
            await page.click(`.hand .card.playable[data-card="6"]`);
            await page.waitForFunction(
                (seq) => window.niagara.store.state.promptSeq !== seq,
                d.seq,
            );
            continue;
        }
        const moves = d.actions.filter((a) => a.type === 'move');
        for (const a of moves) {
            // The protocol: a preview exactly for the moves that end in the river.
            const inRiver = a.to !== 'land' && a.to !== 'falls';
            assert.equal(
                Array.isArray(a.after_river),
                inRiver,
                `${a.text}: after_river only when it ends in the river`,
            );
            if (inRiver) {
                assert.ok(a.after_river.length >= 1);
                const speeds = a.after_river.map((o) => o.speed);
                assert.deepEqual(
                    speeds,
                    [...speeds].sort((x, y) => x - y),
                    'slowest first',
                );
            }
        }
        risky = moves.find((a) => a.after_river?.some((o) => o.to === 'falls'));
        if (risky) break;
        await takeDecision(fay, random);
        decisions += 1;
    }

    // Pick the canoe: the destination buttons carry the preview.
    await page.click(`.canoe-choice[data-canoe="${risky.canoe}"]`);
    const button = page.locator(`.dest-choice[data-dest="${risky.to}"]`);
    await button.waitFor();
    const preview = button.locator('.river-preview');
    await preview.waitFor();
    assert.match(await preview.innerText(), /^After the river:/);
    assert.ok(
        await button.evaluate((b) => b.classList.contains('river-falls')),
        'the button is marked as risky',
    );
    const groups = expectedGroups(risky.after_river);
    const shown = await preview.locator('.river-outcome').evaluateAll((els) =>
        els.map((e) => ({
            to: e.dataset.to,
            speeds: e.dataset.speeds.split(' ').map(Number),
            falls: e.classList.contains('falls'),
            text: e.textContent,
        })),
    );
    assert.deepEqual(
        shown.map(({ to, speeds }) => ({ to, speeds })),
        groups,
    );
    for (const o of shown) {
        if (o.to === 'falls') {
            assert.ok(o.falls, 'a falls case has the class "falls"');
            assert.match(
                o.text,
                /⚠\s*over the falls if it moves \d+( or more)?$/,
                'and an icon and words',
            );
            assert.equal(
                o.speeds.at(-1),
                Math.max(...risky.after_river.map((r) => r.speed)),
                'the falls are the fastest cases',
            );
        } else if (o.speeds[0] === 0) {
            assert.match(o.text, new RegExp(`stays at ${o.to} if the river does not move`));
        } else {
            assert.match(o.text, new RegExp(`at ${o.to} if it moves \\d`));
        }
    }
    // A safe destination's button has no falls mark.
    const safe = (await page.evaluate(() => window.niagara.store.state.prompt.actions)).find(
        (a) =>
            a.canoe === risky.canoe &&
            a.after_river &&
            !a.after_river.some((o) => o.to === 'falls'),
    );
    if (safe) {
        const other = page.locator(`.dest-choice[data-dest="${safe.to}"]`);
        assert.equal(await other.locator('.river-outcome.falls').count(), 0);
        assert.ok(!(await other.evaluate((b) => b.classList.contains('river-falls'))));
    }

    // The glowing target on the board says the same as its tooltip, and its ring is marked.
    const ring = page.locator(`svg .ring[data-dest="${risky.to}"]`);
    await ring.waitFor();
    const title = await ring.locator('title').textContent();
    assert.match(title, /^After the river: .*⚠ over the falls if it moves/);
    assert.ok(await ring.evaluate((r) => r.classList.contains('river-falls')));

    await button.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'preview-laptop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await button.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(out, 'preview-phone.png') });
    await page.setViewportSize({ width: 1366, height: 768 });

    // "Which one?": when several moves end at one place (loading before or after the move, say),
    // each shows its preview. Play on until such a decision comes up.
    let several = null;
    let more = 0;
    for (;;) {
        assert.ok(
            Date.now() - started < LIMIT_MS,
            'a decision with several moves to one place comes up',
        );
        const d = await openDecision(page);
        const byDest = new Map();
        for (const a of (d?.actions || []).filter((m) => m.type === 'move' && m.after_river)) {
            const key = `${a.canoe}|${a.to}`;
            byDest.set(key, [...(byDest.get(key) || []), a]);
        }
        several = [...byDest.values()].find((list) => list.length > 1);
        if (several) break;
        if (!d || !(await takeDecision(fay, random))) await sleep(20);
        else more += 1;
    }
    const first = several[0];
    const selected = await page.evaluate(() => window.niagara.store.state.ui.selected);
    if (selected !== first.canoe) await page.click(`.canoe-choice[data-canoe="${first.canoe}"]`);
    await page.click(`.dest-choice[data-dest="${first.to}"]`);
    const chooser = page.locator('#chooser:not([hidden])');
    await chooser.waitFor();
    assert.equal(
        await chooser.locator('.river-preview').count(),
        several.length,
        'every move in "Which one?" has its preview',
    );
    assert.equal(
        (await chooser.locator('.river-outcome.falls').count()) > 0,
        first.after_river.some((o) => o.to === 'falls'),
    );
    await page.screenshot({ path: path.join(out, 'preview-chooser-laptop.png') });
    await page.keyboard.press('Escape');
    console.log(
        `# preview: falls after ${decisions} decisions (${risky.text}: ${JSON.stringify(risky.after_river)}); chooser after ${more} more`,
    );
    assert.deepEqual(fay.problems, [], 'no script errors');
    await fay.context.close();
});
