// "How to play": a dialog opened from the header at any moment (also during a game), with the
// base game, the Spirits of Niagara expansion and Diamond Joe in short sections, each with a
// small picture of the river drawn here (SVG made in JS, no image files). The facts follow
// RULES.md (rule numbers in the comments); the words are this page's own.

import { h, s } from './dom.js';

// ---- small river pictures ------------------------------------------------------------------

// Where things are in a picture (viewBox 340 x 130): land on the left, the main stem T1-T5,
// the fork into L6 L7 (top) and R6 R7 (bottom), the waterfall on the right.
const AT = {
    land: [22, 65], T1: [68, 65], T2: [106, 65], T3: [144, 65], T4: [182, 65], T5: [220, 65],
    L6: [258, 30], L7: [296, 30], R6: [258, 100], R7: [296, 100], falls: [330, 65],
};
const PLACES = { violet: [144, 112], clear: [182, 18], yellow: [220, 112], blue: [277, 65], red: [304, 65] };
const FILL = { violet: '#8e5bc4', clear: '#e8eef2', yellow: '#f2c830', blue: '#2f6fd0', red: '#d0303a' };

function gem(colour, x, y, r = 4) {
    return s('path', { d: `M${x} ${y - r}L${x + r} ${y}L${x} ${y + r}L${x - r} ${y}Z`, fill: FILL[colour], stroke: '#222', 'stroke-width': 0.8 });
}

function canoe({ pos, colour = '#e06c1f', label = '', cargo = [], dy = 0, dashed = false, double = false }) {
    const [x, y] = AT[pos];
    const w = double ? 30 : 24;
    const parts = [
        s('path', {
            d: `M${x - w / 2} ${y + dy}Q${x} ${y + dy - 9} ${x + w / 2} ${y + dy}Q${x} ${y + dy + 9} ${x - w / 2} ${y + dy}Z`,
            fill: colour, stroke: '#1a1a1a', 'stroke-width': 1.2, 'stroke-dasharray': dashed ? '3 2' : undefined,
        }),
    ];
    cargo.forEach((c, i) => parts.push(gem(c, x + (i - (cargo.length - 1) / 2) * 9 + 3, y + dy, 3.5)));
    if (label) parts.push(s('text', { x: x - w / 2 + 3, y: y + dy + 3, 'font-size': 8, 'font-weight': 700, fill: '#fff' }, label));
    return s('g', {}, parts);
}

function arrow(from, to, { colour = '#222', dy = 0, label = '' } = {}) {
    const [x1, y1] = AT[from];
    const [x2, y2] = AT[to];
    const mid = [(x1 + x2) / 2, Math.min(y1, y2) - 26 + dy];
    return s('g', {},
        s('path', { d: `M${x1} ${y1 - 10 + dy}Q${mid[0]} ${mid[1]} ${x2} ${y2 - 10 + dy}`, fill: 'none', stroke: colour, 'stroke-width': 2, 'marker-end': 'url(#howto-arrow)' }),
        label ? s('text', { x: mid[0], y: mid[1] + 8, 'font-size': 10, 'text-anchor': 'middle', fill: colour, 'font-weight': 700 }, label) : null);
}

