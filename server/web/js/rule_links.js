// Rule numbers in a message as links: "… choose a card first (R3.1)" becomes text nodes and an
// <a> for "R3.1" that opens the "How to play" dialog at that rule (howto.js), or, opened in a
// new tab or window (middle click, Ctrl/Cmd/Shift click, the context menu), the standalone page
// rules.html?lang=<lang>#R3.1. Numbers that are no rule of R1-R12 stay text.
//
//   import { linkRules } from './rule_links.js';
//   h('span', {}, linkRules(text))        // an array of nodes (strings and <a>), for h()/morph
//   element.append(...linkRules(text))

import { openHowTo } from './howto.js';
import { pageLanguage, ruleId } from './rules_view.js';

const RULE = /\bR(\d{1,2})(?:\.(\d{1,2}))?\b/g;

// The address of a rule on the standalone page, in `lang` (the page's language by default).
export function ruleHref(rule, lang = pageLanguage()) {
    return `rules.html?lang=${encodeURIComponent(lang)}#${ruleId(rule) || ''}`;
}

// `text` as an array of strings and <a class="rule-link" data-rule="R4.4"> elements.
export function linkRules(text, { lang } = {}) {
    const source = String(text ?? '');
    const out = [];
    let last = 0;
    for (const match of source.matchAll(RULE)) {
        const rule = ruleId(match[0]);
        if (!rule) continue;
        if (match.index > last) out.push(source.slice(last, match.index));
        const a = document.createElement('a');
        a.className = 'rule-link';
        a.href = ruleHref(rule, lang);
        a.dataset.rule = rule;
        a.textContent = match[0];
        // A property, not a listener: morph() (dom.js) carries onclick over to kept elements.
        a.onclick = (e) => {
            if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;  // a new tab: the page
            e.preventDefault();
            openHowTo(rule);
        };
        out.push(a);
        last = match.index + match[0].length;
    }
    if (last < source.length) out.push(source.slice(last));
    return out;
}
