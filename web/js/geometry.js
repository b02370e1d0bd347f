// Where things are drawn on the board: x from 0 to 1000, y from 60 to 580. The river runs from
// the landing beach on the left to the waterfall on the right; looking down-river, the left
// branch (L6, L7) is at the top and the right branch (R6, R7) at the bottom (RULES.md R2.1).
// On a narrow portrait screen the board turns a quarter counter-clockwise: land at the bottom,
// the falls at the top, the river flowing up the screen, and so the left branch on the left
// of the screen, as seen by someone facing down-river (turning it the other way put the left
// branch on the screen's right, which read as a mistake).

export const VIEW = { x: 0, y: 60, width: 1000, height: 520 };

export const POSITIONS = ['T1', 'T2', 'T3', 'T4', 'T5', 'L6', 'L7', 'R6', 'R7'];

export const POS = {
    T1: { x: 205, y: 290 },
    T2: { x: 315, y: 290 },
    T3: { x: 425, y: 290 },
    T4: { x: 535, y: 290 },
    T5: { x: 645, y: 290 },
    L6: { x: 765, y: 160 },
    L7: { x: 880, y: 160 },
    R6: { x: 765, y: 420 },
    R7: { x: 880, y: 420 },
};

export const DISC_R = 46;

export const LAND = { x: 14, y: 150, width: 128, height: 280 };
export const FALLS = { x: 950, y: 70, width: 44, height: 440 };
export const LOST = { x: 14, y: 470, width: 320, height: 100 };

// The discovery places (R2.2): violet beside T3, clear beside T4, yellow beside T5, blue beside
// L6 and R6 and red beside L7 and R7, both on the tongue of land between the branches.
export const PLACE = {
    violet: { x: 425, y: 440 },
    clear: { x: 535, y: 140 },
    yellow: { x: 645, y: 450 },
    blue: { x: 775, y: 290 },
    red: { x: 885, y: 290 },
};
export const PLACE_R = 42;

export const PLACE_BESIDE = {
    T3: 'violet',
    T4: 'clear',
    T5: 'yellow',
    L6: 'blue',
    R6: 'blue',
    L7: 'red',
    R7: 'red',
};

// Canoes lifted out by the lasso sit on the bank beside their position (further out on the
// turned board, where the canoes in the river take more room across it).
export function bankPoint(pos, portrait = false) {
    const p = POS[pos];
    const out = portrait ? 100 : 78;
    if (pos.startsWith('R')) return { x: p.x, y: p.y + out };
    return { x: p.x, y: p.y - out };
}

// Where a position's name is written: at the up-river edge of its disc, clear of the canoes
// (which sit a little down-river of the centre) and of the whirlpool's middle.
export function labelPoint(pos) {
    const p = POS[pos];
    return { x: p.x - 35, y: p.y };
}

// The turned board: screen point (sx, sy) of the 520 × 1000 portrait frame shows board point
// (1000 - sy, sx + 60); this is the transform from board to screen.
export const PORTRAIT_VIEWBOX = '0 0 520 1000';
export const PORTRAIT_TRANSFORM = 'translate(-60 1000) rotate(-90)';
export function portraitToBoard(sx, sy) {
    return { x: 1000 - sy, y: sx + 60 };
}

// For the flow animation only: where a disc at `pos` goes in one river step with the fork
// flag on `fork` (R2.4), or 'falls'. Pieces and canoes are placed from the server's view.
export function discStep(pos, fork) {
    const main = { T1: 'T2', T2: 'T3', T3: 'T4', T4: 'T5' };
    if (main[pos]) return main[pos];
    if (pos === 'T5') return fork === 'left' ? 'L6' : 'R6';
    const branch = pos[0] === 'L' ? 'left' : 'right';
    if (branch !== fork) return pos;
    return pos.endsWith('6') ? pos[0] + '7' : 'falls';
}

// How canoes sharing a space are laid out: one behind the other across the river (`across`
// apart), at most `rows` of them, then more columns along the river (`along` apart); the
// whole group shrinks when it would reach the next space (`length` along, `width` across).
// On the laptop a canoe takes 56 × 26 (a hull of 44 × 18); on the turned phone board every
// canoe is a 64 × 64 target (44 px on a 390 px screen), so two or three sit side by side.
export const STACK = {
    landscape: { along: 56, across: 26, rows: 4, length: 108, width: 108 },
    portrait: { along: 64, across: 62, rows: 3, length: 108, width: 190 },
};

// n canoes around (x, y): points {x, y, scale}.
export function stack(n, x, y, { along, across, rows: maxRows, length, width }) {
    const cols = Math.max(1, Math.ceil(n / maxRows));
    const rows = Math.ceil(n / cols);
    const scale = Math.min(1, length / (cols * along), width / (rows * across));
    const points = [];
    for (let i = 0; i < n; i++) {
        const col = Math.floor(i / rows);
        const row = i % rows;
        const inCol = Math.min(rows, n - col * rows);
        points.push({
            x: x + (col - (cols - 1) / 2) * along * scale,
            y: y + (row - (inCol - 1) / 2) * across * scale,
            scale,
        });
    }
    return points;
}

// n canoes in a box {x, y, width, height} (land, the lost canoes), in cells `along` × `across`:
// filling across the box first, then further along; smaller when they would not fit.
export function grid(n, box, { along, across }) {
    const fits = (k) => Math.floor(box.width / (along * k)) * Math.floor(box.height / (across * k));
    let scale = 1;
    while (fits(scale) < n && scale > 0.3) scale -= 0.05;
    const perLine = Math.max(1, Math.floor(box.height / (across * scale)));
    const points = [];
    for (let i = 0; i < n; i++) {
        const c = i % perLine;
        const r = Math.floor(i / perLine);
        points.push({
            x: box.x + (r + 0.5) * along * scale,
            y: box.y + (c + 0.5) * across * scale,
            scale,
        });
    }
    return points;
}
