// leaderboard.html, served at /leaderboard: the best registered players of each variant
// (?variant=spirits), with links to their pages (README, "Ratings"). Its data: GET
// /api/leaderboard/<variant>.

import { $, h } from './dom.js';
import { t } from './i18n.js';
import { startRatingsPage } from './ratings_page.js';

const { rating: number } = await startRatingsPage();

const VARIANTS = ['base', 'spirits'];

async function main() {
    const root = $('#leaderboard');
    $('#to-lobby').textContent = t('web.replay.lobby');
    const asked = new URLSearchParams(location.search).get('variant');
    const variant = VARIANTS.includes(asked) ? asked : 'base';
    document.title = t('web.leaderboard.title');
    $('#page-title').textContent = t('web.leaderboard.title');
    const switches = h(
        'nav',
        { class: 'variant-switch', 'aria-label': t('web.leaderboard.variants') },
        ...VARIANTS.map((v, i) => [
            i ? ' · ' : '',
            h(
                'a',
                {
                    href: `leaderboard?variant=${v}`,
                    'aria-current': v === variant ? 'page' : undefined,
                },
                t(`web.ratings.variant.${v}`),
            ),
        ]).flat(),
    );
    let board;
    try {
        const response = await fetch(`api/leaderboard/${variant}`, {
            headers: { Accept: 'application/json' },
        });
        board = await response.json();
    } catch (e) {
        root.replaceChildren(
            h('p', { class: 'error' }, t('web.player.failed', { why: e.message })),
        );
        document.body.dataset.ready = 'error';
        return;
    }
    const rows = board.players.map((p) =>
        h(
            'tr',
            { class: 'leader' },
            h('td', { class: 'number' }, String(p.place)),
            h('td', {}, h('a', { href: `players/${encodeURIComponent(p.name)}` }, p.name)),
            h('td', { class: 'number' }, number(p.rating)),
            h('td', { class: 'number' }, String(p.games)),
        ),
    );
    root.replaceChildren(
        switches,
        h('h2', {}, t(`web.ratings.variant.${variant}`)),
        rows.length
            ? h(
                  'table',
                  {},
                  h(
                      'thead',
                      {},
                      h(
                          'tr',
                          {},
                          h('th', { class: 'number' }, t('web.leaderboard.col.place')),
                          h('th', {}, t('web.leaderboard.col.name')),
                          h('th', { class: 'number' }, t('web.leaderboard.col.rating')),
                          h('th', { class: 'number' }, t('web.leaderboard.col.games')),
                      ),
                  ),
                  h('tbody', {}, ...rows),
              )
            : h('p', { class: 'none' }, t('web.leaderboard.empty', { min: board.min_games })),
        h('p', { class: 'about' }, t('web.ratings.about')),
    );
    document.body.dataset.ready = 'yes';
}

main();
