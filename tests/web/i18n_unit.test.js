// The browser's words without a browser (plain node): web/js/i18n.js renders every key
// of every language's merged catalog (i18n/catalogs/<lang>/*.json) with sample arguments,
// without throwing and without a "{" left over; and no English sentence is left in the client's
// code or pages (every user-visible word comes from the web.* catalogs).

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

import { parse, setCatalog, t, tParts } from '../../web/js/i18n.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const CATALOGS = path.join(repo, 'i18n/catalogs');
const WEB = path.join(repo, 'web');
const LANGUAGES = ['en', 'fr', 'cs', 'de'];

// A language's merged catalog, as the server serves it at /i18n/<lang>.json.
function merged(lang) {
    const words = {};
    const dir = path.join(CATALOGS, lang);
    for (const file of fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort())
        Object.assign(words, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    return words;
}

// The arguments a pattern uses, with a kind each: 'number' (plural), a select's options, or text.
function argumentsOf(nodes, found = {}) {
    for (const node of nodes) {
        if (typeof node !== 'object' || node.hash) continue;
        if (node.type === 'plural') found[node.arg] = 'number';
        else if (node.type === 'select') found[node.arg] ??= Object.keys(node.options);
        else found[node.arg] ??= 'text';
        for (const option of Object.values(node.options || {})) argumentsOf(option, found);
    }
    return found;
}

// Sample values for a pattern: numbers for plurals, each select option in turn, and for text
// arguments a string, a nested key, a seat and a list (every kind of value the README names).
function samples(pattern) {
    const args = argumentsOf(parse(pattern));
    const variants = [];
    const selects = Object.entries(args).filter(([, kind]) => Array.isArray(kind));
    const rounds = Math.max(1, ...selects.map(([, options]) => options.length), 4);
    for (let i = 0; i < rounds; i++) {
        const values = {};
        for (const [name, kind] of Object.entries(args)) {
            if (kind === 'number') values[name] = [0, 1, 2, 5, 22, 1.5][i % 6];
            else if (Array.isArray(kind)) values[name] = kind[i % kind.length];
            else
                values[name] = [
                    'T4',
                    { seat: i },
                    [{ seat: 0 }, 'bob'],
                    { key: 'web.card.number', args: { card: '4' } },
                ][i % 4];
        }
        variants.push(values);
    }
    return variants;
}

test('every web key renders in every language, with every kind of argument, leaving no "{"', () => {
    const english = merged('en');
    const webKeys = Object.keys(english).filter((k) => k.startsWith('web.'));
    assert.ok(webKeys.length > 200, `the web catalog has its keys (${webKeys.length})`);
    for (const lang of LANGUAGES) {
        const words = merged(lang);
        for (const key of webKeys)
            assert.ok(Object.hasOwn(words, key), `${lang}: ${key} is translated`);
        setCatalog(lang, words);
        for (const [key, pattern] of Object.entries(words)) {
            let variants;
            assert.doesNotThrow(() => {
                variants = samples(pattern);
            }, `${lang} ${key} parses: ${pattern}`);
            for (const args of variants) {
                const text = t(key, args, { names: ['ann', 'bob', 'cy'] });
                assert.ok(
                    !text.includes('{') && !text.includes('}'),
                    `${lang} ${key} leaves no brace: ${text}`,
                );
                assert.ok(
                    !/\b(web|common)\.[a-z]/.test(text),
                    `${lang} ${key} shows no key: ${text}`,
                );
            }
        }
    }
});

test('the renderer: plural categories, #, select, quoting, nesting, seats and lists', () => {
    setCatalog('cs', {
        'x.gems':
            '{n, plural, one {# drahokam} few {# drahokamy} many {# drahokamu} other {# drahokamů}}',
        'x.quote': "l'eau, {seat}'s, '{'literal'}', ''quoted'', it''s",
        'x.select': '{s, select, left {vlevo} other {vpravo}}',
        'x.nested': '{who}: {what}',
        'common.seat': 'Hráč {n}',
    });
    assert.equal(t('x.gems', { n: 1 }), '1 drahokam');
    assert.equal(t('x.gems', { n: 3 }), '3 drahokamy');
    assert.equal(t('x.gems', { n: 1.5 }), '1,5 drahokamu');
    assert.equal(t('x.gems', { n: 7 }), '7 drahokamů');
    assert.equal(t('x.quote', { seat: 'bob' }), "l'eau, bob's, {literal}, 'quoted', it's");
    assert.equal(t('x.select', { s: 'left' }), 'vlevo');
    assert.equal(t('x.select', { s: 'up' }), 'vpravo');
    assert.equal(
        t('x.nested', { who: { seat: 1 }, what: { key: 'x.select', args: { s: 'left' } } }),
        'Hráč 2: vlevo',
    );
    const list = new Intl.ListFormat('cs', { type: 'conjunction' }).format(['a', 'b', 'c']); // "a, b a c"
    assert.equal(
        t('x.nested', { who: { seat: 1 }, what: ['a', 'b', 'c'] }, { names: ['ann', 'bob'] }),
        `bob: ${list}`,
    );
    const parts = tParts(
        'x.nested',
        { who: [{ seat: 0 }, { seat: 2 }], what: 5 },
        { seat: (n) => ({ el: n }) },
    );
    const and = new Intl.ListFormat('cs', { type: 'conjunction' })
        .format(['\u0001', '\u0002'])
        .slice(1, -1); // " a "
    assert.deepEqual(parts, [{ el: 0 }, and, { el: 2 }, ': 5']);
    assert.equal(t('x.missing'), 'x.missing');
});

// ---- no English left in the client ----------------------------------------------------------

// Strings that are not words for people: CSS and SVG values, key names, protocol words.
const ALLOWED = new Set([
    'Escape',
    'Tab',
    'Enter',
    'ArrowLeft',
    'ArrowRight',
    'Home',
    'End',
    'Niagara',
    'J',
]);

// The string literals of a JS source (quotes and template literals' fixed parts), without
// comments and regular expressions; each with its line.
function literals(source) {
    const found = [];
    let i = 0;
    let line = 1;
    let last = ''; // the last significant character, to tell a regex from a division
    const take = (quote) => {
        const start = line;
        let text = '';
        i += 1;
        while (i < source.length && source[i] !== quote) {
            if (source[i] === '\\') {
                text += source[i + 1];
                i += 2;
                continue;
            }
            if (quote === '`' && source[i] === '$' && source[i + 1] === '{') {
                found.push({ text, line: start });
                text = '';
                let depth = 1;
                i += 2;
                while (i < source.length && depth) {
                    if (source[i] === '{') depth += 1;
                    else if (source[i] === '}') depth -= 1;
                    else if (source[i] === '\n') line += 1;
                    else if (source[i] === "'" || source[i] === '"' || source[i] === '`') {
                        take(source[i]);
                        continue;
                    }
                    i += 1;
                }
                continue;
            }
            if (source[i] === '\n') line += 1;
            text += source[i];
            i += 1;
        }
        i += 1;
        found.push({ text, line: start });
    };
    while (i < source.length) {
        const c = source[i];
        if (c === '\n') {
            line += 1;
            i += 1;
        } else if (c === '/' && source[i + 1] === '/') {
            while (i < source.length && source[i] !== '\n') i += 1;
        } else if (c === '/' && source[i + 1] === '*') {
            const end = source.indexOf('*/', i + 2);
            line += source.slice(i, end).split('\n').length - 1;
            i = end + 2;
        } else if (
            c === '/' &&
            (/[(,=:[!&|?{};]/.test(last) ||
                last === '' ||
                /\breturn$/.test(source.slice(Math.max(0, i - 8), i).trim()))
        ) {
            i += 1; // a regular expression
            let inClass = false;
            while (i < source.length && (source[i] !== '/' || inClass)) {
                if (source[i] === '\\') i += 1;
                else if (source[i] === '[') inClass = true;
                else if (source[i] === ']') inClass = false;
                i += 1;
            }
            i += 1;
            last = ')';
        } else if (c === "'" || c === '"' || c === '`') {
            take(c);
            last = ')';
        } else {
            if (!/\s/.test(c)) last = c;
            i += 1;
        }
    }
    return found;
}

// English words for people: two words or more, or one capitalised word alone ("Cancel").
function looksEnglish(text) {
    const trimmed = text.trim();
    if (!trimmed || ALLOWED.has(trimmed)) return false;
    if (/^(web|common|engine|protocol|server|bridge)\.[\w.]+$/.test(trimmed)) return false; // a key
    if (/^[a-z-]+(\s[a-z-]+)*$/.test(trimmed) && !/\s/.test(trimmed)) return false; // a class, an id, a value
    const words = trimmed.match(/[A-Za-z]{2,}/g) || [];
    if (/^[A-Z][a-z]+[.!?:…]?$/.test(trimmed)) return true;
    // Several words with spaces between them, outside CSS/SVG syntax.
    if (
        words.length >= 2 &&
        /[A-Za-z]{2,}[,:;!?.]?\s+[A-Za-z]{2,}/.test(trimmed) &&
        !/[{};]|^[\w-]+(\s[\w-]+)*$/.test(trimmed)
    )
        return true;
    return /^[A-Z][a-z]+(\s[a-z]+)+/.test(trimmed);
}

test('no English sentence is left in the client: every word comes from the catalogs', () => {
    const problems = [];
    const dir = path.join(WEB, 'js');
    for (const file of fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.js'))
        .sort()) {
        // howto.js and the rules pages carry the rules summary's own content per language.
        if (/^(howto|rules_.*|rule_links)\.js$/.test(file)) continue;
        const source = fs.readFileSync(path.join(dir, file), 'utf8');
        const lines = source.split('\n');
        for (const { text, line } of literals(source)) {
            // Words for developers: thrown errors, the console, media queries.
            if (/\bthrow\b|Error\(|console\.|matchMedia/.test(lines[line - 1])) continue;
            if (looksEnglish(text)) problems.push(`js/${file}:${line}: ${JSON.stringify(text)}`);
        }
    }
    for (const file of ['index.html', 'replay.html']) {
        // Text between tags and the attributes people read; <noscript> speaks to a browser
        // without scripts, which cannot fetch a catalog (its sentence is in four languages).
        const html = fs
            .readFileSync(path.join(WEB, file), 'utf8')
            .replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
        const texts = [
            ...[...html.matchAll(/>([^<]+)</g)].map((m) => m[1]),
            ...[...html.matchAll(/\s(?:title|aria-label|placeholder|alt)="([^"]*)"/g)].map(
                (m) => m[1],
            ),
        ];
        for (const text of texts)
            if (text.trim() && looksEnglish(text) && text.trim() !== 'Niagara')
                problems.push(`${file}: ${JSON.stringify(text.trim())}`);
    }
    assert.deepEqual(problems, [], 'English literals left in the client');
});
