// The rules summary as HTML, from its outline and a language's catalog (rules.*), for both the
// "How to play" dialog (howto.js) and the standalone page (rules.html, rules_page.js). Every
// rule number (R4, R4.4) has an element with data-rule="R4.4" and an id, so that a refusal
// citing "(R4.4)" can lead to it (rule_links.js).

import { h } from './dom.js';
import { t } from './i18n.js';
import { OUTLINE } from './rules_outline.js';
import { picture } from './rules_pictures.js';

export const RULE_LANGUAGES = ['en', 'fr', 'cs', 'de'];

// The best of our languages for a BCP 47 tag or a list of them ("fr-CA" -> "fr"); English.
export function ruleLanguage(tags) {
    for (const tag of [tags].flat()) {
        const base = String(tag || '')
            .toLowerCase()
            .split(/[-_]/)[0];
        if (RULE_LANGUAGES.includes(base)) return base;
    }
    return 'en';
}

// The language the page speaks: <html lang>, which the client sets when its language changes.
export function pageLanguage() {
    return ruleLanguage(document.documentElement.lang);
}

const loaded = new Map();

// The summary in a language: the outline (rules_outline.js) with the words of the language's
// catalog (i18n/<lang>.json, rules.*), fetched once when first needed.
export function loadRules(lang) {
    const code = ruleLanguage(lang);
    if (!loaded.has(code)) {
        loaded.set(
            code,
            fetch(`i18n/${code}.json`, { headers: { Accept: 'application/json' } })
                .then((response) => {
                    if (!response.ok) throw new Error(`GET i18n/${code}.json: ${response.status}`);
                    return response.json();
                })
                .then((catalog) => rulesContent(code, catalog))
                .catch((e) => {
                    loaded.delete(code); // try again next time; meanwhile English, if that is not what failed
                    if (code === 'en') throw e;
                    return loadRules('en');
                }),
        );
    }
    return loaded.get(code);
}

// The summary's content from a catalog: {lang, ui, words, pictures: {name: [alt, caption]},
// parts: [{id, title, sections: [{rule, title, short, items}]}]}, items as the outline's with
// their text ([rule, text], ['p', text], ['fig', name]).
export function rulesContent(lang, catalog) {
    const say = (key) => t(key, {}, { lang, from: catalog });
    const each = (names, key) => Object.fromEntries(names.map((name) => [name, say(key(name))]));
    return {
        lang,
        ui: each(OUTLINE.ui, (name) => `rules.ui.${name}`),
        words: each(OUTLINE.words, (name) => `rules.word.${name}`),
        pictures: Object.fromEntries(
            OUTLINE.pictures.map((name) => [
                name,
                [say(`rules.picture.${name}.alt`), say(`rules.picture.${name}.caption`)],
            ]),
        ),
        parts: OUTLINE.parts.map((part) => ({
            id: part.id,
            title: say(`rules.part.${part.id}`),
            sections: part.sections.map((section) => ({
                rule: section.rule,
                title: say(`rules.section.${section.rule}.title`),
                short: say(`rules.section.${section.rule}.short`),
                items: section.items.map(([kind, value]) =>
                    kind === 'fig'
                        ? ['fig', value]
                        : kind === 'p'
                          ? ['p', say(`rules.text.${value}`)]
                          : [kind, say(`rules.text.${kind}`)],
                ),
            })),
        })),
    };
}

// "R4.4" from "R4.4", "r4.4" or "(R4.4)"; null for anything that is no rule of R1-R12.
export function ruleId(text) {
    const m = /^\(?\s*R(\d{1,2})(?:\.(\d{1,2}))?\s*\)?$/i.exec(String(text || '').trim());
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return null;
    return m[2] ? `R${Number(m[1])}.${Number(m[2])}` : `R${Number(m[1])}`;
}

// The element for a rule in `root`: the rule itself, or its section when the summary has no
// paragraph of its own for it (R2.5 is told with R2.4, for example).
export function findRule(root, rule) {
    const id = ruleId(rule);
    if (!id) return null;
    return (
        root.querySelector(`[data-rule="${id}"]`) ||
        root.querySelector(`[data-rule="${id.split('.')[0]}"]`)
    );
}

// The rules a text cites: "(R7)", "(R4.4)" or a numbered rule such as "R10.6". A bare "R6"
// or "R7" is a place on the river's right branch, not a rule, and stays text.
const CITED = /\((\s*)(R\d{1,2}(?:\.\d{1,2})?)(\s*)\)|\b(R\d{1,2}\.\d{1,2})\b/g;

