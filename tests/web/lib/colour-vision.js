// Colour-vision deficiency simulation (Machado, Oliveira & Fernandes 2009, severity 1.0, applied
// in linear RGB) and CIELAB distances, to check that the board's colours stay apart.

const MACHADO = {
    protanopia: [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ],
    deuteranopia: [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.01182, 0.04294, 0.968881],
    ],
    tritanopia: [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.3039],
    ],
};
export const VISIONS = ['normal', ...Object.keys(MACHADO)];

const toLinear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function linearRgb(hex) {
    const n = parseInt(hex.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => toLinear(c / 255));
}

// The colour as seen with `vision`, in linear RGB.
export function simulate(hex, vision) {
    const rgb = linearRgb(hex);
    const m = MACHADO[vision];
    if (!m) return rgb;
    return m.map((row) =>
        Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])),
    );
}

export function lab([r, g, b]) {
    const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
    return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

// CIE76 colour difference between two colours seen with `vision`.
export function distance(a, b, vision) {
    const [p, q] = [lab(simulate(a, vision)), lab(simulate(b, vision))];
    return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

// The closest pair of `colours` (name -> hex) for each vision.
export function closestPairs(colours) {
    const names = Object.keys(colours);
    const result = {};
    for (const vision of VISIONS) {
        let best = { d: Infinity };
        for (let i = 0; i < names.length; i++)
            for (let j = i + 1; j < names.length; j++) {
                const d = distance(colours[names[i]], colours[names[j]], vision);
                if (d < best.d) best = { d, pair: [names[i], names[j]] };
            }
        result[vision] = best;
    }
    return result;
}
