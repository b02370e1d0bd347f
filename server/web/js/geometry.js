// Where things are drawn on the board: x from 0 to 1000, y from 60 to 580. The river runs from
// the landing beach on the left to the waterfall on the right; looking down-river, the left
// branch (L6, L7) is at the top and the right branch (R6, R7) at the bottom (RULES.md R2.1).
// On a narrow portrait screen the board turns a quarter clockwise: land at the top, the falls
// at the bottom, and so the left branch on the right, as seen by someone facing down-river.

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

export const PLACE_BESIDE = { T3: 'violet', T4: 'clear', T5: 'yellow', L6: 'blue', R6: 'blue', L7: 'red', R7: 'red' };

// Canoes lifted out by the lasso sit on the bank beside their position.
export function bankPoint(pos) {
    const p = POS[pos];
    if (pos.startsWith('R')) return { x: p.x, y: p.y + 78 };
    return { x: p.x, y: p.y - 78 };
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

// n things around (x, y) in rows of two, `gap` apart.
export function spread(n, x, y, { dx = 48, dy = 24 } = {}) {
    const cols = n === 1 ? 1 : 2;
    const rows = Math.ceil(n / cols);
    const scale = rows > 4 ? 4 / rows : 1;
    const points = [];
    for (let i = 0; i < n; i++) {
        const row = Math.floor(i / cols);
        const col = i % cols;
        const inRow = Math.min(cols, n - row * cols);
        points.push({
            x: x + (col - (inRow - 1) / 2) * dx * scale,
            y: y + (row - (rows - 1) / 2) * dy * scale,
            scale,
        });
    }
    return points;
}
