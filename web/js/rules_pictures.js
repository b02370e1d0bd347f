// The rules' small river pictures, drawn here as SVG (no image files). Every word drawn in a
// picture and its text alternative come from the language's catalog (rulesContent() in
// rules_view.js: `words` for the labels, `pictures[name][0]` for what a screen reader says);
// positions such as T4 or L7 are the game's notation and stay as they are in every language.

import { s } from './dom.js';

// Where things are in a picture (viewBox 340 x 130): land on the left, the main stem T1-T5,
// the fork into L6 L7 (top) and R6 R7 (bottom), the waterfall on the right.
const AT = {
    land: [22, 65],
    T1: [68, 65],
    T2: [106, 65],
    T3: [144, 65],
    T4: [182, 65],
    T5: [220, 65],
    L6: [258, 30],
    L7: [296, 30],
    R6: [258, 100],
    R7: [296, 100],
    falls: [330, 65],
};
const PLACES = {
    violet: [144, 112],
    clear: [182, 18],
    yellow: [220, 112],
    blue: [277, 65],
    red: [304, 65],
};
const FILL = {
    violet: '#8e5bc4',
    clear: '#e8eef2',
    yellow: '#f2c830',
    blue: '#2f6fd0',
    red: '#d0303a',
};

function gem(colour, x, y, r = 4) {
    return s('path', {
        d: `M${x} ${y - r}L${x + r} ${y}L${x} ${y + r}L${x - r} ${y}Z`,
        fill: FILL[colour],
        stroke: '#222',
        'stroke-width': 0.8,
    });
}

function canoe({
    pos,
    colour = '#e06c1f',
    label = '',
    cargo = [],
    dy = 0,
    dashed = false,
    double = false,
}) {
    const [x, y] = AT[pos];
    const w = double ? 30 : 24;
    const parts = [
        s('path', {
            d: `M${x - w / 2} ${y + dy}Q${x} ${y + dy - 9} ${x + w / 2} ${y + dy}Q${x} ${y + dy + 9} ${x - w / 2} ${y + dy}Z`,
            fill: colour,
            stroke: '#1a1a1a',
            'stroke-width': 1.2,
            'stroke-dasharray': dashed ? '3 2' : undefined,
        }),
    ];
    cargo.forEach((c, i) =>
        parts.push(gem(c, x + (i - (cargo.length - 1) / 2) * 9 + 3, y + dy, 3.5)),
    );
    if (label)
        parts.push(
            s(
                'text',
                {
                    x: x - w / 2 + 3,
                    y: y + dy + 3,
                    'font-size': 8,
                    'font-weight': 700,
                    fill: '#fff',
                },
                label,
            ),
        );
    return s('g', {}, parts);
}

// An arrow over the river from one place to another; `marker` is the picture's arrow head.
function arrow(marker, from, to, { colour = '#222', dy = 0, label = '' } = {}) {
    const [x1, y1] = AT[from];
    const [x2, y2] = AT[to];
    const mid = [(x1 + x2) / 2, Math.min(y1, y2) - 26 + dy];
    return s(
        'g',
        {},
        s('path', {
            d: `M${x1} ${y1 - 10 + dy}Q${mid[0]} ${mid[1]} ${x2} ${y2 - 10 + dy}`,
            fill: 'none',
            stroke: colour,
            'stroke-width': 2,
            'marker-end': `url(#${marker})`,
        }),
        label
            ? s(
                  'text',
                  {
                      x: mid[0],
                      y: mid[1] + 8,
                      'font-size': 10,
                      'text-anchor': 'middle',
                      fill: colour,
                      'font-weight': 700,
                  },
                  label,
              )
            : null,
    );
}

function badge(pos, text, colour = '#6b3e1f', dy = -20) {
    const [x, y] = AT[pos];
    const width = Math.max(34, text.length * 5 + 8);
    return s(
        'g',
        {},
        s('rect', {
            x: x - width / 2,
            y: y + dy - 7,
            width,
            height: 12,
            rx: 4,
            fill: colour,
            stroke: '#fff',
        }),
        s(
            'text',
            {
                x,
                y: y + dy + 2,
                'font-size': 8,
                'text-anchor': 'middle',
                fill: '#fff',
                'font-weight': 700,
            },
            text,
        ),
    );
}

