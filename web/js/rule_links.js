// Rule numbers in a message as links: "… choose a card first (R3.1)" becomes text nodes and an
// <a> for "R3.1" that opens the "How to play" dialog at that rule (howto.js), or, opened in a
// new tab or window (middle click, Ctrl/Cmd/Shift click, the context menu), the standalone page
// rules.html?lang=<lang>#R3.1. Numbers that are no rule of R1-R12 stay text.
//
//   import { linkRules } from './rule_links.js';
//   h('span', {}, linkRules(text))        // an array of nodes (strings and <a>), for h()/morph
//   element.append(...linkRules(text))

import { openHowTo } from './howto.js';
import { pageLanguage, ruleId, splitRules } from './rules_view.js';

// The address of a rule on the standalone page, in `lang` (the page's language by default).
export function ruleHref(rule, lang = pageLanguage()) {
    return `rules.html?lang=${encodeURIComponent(lang)}#${ruleId(rule) || ''}`;
}

// `text` as an array of strings and <a class="rule-link" data-rule="R4.4"> elements. A rule is
// cited as "(R7)", "(R4.4)" or "R10.6"; a bare "R6"/"R7" is a place on the river and stays text.
export function linkRules(text, { lang } = {}) {
    return splitRules(text).map((piece) => {
        if (typeof piece === 'string') return piece;
        const a = document.createElement('a');
        a.className = 'rule-link';
        a.href = ruleHref(piece.rule, lang);
        a.dataset.rule = piece.rule;
        a.textContent = piece.text;
        // A property, not a listener: morph() (dom.js) carries onclick over to kept elements.
        a.onclick = (e) => {
            if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return; // a new tab: the page
            e.preventDefault();
            openHowTo(piece.rule);
        };
        return a;
    });
}
