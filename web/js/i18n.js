// The page's words in the reader's language (en, fr, cs, de): the merged catalog of a
// language (GET /i18n/<lang>.json, the same catalogs the server renders from, see
// i18n/README.md) and a renderer for its patterns.
//
// No browser API renders ICU MessageFormat (Intl has the pieces, not the format), so this is
// a small hand-written subset of it: {name}, {name, number}, {name, plural, ...} with '#',
// =N and offset-free categories chosen by Intl.PluralRules, {name, select, ...}, and ICU's
// apostrophe quoting ('' is one apostrophe; a lone ' before { } # | quotes up to the next ').
// Argument values follow i18n/README.md: a number is formatted with Intl.NumberFormat, a
// string is itself, {key, args} is that key's text, {seat: n} the seat's player name (or
// common.seat), an array a list joined by Intl.ListFormat ('conjunction').
//
// This module touches no DOM at import time, so node can test it (tests/web/i18n_unit.test.js).

export const LANGUAGES = ['en', 'fr', 'cs', 'de'];
export const DEFAULT_LANGUAGE = 'en';
const STORAGE_KEY = 'niagara.lang';

let current = DEFAULT_LANGUAGE;
let catalog = {};
const listeners = [];

// "fr-CA", "FR_ca", "cs" -> the supported language it names, or null.
export function supported(tag) {
    if (typeof tag !== 'string') return null;
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    return LANGUAGES.includes(primary) ? primary : null;
}

// The first supported language of a preference list (navigator.languages); else English.
export function negotiate(preferences) {
    for (const tag of preferences || []) {
        const found = supported(tag);
        if (found) return found;
    }
    return DEFAULT_LANGUAGE;
}

// ---- parsing ------------------------------------------------------------------------------

const parsed = new Map(); // pattern -> its nodes

// A pattern as nodes: strings, '#', and {arg, type, options}.
export function parse(pattern) {
    let node = parsed.get(pattern);
    if (!node) {
        const state = { text: pattern, at: 0 };
        node = parseNodes(state, false, 0);
        if (state.at < pattern.length) throw new Error(`unbalanced '}' in pattern: ${pattern}`);
        parsed.set(pattern, node);
    }
    return node;
}

// Reads nodes until the end or an unmatched '}' (left for the caller).
function parseNodes(state, inPlural, depth) {
    const nodes = [];
    let text = '';
    const { text: p } = state;
    while (state.at < p.length) {
        const c = p[state.at];
        if (c === "'") {
            const next = p[state.at + 1];
            if (next === "'") {
                text += "'";
                state.at += 2;
            } else if (next === '{' || next === '}' || next === '|' || (next === '#' && inPlural)) {
                // Quoted literal text up to the next lone apostrophe ('' inside is one).
                state.at += 1;
                while (state.at < p.length) {
                    if (p[state.at] === "'") {
                        if (p[state.at + 1] === "'") {
                            text += "'";
                            state.at += 2;
                            continue;
                        }
                        state.at += 1;
                        break;
                    }
                    text += p[state.at];
                    state.at += 1;
                }
            } else {
                text += "'";
                state.at += 1;
            }
        } else if (c === '{') {
            if (text) nodes.push(text);
            text = '';
            state.at += 1;
            nodes.push(parseArgument(state, depth));
        } else if (c === '}') {
            break;
        } else if (c === '#' && inPlural) {
            if (text) nodes.push(text);
            text = '';
            nodes.push({ hash: true }); // the plural's number
            state.at += 1;
        } else {
            text += c;
            state.at += 1;
        }
    }
    if (text) nodes.push(text);
    return nodes;
}

function readUntil(state, stops) {
    const start = state.at;
    while (state.at < state.text.length && !stops.includes(state.text[state.at])) state.at += 1;
    return state.text.slice(start, state.at).trim();
}

function expect(state, c) {
    if (state.text[state.at] !== c)
        throw new Error(`expected '${c}' at ${state.at} in pattern: ${state.text}`);
    state.at += 1;
}

function skipSpace(state) {
    while (/\s/.test(state.text[state.at] ?? '')) state.at += 1;
}

