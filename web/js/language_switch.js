// The language switch in a page's header: the languages in their own words, the page's own
// chosen. `onChoose(lang)` runs when the reader picks another: the table redraws its words at
// once, the replay page loads again in the new language.
import { $, h, morph } from './dom.js';
import { LANGUAGES, language, languageName } from './i18n.js';

export function languageSwitch(onChoose) {
    const select = $('#lang-select');
    if (!select) return;
    morph(
        select,
        LANGUAGES.map((code) =>
            h(
                'option',
                { value: code, lang: code, selected: code === language() },
                languageName(code),
            ),
        ),
    );
    select.value = language();
    select.addEventListener('change', () => onChoose(select.value));
}