// One picture: the river and whatever `extra` draws on it; `alt` is what a screen reader says.
function picture(alt, extra = [], { whirlpool = null, places = true } = {}) {
    const discs = ['T1', 'T2', 'T3', 'T4', 'T5', 'L6', 'L7', 'R6', 'R7'].map((p) => {
        const [x, y] = AT[p];
        return s('g', {},
            s('circle', { cx: x, cy: y, r: 15, fill: '#3d8fc2', stroke: '#2a6f9c' }),
            p === whirlpool ? s('path', { d: `M${x} ${y}m-2 0a2 2 0 1 1 4 0a5 5 0 1 1 -10 0a8 8 0 1 1 16 0`, fill: 'none', stroke: '#e9f6ff', 'stroke-width': 2 }) : null,
            s('text', { x, y: y + 12, 'font-size': 7, 'text-anchor': 'middle', fill: '#e9f6ff', 'font-weight': 700 }, p));
    });
    const placeMarks = places ? Object.entries(PLACES).map(([colour, [x, y]]) => s('g', {},
        s('circle', { cx: x, cy: y, r: 8, fill: '#fffdf5', stroke: FILL[colour], 'stroke-width': 3 }), gem(colour, x, y, 3.5))) : [];
    return s('svg', { class: 'howto-picture', viewBox: '0 0 340 130', role: 'img', 'aria-label': alt },
        s('title', {}, alt),
        s('defs', {}, s('marker', { id: 'howto-arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' },
            s('path', { d: 'M0 0L10 5L0 10Z', fill: '#222' }))),
        s('rect', { x: 0, y: 0, width: 340, height: 130, fill: '#cfe3c4', rx: 8 }),
        s('path', { d: 'M40 65H220L258 30H300M220 65L258 100H300', fill: 'none', stroke: '#5aa7d6', 'stroke-width': 30, 'stroke-linejoin': 'round' }),
        s('rect', { x: 2, y: 30, width: 36, height: 70, fill: '#ecd9a6', stroke: '#c8ad6a', rx: 5 }),
        s('text', { x: 20, y: 42, 'font-size': 8, 'text-anchor': 'middle', fill: '#5a4a2a', 'font-weight': 700 }, 'Land'),
        s('rect', { x: 318, y: 8, width: 18, height: 114, fill: '#e9f6ff', stroke: '#8bbbd6', rx: 4 }),
        s('text', { x: 327, y: 65, 'font-size': 7, 'text-anchor': 'middle', fill: '#2b6d92', transform: 'rotate(90 327 65)' }, 'WATERFALL'),
        placeMarks, discs, extra);
}

function badge(pos, text, colour = '#6b3e1f', dy = -20) {
    const [x, y] = AT[pos];
    return s('g', {},
        s('rect', { x: x - 17, y: y + dy - 7, width: 34, height: 12, rx: 4, fill: colour, stroke: '#fff' }),
        s('text', { x, y: y + dy + 2, 'font-size': 8, 'text-anchor': 'middle', fill: '#fff', 'font-weight': 700 }, text));
}