// After '{': "name}", "name, number}", "name, plural, one {...} other {...}}", "name, select, ...}".
function parseArgument(state, depth) {
    if (depth > 20) throw new Error('pattern nested too deeply');
    const arg = readUntil(state, ',}');
    if (!arg) throw new Error(`empty argument in pattern: ${state.text}`);
    if (state.text[state.at] === '}') {
        state.at += 1;
        return { arg, type: 'simple' };
    }
    expect(state, ',');
    const type = readUntil(state, ',}');
    if (state.text[state.at] === '}') {
        state.at += 1;
        return { arg, type: type === 'number' ? 'number' : 'simple' };
    }
    expect(state, ',');
    if (type !== 'plural' && type !== 'select')
        throw new Error(`unsupported argument type '${type}' in pattern: ${state.text}`);
    const options = {};
    for (;;) {
        skipSpace(state);
        if (state.text[state.at] === '}') {
            state.at += 1;
            break;
        }
        const selector = readUntil(state, '{}');
        if (!selector || state.text[state.at] !== '{')
            throw new Error(`bad ${type} option in pattern: ${state.text}`);
        state.at += 1;
        options[selector] = parseNodes(state, type === 'plural', depth + 1);
        expect(state, '}');
    }
    if (!options.other) throw new Error(`${type} without 'other' in pattern: ${state.text}`);
    return { arg, type, options };
}

// ---- rendering ----------------------------------------------------------------------------

const formats = new Map();
function cached(kind, lang, make) {
    const key = kind + lang;
    let format = formats.get(key);
    if (!format) {
        format = make();
        formats.set(key, format);
    }
    return format;
}

// `digits`: at least that many (a clock's seconds: "05").
export function formatNumber(n, lang = current, digits = 1) {
    return cached(
        digits === 1 ? 'number' : `number${digits}`,
        lang ?? current,
        () => new Intl.NumberFormat(lang ?? current, { minimumIntegerDigits: digits }),
    ).format(n);
}

export function formatList(items, lang = current) {
    return cached('list', lang, () => new Intl.ListFormat(lang, { type: 'conjunction' })).format(
        items,
    );
}

function pluralCategory(n, lang) {
    return cached('plural', lang, () => new Intl.PluralRules(lang)).select(n);
}

// Appends a part to `out`, merging neighbouring strings (a part may be an element: a
// player's name). Parts are gathered in one array, not nested ones: the board's words render
// a few hundred texts per redraw.
function put(out, part) {
    if (part === '' || part === null || part === undefined) return;
    if (typeof part === 'string' && typeof out[out.length - 1] === 'string')
        out[out.length - 1] += part;
    else out.push(part);
}

// A value (see the header) as parts.
function putValue(out, value, ctx) {
    if (typeof value === 'number') {
        put(out, formatNumber(value, ctx.lang));
    } else if (typeof value === 'string') {
        put(out, value);
    } else if (Array.isArray(value)) {
        const items = value.map((v) => {
            const item = [];
            putValue(item, v, ctx);
            return item;
        });
        if (items.every((item) => item.length <= 1 && typeof (item[0] ?? '') === 'string')) {
            put(
                out,
                formatList(
                    items.map((item) => item[0] ?? ''),
                    ctx.lang,
                ),
            );
            return;
        }
        // Elements among the items: format placeholders, then put the items back in.
        const marks = items.map((_, i) => `\u0000${i}\u0000`);
        // NUL marks the items: no text of a list's can hold one.
        // eslint-disable-next-line no-control-regex
        const marked = /\u0000(\d+)\u0000/;
        formatList(marks, ctx.lang)
            .split(marked)
            .forEach((piece, i) => {
                if (i % 2) for (const part of items[Number(piece)]) put(out, part);
                else put(out, piece);
            });
    } else if (value && typeof value === 'object' && typeof value.key === 'string') {
        renderInto(out, value.key, value.args || {}, ctx);
    } else if (value && typeof value === 'object' && Number.isInteger(value.seat)) {
        const named = ctx.seat?.(value.seat);
        if (named !== undefined && named !== null && named !== '') put(out, named);
        else renderInto(out, 'common.seat', { n: value.seat + 1, seat: value.seat + 1 }, ctx);
    } else {
        put(out, '?');
    }
}

// The number a plural chooses by: a number, or an array's length.
function countOf(value) {
    if (typeof value === 'number') return value;
    if (Array.isArray(value)) return value.length;
    const n = Number(value);
    return Number.isFinite(n) ? n : 0;
}

function putNodes(out, nodes, args, ctx, count) {
    for (const node of nodes) {
        if (typeof node === 'string') {
            put(out, node);
        } else if (node.hash) {
            put(out, count === undefined ? '#' : formatNumber(count, ctx.lang));
        } else if (node.type === 'simple' || node.type === 'number') {
            if (Object.hasOwn(args, node.arg)) putValue(out, args[node.arg], ctx);
            else put(out, `{${node.arg}}`);
        } else if (node.type === 'plural') {
            const n = countOf(args[node.arg]);
            const exact = node.options[`=${n}`];
            const chosen = exact ?? node.options[pluralCategory(n, ctx.lang)] ?? node.options.other;
            putNodes(out, chosen, args, ctx, n);
        } else {
            // select
            const value = String(args[node.arg]);
            putNodes(
                out,
                Object.hasOwn(node.options, value) ? node.options[value] : node.options.other,
                args,
                ctx,
                count,
            );
        }
    }
}