// `text` as pieces: strings, and {rule: 'R4.4', text: 'R4.4'} for each rule it cites.
export function splitRules(text) {
    const source = String(text ?? '');
    const out = [];
    let last = 0;
    for (const m of source.matchAll(CITED)) {
        const token = m[2] || m[4];
        const rule = ruleId(token);
        if (!rule) continue;
        const start = m.index + (m[2] ? 1 + m[1].length : 0);
        if (start > last) out.push(source.slice(last, start));
        out.push({ rule, text: token });
        last = start + token.length;
    }
    if (last < source.length) out.push(source.slice(last));
    return out;
}

// A rule cited in the text ("(R8.3)") as a link to it in the same summary.
function references(text, prefix, go) {
    return splitRules(text).map((piece) =>
        typeof piece === 'string'
            ? piece
            : h(
                  'a',
                  {
                      class: 'rule-ref',
                      href: `#${prefix}${piece.rule}`,
                      onclick: go
                          ? (e) => {
                                e.preventDefault();
                                go(piece.rule);
                            }
                          : undefined,
                  },
                  piece.text,
              ),
    );
}

// Light inline marks in the content: **strong**, *emphasis*, `code`; rule numbers link.
function inline(text, prefix = '', go = null) {
    return String(text)
        .split(/(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/)
        .filter(Boolean)
        .map((part) => {
            if (part.startsWith('**')) return h('strong', {}, part.slice(2, -2));
            if (part.startsWith('`')) return h('code', {}, part.slice(1, -1));
            if (part.startsWith('*') && part.length > 2) return h('em', {}, part.slice(1, -1));
            return references(part, prefix, go);
        });
}

function figure(content, name) {
    const [alt, caption] = content.pictures[name];
    return h(
        'figure',
        { class: 'howto-figure', dataset: { picture: name } },
        picture(name, alt, content.words),
        h('figcaption', {}, caption),
    );
}

// A section's items: ['R4.4', text] rules (consecutive ones make one list), ['p', text]
// paragraphs, ['fig', name] pictures.
function items(content, list, prefix, go) {
    const out = [];
    let ul = null;
    for (const [kind, value] of list) {
        if (ruleId(kind)) {
            if (!ul) out.push((ul = h('ul', { class: 'rules-list' })));
            ul.append(
                h(
                    'li',
                    { id: `${prefix}${kind}`, dataset: { rule: kind }, class: 'rules-item' },
                    h('span', { class: 'rule-no' }, kind),
                    ' ',
                    inline(value, prefix, go),
                ),
            );
            continue;
        }
        ul = null;
        if (kind === 'fig') out.push(figure(content, value));
        else out.push(h('p', {}, inline(value, prefix, go)));
    }
    return out;
}

// The summary: a table of contents (`nav`) and the body. `prefix` starts every id (the
// dialog's ids must not clash with the page's); `level` is the parts' heading level (the
// sections' is one more); `go(rule)` is what a click in the table of contents does.
export function renderRules(content, { prefix = '', level = 2, go }) {
    const nav = h(
        'nav',
        { class: 'howto-nav', 'aria-label': content.ui.contents },
        h(
            'ol',
            {},
            content.parts
                .flatMap((part) => part.sections)
                .map((section) =>
                    h(
                        'li',
                        {},
                        h(
                            'a',
                            {
                                href: `#${prefix}${section.rule}`,
                                onclick: go
                                    ? (e) => {
                                          e.preventDefault();
                                          go(section.rule);
                                      }
                                    : undefined,
                            },
                            h('span', { class: 'rule-no' }, section.rule),
                            ' ',
                            section.short || section.title,
                        ),
                    ),
                ),
        ),
    );
    const body = content.parts.map((part) =>
        h(
            'section',
            {
                class: 'howto-part',
                id: `${prefix}${part.id}`,
                'aria-labelledby': `${prefix}${part.id}-title`,
            },
            h(`h${level}`, { id: `${prefix}${part.id}-title` }, part.title),
            part.intro ? h('p', {}, inline(part.intro, prefix, go)) : null,
            part.sections.map((section) =>
                h(
                    'section',
                    {
                        class: 'howto-section',
                        id: `${prefix}${section.rule}`,
                        dataset: { rule: section.rule },
                        'aria-labelledby': `${prefix}${section.rule}-title`,
                    },
                    h(
                        `h${level + 1}`,
                        { id: `${prefix}${section.rule}-title` },
                        h('span', { class: 'rule-no' }, section.rule),
                        ' ',
                        section.title,
                    ),
                    items(content, section.items, prefix, go),
                ),
            ),
        ),
    );
    return { nav, body };
}

// Brings a rule into view inside `root` (the dialog's body or the page) and marks it for a
// moment, so the eye finds the paragraph that the error cited. Returns the element or null.
export function showRule(root, rule, { smooth = false } = {}) {
    const element = findRule(root, rule);
    if (!element) return null;
    element.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    root.querySelectorAll('.rule-target').forEach((e) => e.classList.remove('rule-target'));
    // A whole section is marked by its heading; a rule by its paragraph.
    element.classList.add('rule-target');
    return element;
}