const PICTURES = {
    river: () => picture('The river: land, T1 to T5, the fork into L6 L7 and R6 R7, the waterfall; the five discovery places beside T3, T4, T5, the tongue of land (blue) and the brink (red).'),
    move: () => picture('Card 3: a canoe on land paddles down 3 to T2; an empty canoe at T4 could load clear there for 2 points.', [
        canoe({ pos: 'land', label: '1' }), arrow('land', 'T2', { label: '3' }), canoe({ pos: 'T4', label: '2' })]),
    steal: () => picture('Stealing: the orange canoe paddles up from T5 to T3 and ends beside the green canoe carrying red; it may take the red gem.', [
        canoe({ pos: 'T5', label: '1', dy: 0 }), arrow('T5', 'T3', { label: 'up 2' }), canoe({ pos: 'T3', colour: '#2a9d6e', cargo: ['red'], dy: 14 })]),
    flow: () => picture('The river moves: every disc flows one place down; the disc at T5 goes into the branch the flag shows; the last disc of that branch falls with its canoe.', [
        arrow('T4', 'T5', { colour: '#0d4f73' }), arrow('T5', 'L6', { colour: '#0d4f73' }), arrow('L7', 'falls', { colour: '#b3261e', label: 'lost' }),
        canoe({ pos: 'L7', label: '2', cargo: ['blue'] }),
        s('path', { d: 'M232 50V30L246 36L232 42', fill: '#d7263d', stroke: '#600' })]),
    double: () => picture('The double canoe holds two gems; the single canoe one.', [
        canoe({ pos: 'T3', label: '1', double: true, cargo: ['violet', 'clear'] }), canoe({ pos: 'T5', label: '2', cargo: ['yellow'] })]),
    lasso: () => picture('Lasso: your canoes in the river wait on the bank beside their places while the river flows; nobody can rob them there.', [
        canoe({ pos: 'T2', label: '1', dy: -24, dashed: true, cargo: ['clear'] }), canoe({ pos: 'L6', label: '2', dy: -22, dashed: true })]),
    whirlpool: () => picture('Whirlpool at T4: a canoe that ends its move there is pushed one place down-river, to T5.', [
        canoe({ pos: 'T2', label: '1' }), arrow('T2', 'T4', { label: 'down 2' }),
        s('path', { d: 'M188 88L214 88', stroke: '#b3261e', 'stroke-width': 2.5, 'marker-end': 'url(#howto-arrow)' }),
        s('text', { x: 201, y: 100, 'font-size': 9, 'text-anchor': 'middle', fill: '#b3261e', 'font-weight': 700 }, 'pushed'),
        canoe({ pos: 'T5', label: '1', dashed: true })], { whirlpool: 'T4' }),
    elk: () => picture('The Hurried Elk: a canoe at L7 takes it at the start of its owner\'s turn and moves 2 points more from then on: card 3 takes it up 5 places, to T2.', [
        canoe({ pos: 'L7', label: '1' }), badge('L7', 'elk +2', '#6b3e1f', -19), arrow('L7', 'T2', { label: '3 + 2 = 5' })]),
    beaver: () => picture('The Bathing Beaver: when the weather is moved onto +2 it jumps on the disc at T1; when it falls over the waterfall the weather goes back to 0.', [
        badge('T1', 'beaver', '#8a5a2b', -22), s('text', { x: 150, y: 124, 'font-size': 9, fill: '#2b3a40' }, 'weather: −1  0  +1  [+2]')]),
    joe: () => picture('Diamond Joe: a neutral canoe; he loads at his place after the river, then paddles up-river by the starting player\'s card. Your canoe on his place may take, swap or give a gem.', [
        canoe({ pos: 'T4', label: 'J', colour: '#222', cargo: ['clear'] }), arrow('T4', 'T2', { label: 'up by the card' }), canoe({ pos: 'T4', label: '1', dy: 16 })]),
};

// ---- the text --------------------------------------------------------------------------------

function section(id, title, ...content) {
    return h('section', { class: 'howto-section', id: `howto-${id}`, 'aria-labelledby': `howto-${id}-title` },
        h('h3', { id: `howto-${id}-title` }, title), content);
}

function figure(name, caption) {
    return h('figure', { class: 'howto-figure', dataset: { picture: name } }, PICTURES[name](), h('figcaption', {}, caption));
}