function renderInto(out, key, args, ctx) {
    const pattern = ctx.catalog[key];
    if (typeof pattern !== 'string')
        put(out, key); // tests make sure none is missing
    else putNodes(out, parse(pattern), args || {}, ctx);
}

// The text of `key` as parts (strings and whatever `seat(n)` gives for a seat: an element with
// the player's name in the seat's colour, say).
export function tParts(key, args = {}, { seat = null, lang = current, from = catalog } = {}) {
    const out = [];
    renderInto(out, key, args, { lang, seat, catalog: from });
    return out;
}

// The text of `key` in the page's language; `names` (by seat) names {seat: n} arguments.
export function t(key, args = {}, { names = null, lang = current, from = catalog } = {}) {
    const seat = names ? (n) => names[n] : null;
    return tParts(key, args, { seat, lang, from }).join('');
}

// A text object from the server ({key, args}) rendered here, or null without a key this
// catalog has (an older server, say: then the caller shows the server's own text).
export function tServer(text, options = {}) {
    if (!text || typeof text.key !== 'string' || !Object.hasOwn(options.from ?? catalog, text.key))
        return null;
    return tParts(text.key, text.args || {}, options);
}

export function has(key) {
    return Object.hasOwn(catalog, key);
}

// ---- the page's language ------------------------------------------------------------------

export function language() {
    return current;
}

// The language remembered in this browser, else the browser's own, else English.
export function preferredLanguage() {
    try {
        const saved = supported(globalThis.localStorage?.getItem(STORAGE_KEY));
        if (saved) return saved;
    } catch {
        // storage refused (private browsing): the browser's languages decide
    }
    const nav = globalThis.navigator;
    return negotiate(nav?.languages?.length ? nav.languages : [nav?.language]);
}

export function rememberLanguage(lang) {
    try {
        globalThis.localStorage?.setItem(STORAGE_KEY, lang);
    } catch {
        // the choice then lasts as long as the page
    }
}

async function fetchCatalog(lang) {
    // Relative, as the page's other requests: the site may be served under a path.
    // From this module's address, not the page's: pages live at /players/NAME too.
    const response = await fetch(new URL(`../i18n/${lang}.json`, import.meta.url), {
        headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`GET /i18n/${lang}.json: ${response.status}`);
    return response.json();
}

// Loads `lang`'s catalog and makes it the page's language (English when it cannot be had).
// Tells every listener (the page redraws its words) and sets <html lang>.
export async function useLanguage(lang) {
    let chosen = supported(lang) ?? DEFAULT_LANGUAGE;
    let words;
    try {
        words = await fetchCatalog(chosen);
    } catch (e) {
        if (chosen === DEFAULT_LANGUAGE) throw e;
        chosen = DEFAULT_LANGUAGE;
        words = await fetchCatalog(chosen);
    }
    current = chosen;
    catalog = words;
    if (globalThis.document) globalThis.document.documentElement.lang = current;
    for (const listener of listeners) listener(current);
    return current;
}

// A page's start: the browser's language (or the one chosen here before), then the page's fixed
// words. Without any catalog the page still works, showing its keys for words.
export async function startLanguage() {
    try {
        await useLanguage(preferredLanguage());
    } catch (e) {
        console.warn(`no catalog: ${e.message}`);
    }
    translateDocument();
}

export function onLanguageChange(listener) {
    listeners.push(listener);
}

// For tests: a catalog given directly (node has no server to fetch from).
export function setCatalog(lang, words) {
    current = lang;
    catalog = words;
}

// The language's own name ("français", "čeština") for the switch, capitalised as a menu item.
export function languageName(lang) {
    let name = lang;
    try {
        name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
    } catch {
        // an old browser: the code itself
    }
    return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}

// Fills the page's fixed words: data-i18n (text), data-i18n-title, data-i18n-aria-label,
// data-i18n-placeholder name keys.
export function translateDocument(root = globalThis.document) {
    if (!root) return;
    for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
    for (const [attr, data] of [
        ['title', 'i18nTitle'],
        ['aria-label', 'i18nAriaLabel'],
        ['placeholder', 'i18nPlaceholder'],
    ])
        for (const el of root.querySelectorAll(`[data-i18n-${attr}]`))
            el.setAttribute(attr, t(el.dataset[data]));
}
