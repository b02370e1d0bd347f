// The rules summary in English, French, Czech and German: the "How to play" dialog at the
// table in the page's language, the standalone page rules.html?lang=cs#R4, and a refused
// command whose text cites a rule ("(R3.1)") linking to that rule.
//
//   NIAGARA_SERVER_BIN   the server (default: build/release/server/niagara-server)
//   NIAGARA_WEB_OUT      where screenshots go (default: build/web-test)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';

import { openNamedPlayer, openTableFromLobby } from './lib/browser.js';
import {
    botPace,
    checkNoProblems,
    out,
    repo,
    seriousAxeViolations,
    useSuite,
} from './lib/suite.js';

let server;
let browser;
useSuite(
    [...botPace(), '--bot-level', 'random', '--bot-seed', '3'],
    (started) => ({ server, browser } = started),
);

const RULES = Array.from({ length: 12 }, (_, i) => `R${i + 1}`);

// What each language must show: its dialog title, a heading only it has, its words for a
// picture's text alternative; and English headings that must not show in the others.
const EXPECT = {
    en: { title: 'How to play Niagara', heading: 'The waterfall', alt: /waterfall/ },
    fr: { title: 'Comment jouer à Niagara', heading: 'La cascade', alt: /cascade|rivière|canoé/ },
    cs: { title: 'Jak hrát Niagaru', heading: 'Vodopád', alt: /vodopád|řek|kanoe/ },
    de: { title: 'So spielt man Niagara', heading: 'Der Wasserfall', alt: /Wasserfall|Fluss|Kanu/ },
};
const ENGLISH_HEADINGS = [
    'The game',
    'The river',
    'A round',
    'The waterfall',
    'The end',
    'Diamond Joe (variant)',
];

const LAPTOP = { width: 1366, height: 768 };

// The page switched to `lang` with the header's language switch (which sets <html lang>). A
// server without the catalogs (GET /i18n/<lang>.json) keeps the client in English: then only
// <html lang> is set, which is all the rules read.
async function speak(page, lang) {
    const catalogs = await page.evaluate(
        async (l) => (await fetch(`/i18n/${l}.json`, { method: 'HEAD' })).ok,
        lang,
    );
    if (catalogs && (await page.locator('#lang-select').count())) {
        await page.selectOption('#lang-select', lang);
        await page
            .waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 3000 })
            .catch(() => {});
    }
    await page.evaluate((l) => {
        if (document.documentElement.lang !== l) document.documentElement.lang = l;
    }, lang);
}

// The headings of an element, as text without the rule numbers.
async function headings(locator) {
    return locator
        .locator('h2, h3, h4')
        .evaluateAll((list) => list.map((e) => e.textContent.replace(/^R\d+\s*/, '').trim()));
}

test('the four languages tell the same rules: the same rule numbers, pictures and words, all translated', async () => {
    // Each language's summary as the page builds it: the outline with its catalog's words.
    const { rulesContent } = await import(path.join(repo, 'web/js/rules_view.js'));
    const load = async (lang) =>
        rulesContent(
            lang,
            JSON.parse(await readFile(path.join(repo, `i18n/catalogs/${lang}/rules.json`), 'utf8')),
        );
    const shape = (content) => ({
        ui: Object.keys(content.ui).sort(),
        words: Object.keys(content.words).sort(),
        pictures: Object.keys(content.pictures).sort(),
        parts: content.parts.map((part) => [
            part.id,
            part.sections.map((s) => [
                s.rule,
                s.items.map(([kind, value]) => (kind === 'fig' ? `fig:${value}` : kind)),
            ]),
        ]),
    });
    // Every word is found in its catalog (a missing key shows as the key) and read as ICU
    // reads it (an apostrophe is written twice in a catalog, once on the page).
    const words = (content) => [
        ...Object.values(content.ui),
        ...Object.values(content.words),
        ...Object.values(content.pictures).flat(),
        ...content.parts.flatMap((part) => [
            part.title,
            ...part.sections.flatMap((s) => [
                s.title,
                s.short,
                ...s.items.filter(([kind]) => kind !== 'fig').map(([, text]) => text),
            ]),
        ]),
    ];
    for (const lang of ['en', 'fr', 'cs', 'de'])
        for (const text of words(await load(lang))) {
            assert.ok(text && !text.startsWith('rules.'), `${lang}: ${text} is a text`);
            assert.ok(!text.includes("''"), `${lang}: ${text} has its apostrophes read`);
        }
    const english = await load('en');
    assert.ok(
        words(english).some((text) => text.includes("'")),
        'English has apostrophes',
    );
    for (const lang of ['fr', 'cs', 'de']) {
        const content = await load(lang);
        assert.equal(content.lang, lang);
        assert.deepEqual(
            shape(content),
            shape(english),
            `${lang} has the same rules, in the same order, as en`,
        );
        for (const [name, [alt, caption]] of Object.entries(content.pictures)) {
            assert.ok(alt.length > 20 && caption.length > 10, `${lang}: ${name} is described`);
            assert.notEqual(
                alt,
                english.pictures[name][0],
                `${lang}: ${name}'s description is translated`,
            );
        }
        for (const [key, text] of Object.entries(content.ui))
            assert.ok(text && text !== english.ui[key], `${lang}: ui.${key} is translated`);
    }
    const rules = english.parts.flatMap((part) => part.sections.map((s) => s.rule));
    assert.deepEqual(rules, RULES, 'a section for each of R1-R12');

    // Which rule numbers in a message become links: "(R7)" and "R10.6" are rules; a bare
    // "R7" is the place on the river's right branch.
    const { splitRules } = await import(path.join(repo, 'web/js/rules_view.js'));
    const cited = (text) =>
        splitRules(text)
            .filter((p) => typeof p !== 'string')
            .map((p) => p.rule);
    assert.deepEqual(cited('only a canoe on L7 or R7 can take the elk (R10.8)'), ['R10.8']);
    assert.deepEqual(cited('The river flows (R7). See R10.6 and (R4.2, R5.3).'), [
        'R7',
        'R10.6',
        'R4.2',
        'R5.3',
    ]);
    assert.deepEqual(cited('R6 R7 (R13) (R0) R2'), []);
});

