import { t } from './i18n.js';

// How close a collection is to winning (RULES.md R9.1): five different colours, four gems of
// one colour, or seven gems in all. Returns the best of the three as "have/need".

export function winningProgress(collection) {
    const counts = Object.values(collection || {}).filter((n) => n > 0);
    const total = counts.reduce((a, b) => a + b, 0);
    const options = [
        { have: counts.length, need: 5, what: 'colours' },
        { have: Math.max(0, ...counts), need: 4, what: 'same' },
        { have: total, need: 7, what: 'gems' },
    ];
    let best = options[0];
    for (const o of options) if (o.need - o.have < best.need - best.have) best = o;
    const missing = Math.max(0, best.need - best.have);
    return { ...best, missing, winning: missing === 0, total };
}

// "wins!", "1 gem from winning (4/5 colours)", "3/7 gems"
export function progressText(p) {
    if (p.winning) return t('web.progress.winning');
    if (p.total === 0) return t('web.progress.needs');
    const detail = t('web.progress.detail', { have: p.have, need: p.need, what: p.what });
    return p.missing === 1 ? t('web.progress.oneGem', { detail }) : detail;
}

// The value used by the tie-break (R9.3).
export const GEM_VALUE = { violet: 1, clear: 2, yellow: 3, blue: 4, red: 5 };
