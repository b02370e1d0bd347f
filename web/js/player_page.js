// player.html, served at /players/NAME: a registered player's ratings now, a chart of each over
// the rated games, and those games with their places, players and replays (README, "Ratings").
// Its data: GET /api/players/NAME.

import { $, h } from './dom.js';
import { t } from './i18n.js';
import { ratingChart } from './rating_chart.js';
import { startRatingsPage } from './ratings_page.js';

const { rating: number } = await startRatingsPage();

// The name in the address (/players/Ji%C5%99%C3%AD), or ?name= for the file opened as it is.
function askedName() {
    const prefix = '/players/';
    try {
        if (location.pathname.startsWith(prefix))
            return decodeURIComponent(location.pathname.slice(prefix.length));
    } catch {
        return '';
    }
    return new URLSearchParams(location.search).get('name') ?? '';
}

function when(at) {
    const date = new Date(at);
    return Number.isNaN(date.getTime())
        ? at
        : date.toLocaleDateString(document.documentElement.lang);
}

function variantSection(v) {
    const variantName = t(`web.ratings.variant.${v.variant}`);
    const points = v.history.map((g) => ({
        rating: g.rating,
        label: t('web.player.point', { table: String(g.table), rating: number(g.rating) }),
    }));
    const rows = [...v.history].reverse().map((g) =>
        h(
            'tr',
            { class: 'rated-game', 'data-table': g.table },
            h('td', {}, when(g.at)),
            h('td', {}, `#${g.table}`),
            h(
                'td',
                {},
                g.won
                    ? t('web.player.won', { players: g.players })
                    : t('web.player.place', { place: g.place, players: g.players }),
            ),
            h(
                'td',
                {},
                g.seats
                    .filter((s) => !s.you)
                    .map((s) =>
                        s.deleted
                            ? t('web.replay.deletedPlayer')
                            : s.bot
                              ? t('web.player.bot', { name: s.name })
                              : s.name,
                    )
                    .join(', '),
            ),
            h('td', { class: 'number' }, number(g.rating)),
            h('td', {}, h('a', { href: `../replay.html?game=${g.table}` }, t('web.player.replay'))),
        ),
    );
    return h(
        'section',
        { class: 'panel variant', 'data-variant': v.variant },
        h('h2', {}, variantName),
        h(
            'p',
            { class: 'rating-now' },
            t('web.player.now', {
                rating: number(v.rating),
                mu: number(v.mu),
                sigma: number(v.sigma),
                games: v.games,
            }),
        ),
        points.length
            ? ratingChart(points, {
                  describe: t('web.player.chart', { variant: variantName }),
                  format: number,
              })
            : '',
        h('h3', {}, t('web.player.games')),
        h(
            'table',
            {},
            h(
                'thead',
                {},
                h(
                    'tr',
                    {},
                    h('th', {}, t('web.player.col.date')),
                    h('th', {}, t('web.player.col.table')),
                    h('th', {}, t('web.player.col.place')),
                    h('th', {}, t('web.player.col.others')),
                    h('th', { class: 'number' }, t('web.player.col.rating')),
                    h('th', {}, t('web.player.col.replay')),
                ),
            ),
            h('tbody', {}, ...rows),
        ),
    );
}

async function main() {
    const root = $('#player');
    $('#to-lobby').textContent = t('web.replay.lobby');
    $('#to-leaderboard').textContent = t('web.leaderboard.title');
    const name = askedName();
    document.title = t('web.player.title', { name });
    $('#page-title').textContent = name || 'Niagara';
    let response;
    try {
        response = await fetch(
            new URL(`../api/players/${encodeURIComponent(name)}`, import.meta.url),
            {
                headers: { Accept: 'application/json' },
            },
        );
    } catch (e) {
        root.replaceChildren(
            h('p', { class: 'error' }, t('web.player.failed', { why: e.message })),
        );
        document.body.dataset.ready = 'error';
        return;
    }
    if (!response.ok) {
        root.replaceChildren(h('p', { class: 'missing' }, t('web.player.unknown', { name })));
        document.body.dataset.ready = 'yes';
        return;
    }
    const player = await response.json();
    $('#page-title').textContent = player.name;
    document.title = t('web.player.title', { name: player.name });
    root.replaceChildren(
        ...(player.ratings.length
            ? player.ratings.map(variantSection)
            : [h('p', { class: 'none' }, t('web.player.none'))]),
        h('p', { class: 'about' }, t('web.ratings.about')),
    );
    document.body.dataset.ready = 'yes';
}

main();