function content() {
    return [
        h('nav', { class: 'howto-nav', 'aria-label': 'sections' },
            [['base', 'The game'], ['spirits', 'Spirits of Niagara'], ['joe', 'Diamond Joe'], ['page', 'On this page']].map(([id, text]) =>
                h('a', { href: `#howto-${id}`, onclick: (e) => { e.preventDefault(); document.getElementById(`howto-${id}`)?.scrollIntoView({ block: 'start' }); } }, text))),
        section('base', 'The game',
            h('p', {}, h('strong', {}, 'Goal. '), 'Paddle down the river, load gems at the discovery places and bring them back to land before the waterfall takes your canoes. You need ',
                h('em', {}, '5 gems of 5 colours'), ', or ', h('em', {}, '4 of one colour'), ', or ', h('em', {}, '7 gems'), '.'),
            figure('river', 'The river. Gems wait at the places beside T3 (violet), T4 (clear), T5 (yellow), L6/R6 (blue) and L7/R7 (red).'),
            h('p', {}, h('strong', {}, 'A round. '), 'First everyone secretly picks one card (phase I). Then, starting with the holder of the life preserver and going round the table, each reveals the card and carries it out (phase II). Then the river flows (phase III) and the life preserver passes to the next player.'),
            h('p', {}, h('strong', {}, 'Your hand. '), 'A played card stays out of your hand. Only when you have played ', h('em', {}, 'all'), ' your cards (7 in the base game, 10 with the expansion) do they all come back, at the start of the next round. So choose: a big card now is a big card you will not have later.'),
            figure('move', 'A number card gives its points to each of your canoes in the river.'),
            h('ul', {},
                h('li', {}, h('strong', {}, 'Number cards. '), 'Every canoe of yours in the river moves with all the card\'s points; one point is one place. With no canoe in the river you must put one in from land (land to T1 costs 1); otherwise you may also put your canoe from land in. Each canoe goes one way only, up towards land or down towards the falls. All points must be used, except by a canoe that reaches land.'),
                h('li', {}, h('strong', {}, 'Gems. '), 'Loading or unloading a gem costs 2 points, at the place beside the canoe, either before it moves or after (never both). With card 1 no gem moves. A canoe carries one gem.'),
                h('li', {}, h('strong', {}, 'Landing. '), 'A canoe that reaches land puts its gems in your collection for good (unless you pay one to buy a canoe back).'),
                h('li', {}, h('strong', {}, 'Stealing. '), 'A canoe with room that paddled up-river and ended its move, with all its points, where another player\'s loaded canoe is may take one gem from it, for free. Not where it loaded, never from a canoe on the bank.')),
            figure('steal', 'Up 2 onto a loaded canoe: the red gem may change hands.'),
            h('ul', {},
                h('li', {}, h('strong', {}, 'The cloud card. '), 'Instead of paddling, move the weather one step up or down (it stays between −1 and +2).'),
                h('li', {}, h('strong', {}, 'The river. '), 'After phase II it flows as many places as the lowest number card played this round plus the weather (nothing if that is 0 or less). Each place: a new disc enters at T1, every disc moves one down, the disc at T5 goes into the branch the fork flag shows (the flag then switches), and the last disc of that branch goes over the waterfall with whatever is on it.'),
                h('li', {}, h('strong', {}, 'Lost canoes. '), 'A canoe over the waterfall is lost and its gems go back to their places. In phase I you may buy a lost canoe back to land by paying one gem from your collection (it is optional). With every canoe lost and no gem, one canoe comes back for free.')),
            figure('flow', 'Speed 1: everything flows one place; the flag points to the left branch, so L7\'s disc falls.'),
            h('p', {}, h('strong', {}, 'The end. '), 'When someone has a winning collection, the round\'s phase II is still played to the end (everyone still takes a turn), and the game ends there, before the river flows. Everyone who then holds a winning collection wins.')),
        section('spirits', 'The Spirits of Niagara (expansion)',
            h('p', {}, 'Up to 6 players, 10 cards each (the base cards plus 7, lasso and 1/2/3), one double canoe each, and three new pieces on the river.'),
            figure('double', 'The double canoe (your canoe 1) holds two gems, and may steal two.'),
            h('ul', {},
                h('li', {}, h('strong', {}, 'Card 7. '), 'A number card: seven points per canoe, and it counts for the river\'s speed.'),
                h('li', {}, h('strong', {}, 'Lasso. '), 'Your canoes in the river go onto the bank beside their places for this round: they do not flow with the river, cannot be robbed and cannot load. After the river has flowed they are back in the water at the same places. It is not a number card.'),
                h('li', {}, h('strong', {}, '1/2/3. '), 'Move exactly one canoe, from land or in the river, with 1, 2 or 3 points, as you choose (loading allowed when the points suffice). Not a number card: it does not set the river\'s speed.')),
            figure('lasso', 'Lassoed canoes wait on the bank (dashed) while the discs flow by.'),
            h('p', {}, h('strong', {}, 'The whirlpool. '), 'A special disc, first at T3, that flows like the others (after falling it comes back in at T1). Paddling down across it costs nothing extra; paddling up out of it costs 2 points. No canoe may stay on it: a canoe whose move ends there is pushed one place down-river at once (at T5 its owner picks the branch; at L7/R7 it falls). A pushed canoe may not steal, nor load or unload after its move.'),
            figure('whirlpool', 'Down 2 onto the whirlpool at T4: the canoe ends at T5.'),
            h('p', {}, h('strong', {}, 'The Hurried Elk. '), 'It waits at the red place. At the start of your turn, whatever your card, a canoe of yours at L7 or R7 may take it (if nobody has it). That canoe then moves 2 points more whenever it moves (3 to 5 with the 1/2/3 card). When the canoe lands or falls, the elk goes back to the red place after the next river.'),
            figure('elk', 'A canoe at the brink with the elk: card 3 lets it paddle 5, from L7 up to T2.'),
            h('p', {}, h('strong', {}, 'The Bathing Beaver. '), 'Whenever the weather is moved onto +2 and the beaver is not in the river, it jumps onto the disc at T1 (T2 if the whirlpool is at T1) and floats down. When its disc goes over the waterfall, the weather drops back to 0.'),
            figure('beaver', 'Weather +2 brings the beaver in at T1.')),
        section('joe', 'Diamond Joe (variant)',
            h('p', {}, 'A neutral canoe that belongs to nobody and starts at T1. After the river flows, an empty Joe loads a gem of the place beside him (if there is one). Then he paddles up-river as many places as the number card of the round\'s starting player (no move for another card); at T1 he turns and goes on down, into the right branch. If he falls, his gem goes home and he starts again at T1.'),
            h('p', {}, 'At the end of your turn, a canoe of yours on Joe\'s place (not on the bank) may, for free: ', h('em', {}, 'take'), ' his gem into a free place, ', h('em', {}, 'swap'), ' one of its gems for his, or ', h('em', {}, 'give'), ' him a gem when he is empty. Joe is never robbed.'),
            figure('joe', 'Joe carries clear at T4; your canoe beside him may trade.')),
        section('page', 'On this page',
            h('ul', {},
                h('li', {}, 'On your turn the canoes that can move glow: tap one, then a glowing place (or land). The same choices are buttons in your decision, and all of them are listed in words.'),
                h('li', {}, 'Hover or long-press a card to see what it does. The log beside the board tells what the others did; a short notice tells you when something happens to you.'),
                h('li', {}, 'Sounds are off until you switch them on in the header. The chat box also takes commands such as ', h('code', {}, '/help'), '.'))),
    ];
}

// The header's button and the dialog it opens.
export class HowTo {
    constructor(button) {
        this.button = button;
        this.dialog = null;
        button.addEventListener('click', () => this.open());
    }

    build() {
        const close = h('button', { class: 'howto-close', 'aria-label': 'close the rules', onclick: () => this.close() }, '×');
        this.dialog = h('dialog', { id: 'howto', class: 'howto', 'aria-labelledby': 'howto-title' },
            h('div', { class: 'howto-head' }, h('h2', { id: 'howto-title' }, 'How to play Niagara'), close),
            h('div', { class: 'howto-body' }, content()));
        this.dialog.addEventListener('close', () => {
            this.button.setAttribute('aria-expanded', 'false');
            this.button.focus({ preventScroll: true });
        });
        // A click on the backdrop (outside the box) closes it.
        this.dialog.addEventListener('click', (e) => {
            if (e.target === this.dialog) this.close();
        });
        document.body.append(this.dialog);
    }

    open() {
        if (!this.dialog) this.build();
        if (!this.dialog.open) this.dialog.showModal();
        this.button.setAttribute('aria-expanded', 'true');
    }

    close() {
        this.dialog?.close();
        this.button.setAttribute('aria-expanded', 'false');
    }
}
