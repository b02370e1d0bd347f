// What the player pages and the leaderboard (player.html, leaderboard.html) share: the page's
// language started, its words translated, the language switch (which loads the page again),
// and ratings written to one decimal in the page's language (4,2 in French).

import { language, rememberLanguage, startLanguage, translateDocument } from './i18n.js';
import { languageSwitch } from './language_switch.js';

export async function startRatingsPage() {
    await startLanguage();
    translateDocument();
    languageSwitch((lang) => {
        rememberLanguage(lang);
        window.location.reload();
    });
    const oneDecimal = new Intl.NumberFormat(language(), {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
    });
    return { rating: (x) => oneDecimal.format(x) };
}
