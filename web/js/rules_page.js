// rules.html: the rules summary as a page of its own, outside the table, in the language of
// ?lang=fr (else the browser's), at the rule of its address' fragment (#R4.4, or its section
// when the summary tells that rule with others). Links in refusals open it in a new tab.

import { h, $ } from './dom.js';
import { RULE_LANGUAGES, loadRules, renderRules, ruleLanguage, showRule } from './rules_view.js';

// Each language's own name, for the switch (a name is written in its own language).
const NAMES = { en: 'English', fr: 'Français', cs: 'Čeština', de: 'Deutsch' };

// ?lang=, else the table's remembered choice (i18n.js), else the browser's languages.
async function chosenLanguage() {
    const asked = new URLSearchParams(location.search).get('lang');
    if (asked) return ruleLanguage(asked);
    try {
        const i18n = await import('./i18n.js');
        if (i18n.preferredLanguage) return ruleLanguage(i18n.preferredLanguage());
    } catch {
        // no i18n module: the browser's languages
    }
    return ruleLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

function target() {
    try {
        return decodeURIComponent(location.hash.slice(1));
    } catch {
        return '';
    }
}

async function main() {
    const lang = await chosenLanguage();
    const content = await loadRules(lang);
    document.documentElement.lang = content.lang;
    document.title = content.ui.pageTitle;
    $('#rules-title').textContent = content.ui.pageTitle;
    const back = $('#rules-back');
    back.textContent = content.ui.backToGame;
    const languages = $('#rules-languages');
    languages.setAttribute('aria-label', content.ui.language);
    // The switch keeps the rule in view: its links carry the address' fragment.
    const switches = () =>
        languages.replaceChildren(
            ...RULE_LANGUAGES.map((code) =>
                h(
                    'a',
                    {
                        href: `?lang=${code}${location.hash}`,
                        hreflang: code,
                        lang: code,
                        'aria-current': code === content.lang ? 'page' : undefined,
                    },
                    NAMES[code],
                ),
            ),
        );
    switches();
    const root = $('#rules');
    const go = (rule) => {
        history.replaceState(null, '', `#${rule}`);
        showRule(root, rule, { smooth: true });
        switches();
    };
    const { nav, body } = renderRules(content, { prefix: '', level: 2, go });
    root.replaceChildren(nav, ...body);
    const show = () => {
        if (target()) showRule(root, target());
        switches();
    };
    show();
    addEventListener('hashchange', show);
    document.body.dataset.ready = 'yes';
}

main();
