// A rating's history as an SVG line chart, drawn by the page (no library): one point per rated
// game, oldest on the left; the y axis from the lowest to the highest rating, labelled at both
// ends; each point carries its game and rating as a tooltip (<title>).

const SVG = 'http://www.w3.org/2000/svg';

function svg(name, attributes = {}, ...children) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    node.append(...children);
    return node;
}

// points: [{ rating, label }], oldest first. `describe` is the chart's accessible name.
export function ratingChart(points, { describe, format = (x) => x.toFixed(1) }) {
    const width = 600;
    const height = 220;
    const left = 48;
    const right = 12;
    const top = 12;
    const bottom = 24;
    const values = points.map((p) => p.rating);
    let low = Math.min(...values);
    let high = Math.max(...values);
    if (high - low < 1) {
        low -= 0.5;
        high += 0.5;
    }
    const x = (i) =>
        points.length === 1
            ? left + (width - left - right) / 2
            : left + (i * (width - left - right)) / (points.length - 1);
    const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low);
    const chart = svg('svg', {
        class: 'rating-chart',
        viewBox: `0 0 ${width} ${height}`,
        role: 'img',
        'aria-label': describe,
    });
    chart.append(
        svg('line', { class: 'axis', x1: left, y1: top, x2: left, y2: height - bottom }),
        svg('line', {
            class: 'axis',
            x1: left,
            y1: height - bottom,
            x2: width - right,
            y2: height - bottom,
        }),
        svg('text', { x: left - 6, y: y(high) + 4, 'text-anchor': 'end' }, format(high)),
        svg('text', { x: left - 6, y: y(low) + 4, 'text-anchor': 'end' }, format(low)),
        svg('polyline', {
            class: 'line',
            points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' '),
        }),
    );
    points.forEach((p, i) =>
        chart.append(
            svg(
                'circle',
                { class: 'point', cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 4 },
                svg('title', {}, p.label),
            ),
        ),
    );
    return chart;
}