test('the standalone rules page in each language, at a rule of its address', async () => {
    const context = await browser.newContext({ viewport: LAPTOP });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    for (const lang of ['en', 'fr', 'cs', 'de']) {
        await page.goto(`${server.url}rules.html?lang=${lang}#R4`);
        await page.waitForSelector('body[data-ready="yes"]');
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        for (const rule of RULES)
            assert.equal(
                await page.locator(`section[id="${rule}"][data-rule="${rule}"]`).count(),
                1,
                `${lang}: ${rule} has its anchor`,
            );
        assert.ok(await page.locator('[id="R4.4"]').count(), `${lang}: R4.4 has its own anchor`);
        const texts = await headings(page.locator('#rules'));
        assert.ok(
            texts.includes(EXPECT[lang].heading),
            `${lang}: the heading "${EXPECT[lang].heading}" in ${texts.join(' | ')}`,
        );
        if (lang !== 'en')
            for (const english of ENGLISH_HEADINGS)
                assert.ok(!texts.includes(english), `${lang}: no English heading "${english}"`);
        // R4 is scrolled to the top of the window.
        const top = await page.evaluate(() => ({
            top: document.getElementById('R4').getBoundingClientRect().top,
            y: scrollY,
        }));
        assert.ok(
            top.y > 100 && top.top >= -2 && top.top < 40,
            `${lang}: R4 at the top (${JSON.stringify(top)})`,
        );
        // The pictures' text alternatives are in the language.
        const alts = await page
            .locator('figure svg[role="img"]')
            .evaluateAll((list) => list.map((svg) => svg.getAttribute('aria-label')));
        assert.equal(alts.length, 10, `${lang}: ten pictures`);
        for (const alt of alts) assert.ok(alt.length > 20, `${lang}: a text alternative: ${alt}`);
        assert.ok(
            alts.some((alt) => EXPECT[lang].alt.test(alt)),
            `${lang}: the text alternatives are in the language`,
        );
        if (lang === 'cs') {
            await page.screenshot({ path: path.join(out, 'rules-page-cs-laptop.png') });
            assert.deepEqual(
                await seriousAxeViolations(page),
                [],
                'axe-core: nothing serious on the rules page',
            );
        }
    }
    // A rule cited inside the summary links to it: R3.1 cites R8.3.
    await page.click('[id="R3.1"] a.rule-ref');
    await page.waitForFunction(() => location.hash === '#R8.3');
    assert.equal(await page.getAttribute('.rule-target', 'id'), 'R8.3');
    // The language switch keeps the rule.
    await page.click('#rules-languages a[hreflang="fr"]');
    await page.waitForFunction(
        () => document.documentElement.lang === 'fr' && document.body.dataset.ready === 'yes',
    );
    assert.equal(await page.evaluate(() => location.hash), '#R8.3');
    assert.equal(await page.getAttribute('.rule-target', 'id'), 'R8.3');
    // A phone, at a sub-rule: the page scrolls to R10.3.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}rules.html?lang=de#R10.3`);
    await page.waitForSelector('body[data-ready="yes"]');
    const at = await page.evaluate(
        () => document.querySelector('[id="R10.3"]').getBoundingClientRect().top,
    );
    assert.ok(at >= -2 && at < 40, `R10.3 at the top on the phone (${at})`);
    await page.screenshot({ path: path.join(out, 'rules-page-de-phone.png') });
    assert.deepEqual(problems, [], 'no script error');
    await context.close();
});

