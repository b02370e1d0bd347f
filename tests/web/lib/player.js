// Plays a seat through the page, as a person would: reads what the page offers (the server's
// prompt, as the client holds it), picks with a simple policy, and clicks the board, the hand
// or the buttons. The policy only has to make games end: loaded canoes head for land, empty
// ones load or steal, the cloud goes down, nobody paddles over the falls.

export function seededRandom(seed) {
    let a = seed >>> 0;
    return () => {
        // mulberry32
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

// How far a place is from land, in paddle points (RULES.md R2.1, R4.3).
const DISTANCE = {
    land: 0,
    T1: 1,
    T2: 2,
    T3: 3,
    T4: 4,
    T5: 5,
    L6: 6,
    R6: 6,
    L7: 7,
    R7: 7,
    falls: 8,
};
const NUMBER_CARDS = ['1', '2', '3', '4', '5', '6', '7'];
const count = (list) => (list ? list.length : 0);

// Higher is better: gems brought to land count most, then gems aboard and near land; the
// brink and the falls are avoided (the river moves canoes down after every round).
function score(action, canoes, game) {
    switch (action.type) {
        case 'free':
            return 10;
        case 'cloud':
            return action.direction === 'down' ? 1 : 0;
        case 'done':
            return 0;
        case 'move': {
            if (action.to === 'falls') return -1000;
            const cargo =
                canoes[action.canoe].cargo.length -
                count(action.unload) +
                count(action.load) +
                count(action.steal);
            const d = DISTANCE[action.to];
            if (action.to === 'land') return cargo > 0 ? 100 * cargo : -1;
            let value = cargo > 0 ? 40 * cargo - 5 * d : -Math.abs(d - 2);
            value -= d >= 7 ? 30 : d >= 6 ? 15 : d >= 5 ? 4 : 0;
            // The river moves after the round by the lowest number card (so far) + weather.
            const speed = (game.lowest_number || 0) + game.weather;
            if (game.lowest_number && d + speed >= 8) value -= 50 * (cargo + 1);
            return value;
        }
        default:
            return 0;
    }
}

// The card for this round: enough points to bring a loaded canoe home; or, for an empty canoe
// beside a discovery place, to load and come home in the same move; else a low card, which
// keeps the river slow and lets empty canoes drift towards the places.
function chooseCard(plays, canoes, random) {
    const have = new Set(plays.map((a) => a.card));
    const numbers = NUMBER_CARDS.filter((c) => have.has(c)).map(Number);
    if (!numbers.length) return plays[Math.floor(random() * plays.length)];
    const pick = (n) => plays.find((a) => a.card === String(n));
    const river = canoes.filter((c) => c.where === 'river');
    const loaded = river.filter((c) => c.cargo.length);
    if (loaded.length) {
        const d = Math.min(...loaded.map((c) => DISTANCE[c.pos]));
        const enough = numbers.filter((n) => n >= d);
        return pick(enough.length ? Math.min(...enough) : Math.max(...numbers));
    }
    for (const c of river) {
        const d = DISTANCE[c.pos];
        if (d >= 3 && numbers.includes(d + 2)) return pick(d + 2);
    }
    const low = numbers.filter((n) => n <= 2 + Math.floor(random() * 2));
    return pick(low.length ? low[0] : Math.min(...numbers));
}

export function pickAction(actions, canoes, random, game) {
    // Phase I: buy back only with no canoe left (a bought canoe costs a landed gem).
    const buybacks = actions.filter((a) => a.type === 'buyback');
    const plays = actions.filter((a) => a.type === 'play');
    const allLost = canoes.every((c) => c.where === 'lost');
    if (buybacks.length && (allLost || !plays.length))
        return buybacks[Math.floor(random() * buybacks.length)];
    if (plays.length) return chooseCard(plays, canoes, random);
    let best = -Infinity;
    let pool = [];
    for (const a of actions) {
        const value = score(a, canoes, game);
        if (value > best) {
            best = value;
            pool = [];
        }
        if (value === best) pool.push(a);
    }
    return pool[Math.floor(random() * pool.length)];
}

// What the page offers now: null unless a decision is open and nothing is on its way.
async function openDecision(page) {
    return page.evaluate(() => {
        const s = window.niagara.store.state;
        const game = s.view?.game;
        if (!s.prompt || s.pending || !game || game.you === null) return null;
        return {
            seq: s.promptSeq,
            actions: s.prompt.actions,
            canoes: game.seats[game.you].canoes,
            you: game.you,
            game,
        };
    });
}

async function press(player, locator, options = {}) {
    if (player.phone) await locator.tap(options);
    else await locator.click(options);
}

// What the page holds of the decision, for a failure's message.
async function pageDecisionState(page, decision) {
    const state = await page.evaluate(
        ([seq, you]) => {
            const s = window.niagara.store.state;
            const canoes = [...document.querySelectorAll(`svg .canoe[data-canoe^="${you}-"]`)];
            return {
                decision: seq,
                promptSeq: s.promptSeq,
                pending: s.pending,
                status: s.status,
                version: s.version,
                selected: s.ui.selected,
                prompt: s.prompt?.actions.filter((a) => a.type === 'move').map((a) => a.text),
                canoes: canoes.map((g) => `${g.dataset.canoe}: ${g.getAttribute('class')}`),
                rings: [...document.querySelectorAll('svg .ring')].map((r) => r.dataset.dest),
                board: document.querySelector('svg.board')?.getAttribute('class'),
                log: s.log.slice(-4).map((e) => e.text ?? e.lines?.join(' ')),
            };
        },
        [decision.seq, decision.you],
    );
    return JSON.stringify(state);
}

// Carries out one action through the page's controls.
async function perform(player, decision, action) {
    const { page } = player;
    if (action.type === 'play') {
        await press(player, page.locator(`.hand .card.playable[data-card="${action.card}"]`));
        return;
    }
    if (action.type !== 'move') {
        await press(player, page.locator(`.quick button[data-text="${action.text}"]`));
        return;
    }
    // A move: the canoe on the board, then its destination on the board, then (when several
    // moves end there) the move in the chooser.
    await press(
        player,
        page.locator(`svg .canoe.movable[data-canoe="${decision.you}-${action.canoe}"]`),
    );
    // The ring's top edge: its middle is covered by canoes. (The page keeps the rings while
    // the choice stands, and a press never repeats: a press that seemed to fail may have landed.)
    const ring = page.locator(`svg .ring[data-dest="${action.to}"]`);
    try {
        await ring.waitFor();
    } catch (e) {
        e.message += `\npage after pressing canoe ${action.canoe + 1} for "${action.text}": ${await pageDecisionState(page, decision)}`;
        throw e;
    }
    // The ring can be hidden for a moment between showing and being measured (a redraw, or the
    // decision closing: a timeout, the round ending): measure again, and when it is gone for
    // good there is nothing left to press (takeDecision then sees the decision closed).
    let box = await ring.boundingBox();
    for (let tries = 0; !box && tries < 20; tries += 1) {
        await page.waitForTimeout(50);
        box = await ring.boundingBox();
    }
    if (!box) return;
    await press(player, ring, { position: { x: box.width / 2, y: 3 } });
    const same = decision.actions.filter(
        (a) => a.type === 'move' && a.canoe === action.canoe && a.to === action.to,
    );
    if (same.length > 1)
        await press(player, page.locator(`.chooser button[data-text="${action.text}"]`));
}

// Takes one decision if the page has one open; returns the action's text, or null.
export async function takeDecision(player, random) {
    const decision = await openDecision(player.page);
    if (!decision) return null;
    const action = pickAction(decision.actions, decision.canoes, random, decision.game);
    await perform(player, decision, action);
    // Answered when the next prompt comes or the decision closes; a refusal reopens it.
    await player.page.waitForFunction(
        (seq) => {
            const s = window.niagara.store.state;
            return (
                s.promptSeq !== seq ||
                !s.prompt ||
                (!s.pending && s.log.some((e) => e.kind === 'error' && e.at > Date.now() - 5000))
            );
        },
        decision.seq,
        { timeout: 10000 },
    );
    return action.text;
}

export async function gameState(page) {
    return page.evaluate(() => {
        const s = window.niagara.store.state;
        const game = s.view?.game;
        return {
            round: game?.round ?? 0,
            phase: game?.phase ?? null,
            over: !!s.result,
            result: s.result,
            seat: s.table?.seat ?? null,
            errors: s.log.filter((e) => e.kind === 'error').map((e) => e.text),
        };
    });
}

// Plays `p`'s seat until the game is over, answering each prompt through the page's client at
// once (the clicks are play.test.js's business) with pickAction's policy and `random`; fails
// past `limitMs`.
export async function answerUntilOver(p, random, limitMs = 60_000) {
    const started = Date.now();
    while (!(await gameState(p.page)).over) {
        if (Date.now() - started > limitMs)
            throw new Error(`the game did not end within ${limitMs} ms`);
        const open = await p.page.evaluate(() => {
            const s = window.niagara.store.state;
            const game = s.view?.game;
            if (!s.prompt || s.pending || !game || game.you === null) return null;
            return {
                seq: s.promptSeq,
                actions: s.prompt.actions,
                canoes: game.seats[game.you].canoes,
                game,
            };
        });
        if (!open) {
            await p.page.waitForTimeout(20);
            continue;
        }
        const action = pickAction(open.actions, open.canoes, random, open.game);
        await p.page.evaluate((text) => window.niagara.client.act(text), action.text);
        await p.page.waitForFunction((seq) => {
            const s = window.niagara.store.state;
            return s.promptSeq !== seq || !s.prompt || !s.pending;
        }, open.seq);
    }
}
