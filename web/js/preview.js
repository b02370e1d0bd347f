// The river preview: where a canoe would be after this round's river, for every speed the river
// may still have (the server's "after_river" on a canoe move, worked out by the engine from
// what you may know: the cards revealed so far, the others' remaining cards, the weather and
// the clouds still to come). Shown on the destination buttons, in the "Which one?" chooser and
// as the tooltip of a glowing target on the board. Falls are marked by a class and an icon.

import { h } from './dom.js';
import { formatNumber, language, t } from './i18n.js';

// The words (web.preview.*): speeds are lists ("2, 3 or 5": Intl.ListFormat's 'disjunction').
const WORDS = {
    title: () => t('web.preview.title'),
    stays: (to) => t('web.preview.stays', { to }),
    at: (to) => t('web.preview.at', { to }),
    falls: () => t('web.preview.falls'),
    still: () => t('web.preview.still'),
    stillOr: (speeds) => t('web.preview.stillOr', { speeds }),
    moves: (speeds) => t('web.preview.moves', { speeds }),
    orMore: (speed) => t('web.preview.orMore', { speed }),
};
const FALLS_ICON = '⚠';

// "2", "2 or 3", "2, 3 or 5".
function speedList(speeds) {
    const numbers = speeds.map((n) => formatNumber(n));
    if (numbers.length === 1) return numbers[0];
    try {
        return new Intl.ListFormat(language(), { type: 'disjunction' }).format(numbers);
    } catch {
        return numbers.join(', ');
    }
}

// The preview as groups of speeds with one outcome each, slowest first:
// [{ speeds: [0, 1], to: 'R6', still: true }, { speeds: [2, 3], to: 'R7' }, { speeds: [4, 5], to: 'falls' }]
export function previewGroups(afterRiver) {
    const groups = [];
    for (const { speed, to } of afterRiver || []) {
        const last = groups[groups.length - 1];
        if (last && last.to === to) last.speeds.push(speed);
        else groups.push({ speeds: [speed], to, still: speed === 0 });
    }
    return groups;
}

export function goesOverFalls(afterRiver) {
    return (afterRiver || []).some((o) => o.to === 'falls');
}

function groupText(g) {
    if (g.still) {
        const rest = g.speeds.slice(1);
        return `${WORDS.stays(g.to)} ${rest.length ? WORDS.stillOr(speedList(rest)) : WORDS.still()}`;
    }
    // Over the falls is the last group: every faster river takes the canoe over too.
    if (g.to === 'falls')
        return `${WORDS.falls()} ${g.speeds.length > 1 ? WORDS.orMore(g.speeds[0]) : WORDS.moves(g.speeds[0])}`;
    return `${WORDS.at(g.to)} ${WORDS.moves(speedList(g.speeds))}`;
}

// One line of text (tooltips, accessible names): "After the river: at R7 if it moves 1; ⚠ over
// the falls if it moves 2 or more." Empty when there is no preview (the move ends on land or
// over the falls).
export function previewText(afterRiver) {
    const groups = previewGroups(afterRiver);
    if (!groups.length) return '';
    return `${WORDS.title()} ${groups.map((g) => (g.to === 'falls' ? `${FALLS_ICON} ` : '') + groupText(g)).join('; ')}.`;
}

// The preview as an element: one item per outcome, falls items with class "falls" and an icon.
export function riverPreview(afterRiver) {
    const groups = previewGroups(afterRiver);
    if (!groups.length) return null;
    const danger = groups.some((g) => g.to === 'falls');
    return h(
        'span',
        {
            class: `river-preview${danger ? ' has-falls' : ''}`,
            dataset: { preview: JSON.stringify(afterRiver) },
        },
        h('span', { class: 'river-preview-title' }, WORDS.title()),
        ' ',
        groups.map((g, i) => [
            i ? '; ' : '',
            h(
                'span',
                {
                    class: `river-outcome${g.to === 'falls' ? ' falls' : ''}`,
                    dataset: { to: g.to, speeds: g.speeds.join(' ') },
                },
                g.to === 'falls'
                    ? [h('span', { class: 'falls-icon', 'aria-hidden': 'true' }, FALLS_ICON), ' ']
                    : null,
                groupText(g),
            ),
        ]),
    );
}