// What each picture draws on the river (`w`: the language's words, `m`: the arrow head's id).
const EXTRAS = {
    river: () => [],
    move: (w, m) => [
        canoe({ pos: 'land', label: '1' }),
        arrow(m, 'land', 'T3', { label: '3' }),
        canoe({ pos: 'T4', label: '2', cargo: ['clear'] }),
        arrow(m, 'T4', 'T5', { label: '2 + 1', dy: 2 }),
    ],
    steal: (w, m) => [
        canoe({ pos: 'T5', label: '1' }),
        arrow(m, 'T5', 'T3', { label: w.up2 }),
        canoe({ pos: 'T3', colour: '#2a9d6e', cargo: ['red'], dy: 14 }),
    ],
    flow: (w, m) => [
        arrow(m, 'T4', 'T5', { colour: '#0d4f73' }),
        arrow(m, 'T5', 'L6', { colour: '#0d4f73' }),
        arrow(m, 'L7', 'falls', { colour: '#b3261e', label: w.lost }),
        canoe({ pos: 'L7', label: '2', cargo: ['blue'] }),
        s('path', { d: 'M232 50V30L246 36L232 42', fill: '#d7263d', stroke: '#600' }),
    ],
    double: () => [
        canoe({ pos: 'T3', label: '1', double: true, cargo: ['violet', 'clear'] }),
        canoe({ pos: 'T5', label: '2', cargo: ['yellow'] }),
    ],
    lasso: () => [
        canoe({ pos: 'T2', label: '1', dy: -24, dashed: true, cargo: ['clear'] }),
        canoe({ pos: 'L6', label: '2', dy: -22, dashed: true }),
    ],
    whirlpool: (w, m) => [
        canoe({ pos: 'T2', label: '1' }),
        arrow(m, 'T2', 'T4', { label: w.down2 }),
        s('path', {
            d: 'M188 88L214 88',
            stroke: '#b3261e',
            'stroke-width': 2.5,
            'marker-end': `url(#${m})`,
        }),
        s(
            'text',
            {
                x: 201,
                y: 100,
                'font-size': 9,
                'text-anchor': 'middle',
                fill: '#b3261e',
                'font-weight': 700,
            },
            w.pushed,
        ),
        canoe({ pos: 'T5', label: '1', dashed: true }),
    ],
    elk: (w, m) => [
        canoe({ pos: 'L7', label: '1' }),
        badge('L7', w.elk, '#6b3e1f', -19),
        arrow(m, 'L7', 'T2', { label: '3 + 2 = 5' }),
    ],
    beaver: (w) => [
        badge('T1', w.beaver, '#8a5a2b', -22),
        s(
            'text',
            { x: 150, y: 124, 'font-size': 9, fill: '#2b3a40' },
            `${w.weather}: −1  0  +1  [+2]`,
        ),
    ],
    joe: (w, m) => [
        canoe({ pos: 'T4', label: 'J', colour: '#222', cargo: ['clear'] }),
        arrow(m, 'T4', 'T2', { label: w.joeMove }),
        canoe({ pos: 'T4', label: '1', dy: 16 }),
    ],
};

const WHIRLPOOL = { whirlpool: 'T4' };

export const PICTURE_NAMES = Object.keys(EXTRAS);

// One picture: the river and what `name` draws on it; `alt` is its text alternative and
// `words` the language's labels (land, waterfall, ...).
export function picture(name, alt, words) {
    const marker = `rules-arrow-${name}`;
    const whirlpool = (name === 'whirlpool' ? WHIRLPOOL : {}).whirlpool;
    const discs = ['T1', 'T2', 'T3', 'T4', 'T5', 'L6', 'L7', 'R6', 'R7'].map((p) => {
        const [x, y] = AT[p];
        return s(
            'g',
            {},
            s('circle', { cx: x, cy: y, r: 15, fill: '#3d8fc2', stroke: '#2a6f9c' }),
            p === whirlpool
                ? s('path', {
                      d: `M${x} ${y}m-2 0a2 2 0 1 1 4 0a5 5 0 1 1 -10 0a8 8 0 1 1 16 0`,
                      fill: 'none',
                      stroke: '#e9f6ff',
                      'stroke-width': 2,
                  })
                : null,
            s(
                'text',
                {
                    x,
                    y: y + 12,
                    'font-size': 7,
                    'text-anchor': 'middle',
                    fill: '#e9f6ff',
                    'font-weight': 700,
                },
                p,
            ),
        );
    });
    const placeMarks = Object.entries(PLACES).map(([colour, [x, y]]) =>
        s(
            'g',
            {},
            s('circle', {
                cx: x,
                cy: y,
                r: 8,
                fill: '#fffdf5',
                stroke: FILL[colour],
                'stroke-width': 3,
            }),
            gem(colour, x, y, 3.5),
        ),
    );
    return s(
        'svg',
        { class: 'howto-picture', viewBox: '0 0 340 130', role: 'img', 'aria-label': alt },
        s('title', {}, alt),
        s(
            'defs',
            {},
            s(
                'marker',
                {
                    id: marker,
                    viewBox: '0 0 10 10',
                    refX: 8,
                    refY: 5,
                    markerWidth: 6,
                    markerHeight: 6,
                    orient: 'auto-start-reverse',
                },
                s('path', { d: 'M0 0L10 5L0 10Z', fill: '#222' }),
            ),
        ),
        s('rect', { x: 0, y: 0, width: 340, height: 130, fill: '#cfe3c4', rx: 8 }),
        s('path', {
            d: 'M40 65H220L258 30H300M220 65L258 100H300',
            fill: 'none',
            stroke: '#5aa7d6',
            'stroke-width': 30,
            'stroke-linejoin': 'round',
        }),
        s('rect', {
            x: 2,
            y: 30,
            width: 36,
            height: 70,
            fill: '#ecd9a6',
            stroke: '#c8ad6a',
            rx: 5,
        }),
        s(
            'text',
            {
                x: 20,
                y: 42,
                'font-size': 8,
                'text-anchor': 'middle',
                fill: '#5a4a2a',
                'font-weight': 700,
                textLength: words.land.length > 6 ? 32 : undefined,
                lengthAdjust: 'spacingAndGlyphs',
            },
            words.land,
        ),
        s('rect', {
            x: 318,
            y: 8,
            width: 18,
            height: 114,
            fill: '#e9f6ff',
            stroke: '#8bbbd6',
            rx: 4,
        }),
        s(
            'text',
            {
                x: 327,
                y: 65,
                'font-size': 7,
                'text-anchor': 'middle',
                fill: '#2b6d92',
                transform: 'rotate(90 327 65)',
            },
            words.waterfall,
        ),
        placeMarks,
        discs,
        EXTRAS[name](words, marker),
    );
}