test('How to play at the table in each language; a refusal citing a rule links to it', async () => {
    const ann = await openNamedPlayer(browser, server.url, 'ann');
    await ann.page.setViewportSize(LAPTOP);
    const { page } = ann;
    const missing = []; // 404s: a server without the catalogs answers GET /i18n/<lang>.json so
    page.on('response', (r) => {
        if (r.status() === 404) missing.push(new URL(r.url()).pathname);
    });
    await openTableFromLobby(ann);
    await page.click('#add-bot');
    await page.click('#add-bot');
    await page.waitForSelector('#start-game:not([disabled])');
    await page.click('#start-game');
    await page.waitForSelector('.hand .card.playable');

    for (const lang of ['en', 'fr', 'cs', 'de']) {
        await speak(page, lang);
        await page.click('#howto-open');
        const dialog = page.locator('dialog#howto[open]');
        await dialog.waitFor();
        assert.equal(await dialog.getAttribute('lang'), lang);
        assert.equal(await dialog.locator('#howto-title').textContent(), EXPECT[lang].title);
        const texts = await headings(dialog);
        assert.ok(
            texts.includes(EXPECT[lang].heading),
            `${lang}: "${EXPECT[lang].heading}" in the dialog`,
        );
        if (lang !== 'en')
            for (const english of ENGLISH_HEADINGS)
                assert.ok(
                    !texts.includes(english),
                    `${lang}: no English heading "${english}" in the dialog`,
                );
        for (const rule of RULES)
            assert.equal(
                await dialog.locator(`[id="howto-${rule}"][data-rule="${rule}"]`).count(),
                1,
                `${lang}: ${rule} in the dialog`,
            );
        const alts = await dialog
            .locator('figure svg[role="img"]')
            .evaluateAll((list) => list.map((svg) => svg.getAttribute('aria-label')));
        assert.ok(
            alts.length === 10 && alts.some((alt) => EXPECT[lang].alt.test(alt)),
            `${lang}: the pictures are described in the language`,
        );
        const close = await dialog.locator('.howto-close').getAttribute('aria-label');
        if (lang !== 'en')
            assert.notEqual(
                close,
                'Close the rules',
                `${lang}: the close button speaks the language`,
            );
        if (lang === 'fr') {
            assert.deepEqual(
                await seriousAxeViolations(page),
                [],
                'axe-core: nothing serious with the French rules open',
            );
            await dialog.locator('figure[data-picture="whirlpool"]').scrollIntoViewIfNeeded();
            await page.screenshot({ path: path.join(out, 'rules-dialog-fr-laptop.png') });
        }
        await page.keyboard.press('Escape');
        await page.waitForSelector('dialog#howto:not([open])', { state: 'attached' });
    }

    // A refused command cites its rule: phase I, so no canoe may move yet (R3.1).
    await speak(page, 'en');
    await page.fill('#chat-input', '/canoe 1 down 3');
    await page.press('#chat-input', 'Enter');
    const link = page.locator('#log li.error a.rule-link').last();
    await link.waitFor();
    const rule = await link.getAttribute('data-rule');
    assert.match(rule, /^R\d+(\.\d+)?$/);
    assert.equal(
        await link.getAttribute('href'),
        `rules.html?lang=en#${rule}`,
        'a new tab opens the page at the rule',
    );
    assert.ok(
        await page.locator(`#notice a.rule-link[data-rule="${rule}"]`).count(),
        'the notice links the rule too',
    );
    // axe-core on what this file adds there (the rest of the table is other files' business,
    // and shows catalog keys on a server without the catalogs).
    const mine = (await seriousAxeViolations(page)).flatMap((v) =>
        v.nodes
            .filter((n) => /rule-link|#notice|#log/.test(`${n.target} ${n.html}`))
            .map((n) => `${v.id}: ${n.target}`),
    );
    assert.deepEqual(
        mine,
        [],
        'axe-core: nothing serious about the rule links in the log and the notice',
    );
    // With the keyboard: Enter on the link opens the rules, Escape brings the focus back to it.
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog#howto[open]');
    await dialog.waitFor();
    const target = dialog.locator('.rule-target');
    assert.equal(await target.count(), 1, 'the cited rule is marked');
    assert.equal(await target.getAttribute('data-rule'), rule);
    const box = await page.evaluate(() => {
        const t = document.querySelector('#howto .rule-target').getBoundingClientRect();
        const d = document.querySelector('#howto').getBoundingClientRect();
        return { top: t.top - d.top, height: d.height };
    });
    assert.ok(
        box.top > 0 && box.top < box.height / 2,
        `the rule is in view near the top of the dialog (${JSON.stringify(box)})`,
    );
    await page.screenshot({ path: path.join(out, 'rules-link-laptop.png') });
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog#howto:not([open])', { state: 'attached' });
    assert.equal(
        await page.evaluate(() => document.activeElement.dataset.rule),
        rule,
        'the focus is back on the link',
    );

    // A phone: the same link, in Czech.
    await page.setViewportSize({ width: 390, height: 844 });
    await speak(page, 'cs');
    await page.locator('#log li.error a.rule-link').last().click();
    await page.waitForSelector('dialog#howto[open][lang="cs"]');
    await page.screenshot({ path: path.join(out, 'rules-link-cs-phone.png') });
    await page.keyboard.press('Escape');
    if (missing.length && missing.every((p) => p.startsWith('/i18n/')))
        ann.problems = ann.problems.filter((p) => !/status of 404/.test(p));
    checkNoProblems([ann]);
    await ann.context.close();
});
