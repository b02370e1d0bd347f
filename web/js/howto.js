// "How to play": a dialog opened from the header at any moment (also during a game), with the
// base game, the Spirits of Niagara expansion and Diamond Joe by rule number (R1-R12), in the
// page's language (the catalogs' rules.* texts, drawn by rules_view.js with small SVG pictures
// of the river). openHowTo('R4.4') opens it at a rule: the links in refusals do (rule_links.js).
// Every word it shows, its buttons' included, comes from the language's content.

import { h } from './dom.js';
import { loadRules, pageLanguage, renderRules, showRule } from './rules_view.js';

const PREFIX = 'howto-';
let current = null; // the page's HowTo (the header button's), for openHowTo

// rules.css styles the summary (shared with rules.html); added once, when first needed.
function stylesheet() {
    let link = document.querySelector('link[data-rules-css]');
    if (!link) {
        link = h('link', { rel: 'stylesheet', href: 'rules.css', dataset: { rulesCss: '' } });
        link.ready = new Promise((resolve) => {
            link.onload = resolve;
            link.onerror = resolve; // unstyled rules are better than none
        });
        document.head.append(link);
    }
    return link.ready || Promise.resolve();
}

// The header's button and the dialog it opens.
export class HowTo {
    constructor(button) {
        this.button = button || null;
        this.dialog = null;
        this.lang = null;
        this.opener = null;
        this.rule = null; // the rule it was opened at, kept when the language changes
        current = this;
        stylesheet(); // now: the rule links in refusals (rule_links.js) are styled by it too
        button?.addEventListener('click', () => this.open());
        // The client sets <html lang> when its language changes (i18n.js): open rules follow.
        new MutationObserver(() => {
            if (this.dialog?.open && this.lang !== pageLanguage()) this.open(this.rule);
        }).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    }

    // (Re)builds the dialog in `lang` (a language switch between two openings builds anew).
    build(content) {
        const wasOpen = this.dialog?.open;
        this.dialog?.remove();
        this.lang = content.lang;
        const { nav, body } = renderRules(content, {
            prefix: PREFIX,
            level: 3,
            go: (rule) => this.show(rule),
        });
        const close = h(
            'button',
            {
                class: 'howto-close',
                'aria-label': content.ui.closeLabel,
                title: content.ui.closeLabel,
                onclick: () => this.close(),
            },
            '×',
        );
        const page = h(
            'a',
            {
                class: 'howto-page-link',
                href: `rules.html?lang=${content.lang}`,
                target: '_blank',
                rel: 'noopener',
            },
            content.ui.newTab,
        );
        this.body = h('div', { class: 'howto-body' }, nav, body);
        this.dialog = h(
            'dialog',
            { id: 'howto', class: 'howto', lang: content.lang, 'aria-labelledby': 'howto-title' },
            h(
                'div',
                { class: 'howto-head' },
                h('h2', { id: 'howto-title' }, content.ui.title),
                page,
                close,
            ),
            this.body,
        );
        this.dialog.addEventListener('close', () => {
            this.button?.setAttribute('aria-expanded', 'false');
            const back = this.opener && this.opener.isConnected ? this.opener : this.button;
            this.opener = null;
            back?.focus({ preventScroll: true });
        });
        // A click on the backdrop (outside the box) closes it.
        this.dialog.addEventListener('click', (e) => {
            if (e.target === this.dialog) this.close();
        });
        document.body.append(this.dialog);
        if (wasOpen) this.dialog.showModal();
    }

    // Opens the rules in the page's language, at `rule` ("R4.4", "R10") when given.
    async open(rule = null) {
        const opener = document.activeElement;
        const [content] = await Promise.all([loadRules(pageLanguage()), stylesheet()]);
        if (!this.dialog || this.lang !== content.lang) this.build(content);
        if (!this.dialog.open) {
            this.opener = opener && opener !== document.body ? opener : null;
            this.dialog.showModal();
        }
        this.button?.setAttribute('aria-expanded', 'true');
        this.rule = rule;
        if (rule) this.show(rule);
        else this.dialog.scrollTop = 0;
        return this.dialog;
    }

    show(rule) {
        return showRule(this.body, rule);
    }

    close() {
        this.dialog?.close();
        this.button?.setAttribute('aria-expanded', 'false');
    }
}

// Opens the "How to play" dialog at a rule ('R4.4'), in the page's language.
export function openHowTo(rule = null) {
    return (current || new HowTo(null)).open(rule);
}
