// The colours and shapes of the gems and the colours of the players' canoes (also used by the
// style sheet's legend). Every gem colour has its own shape, so that gems never depend on
// colour alone; the colours themselves stay apart under protanopia, deuteranopia and
// tritanopia (tests/web/board.test.js simulates them, Machado 2009, and asserts a distance).

import { s } from './dom.js';

// Light violet against dark blue: the two hues merge for red-green colour-blind eyes, their
// lightness does not; the red is dark enough not to pass for the yellow.
export const GEM_FILL = {
    violet: '#c08ae8',
    clear: '#f4f8fb',
    yellow: '#f6c700',
    blue: '#173f8a',
    red: '#c8102e',
};

export const GEM_SHAPE = {
    violet: 'triangle',
    clear: 'diamond',
    yellow: 'circle',
    blue: 'square',
    red: 'star',
};

// The same shapes as characters, for text ("▲ violet").
export const GEM_SYMBOL = { violet: '▲', clear: '◆', yellow: '●', blue: '■', red: '★' };

// The outline of a gem of `colour` centred on (x, y), about 2 × size across. Shapes of the
// same size look about as big as each other (a square's corners reach less far).
export function gemPath(colour, x, y, size = 6) {
    const r = size;
    const pts = (list) =>
        `M ${list.map(([px, py]) => `${(x + px).toFixed(2)} ${(y + py).toFixed(2)}`).join(' L ')} Z`;
    switch (GEM_SHAPE[colour]) {
        case 'triangle':
            return pts([
                [0, -r * 1.15],
                [r * 1.1, r * 0.8],
                [-r * 1.1, r * 0.8],
            ]);
        case 'square':
            return pts([
                [-r * 0.82, -r * 0.82],
                [r * 0.82, -r * 0.82],
                [r * 0.82, r * 0.82],
                [-r * 0.82, r * 0.82],
            ]);
        case 'circle':
            return `M ${x - r * 0.9} ${y} a ${r * 0.9} ${r * 0.9} 0 1 0 ${r * 1.8} 0 a ${r * 0.9} ${r * 0.9} 0 1 0 ${-r * 1.8} 0 Z`;
        case 'star': {
            const list = [];
            for (let i = 0; i < 10; i++) {
                const a = -Math.PI / 2 + (i * Math.PI) / 5;
                const k = i % 2 ? r * 0.5 : r * 1.2;
                list.push([k * Math.cos(a), k * Math.sin(a)]);
            }
            return pts(list);
        }
        default: // the diamond
            return pts([
                [0, -r * 1.1],
                [r * 0.85, 0],
                [0, r * 1.1],
                [-r * 0.85, 0],
            ]);
    }
}

// A gem on the board (SVG).
export function gemShape(colour, x, y, size = 6) {
    return s('path', {
        class: `gem gem-${colour}`,
        dataset: { shape: GEM_SHAPE[colour] ?? 'unknown' },
        d: gemPath(colour, x, y, size),
        fill: GEM_FILL[colour] || '#999',
    });
}

// A gem as a small picture inside text (collections, legends); `label` is its accessible
// name, or none when the text beside it already names the colour.
export function gemIcon(colour, { label = null, size = 16 } = {}) {
    const icon = s(
        'svg',
        {
            class: `gem-icon gem-${colour}`,
            viewBox: '-8 -8 16 16',
            width: size,
            height: size,
            role: label ? 'img' : undefined,
            'aria-label': label || undefined,
            'aria-hidden': label ? undefined : 'true',
            focusable: 'false',
        },
        gemShape(colour, 0, 0, 6),
    );
    if (label) icon.append(s('title', {}, label));
    return icon;
}

// Chosen to stay apart from each other for colour-blind eyes too (the Okabe-Ito colours:
// vermillion, sky blue, yellow, blue, reddish purple, and a brown); every canoe also says
// whose it is in its name and tooltip.
export const SEAT_FILL = ['#d55e00', '#56b4e9', '#f0e442', '#0072b2', '#cc79a7', '#8c564b'];

export function seatColour(seat) {
    return SEAT_FILL[seat % SEAT_FILL.length];
}

// A darker shade of the seat's colour for text on a light background (readable contrast).
export const SEAT_INK = ['#a04600', '#1f6f9e', '#7a6f00', '#005a8c', '#a0457a', '#6e4238'];

export function seatInk(seat) {
    return SEAT_INK[seat % SEAT_INK.length];
}
