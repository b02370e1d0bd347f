// Starts the client: the store, the connection, and the parts of the page, redrawn together
// (at most once a frame) whenever the state changes.

import { Board } from './board.js';
import { Client } from './client.js';
import { confirmDialog } from './confirm.js';
import { DecisionPanel } from './decision.js';
import { describeAction } from './describe.js';
import { $, h, morph } from './dom.js';
import { HowTo } from './howto.js';
import {
    language,
    rememberLanguage,
    startLanguage,
    t,
    translateDocument,
    useLanguage,
} from './i18n.js';
import { linkRules } from './rule_links.js';
import { Sounds } from './sounds.js';
import { riverPreview } from './preview.js';
import { LobbyView } from './lobby.js';
import { languageSwitch } from './language_switch.js';
import { LogView } from './log.js';
import { PlayersPanel, clockText } from './players.js';
import { ResultBanner, WaitingRoom } from './room.js';
import { Store, gameOf, mySeat, seatName } from './store.js';

// The page's words come first.
await startLanguage();

const store = new Store();
const client = new Client(store);

function select(canoe) {
    store.update((s) => {
        s.ui.selected = canoe;
    });
}

// Actions picked on the board or with a destination button: one is sent, several are offered.
function choose(actions) {
    if (actions.length === 1) {
        client.act(actions[0].text);
        return;
    }
    store.update((s) => {
        s.ui.chooser = actions;
    });
}

function act(text) {
    store.update((s) => {
        s.ui.chooser = null;
    });
    client.act(text);
}

const board = new Board($('#board'), { choose, select });
const decision = new DecisionPanel($('#decision'), {
    act,
    select,
    choose,
    hint: () => client.hint(),
});
const players = new PlayersPanel($('#players'));
const lobby = new LobbyView($('#lobby'), client);
const waiting = new WaitingRoom($('#waiting'), client);
const result = new ResultBanner($('#result'), client);
const log = new LogView($('#talk'), client);

function renderHeader(state) {
    const status = $('#status');
    const text =
        state.status === 'closed'
            ? t('web.header.offline', { seconds: Math.ceil(state.retryMs / 1000) })
            : t(state.status === 'open' ? 'web.header.connected' : 'web.header.connecting');
    status.textContent = text;
    status.className = `status status-${state.status}`;
    $('#me').textContent = state.me.name ? t('web.header.me', { name: state.me.name }) : '';
    const table = state.table;
    $('#where').textContent = !table
        ? t('web.header.lobby')
        : table.watching
          ? t('web.header.watching', { table: String(table.id) })
          : t('web.header.seat', { table: String(table.id), seat: table.seat + 1 });
    const leave = $('#leave');
    leave.hidden = !table;
}

// On a phone the decision is below the board: when a decision opens, bring it into view (once
// per turn, so a player working on the board is not pulled away again within the turn).
const narrow = window.matchMedia?.('(max-width: 860px)');
let shownTurn = null;
function bringDecisionIntoView(state) {
    const open = state.prompt && !state.pending && mySeat(state) !== null;
    if (!open) {
        shownTurn = null;
        return;
    }
    const game = gameOf(state);
    const turn = `${state.table?.id}|${game?.round}|${game?.phase}|${game?.turn?.seat}`;
    if (shownTurn === turn || !narrow?.matches) return;
    shownTurn = turn;
    const panel = $('#decision');
    const box = panel.getBoundingClientRect();
    if (box.top >= 0 && box.top < window.innerHeight * 0.5) return; // already in view
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // 'nearest': the decision's bottom at the screen's bottom, so the board's lower part
    // (the river's end, where most canoes are) stays in view above it.
    panel.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
}

// Sounds: off by default, a header toggle, remembered (sounds.js); the cues come from the
// client (notices.js).
const sounds = new Sounds();
let lastCue = 0;
function renderSound(state) {
    const toggle = $('#sound-toggle');
    toggle.textContent = t(sounds.enabled ? 'web.header.soundOn' : 'web.header.soundOff');
    toggle.setAttribute('aria-pressed', sounds.enabled ? 'true' : 'false');
    if (state.cue && state.cue.seq !== lastCue) {
        lastCue = state.cue.seq;
        sounds.play(state.cue.name);
    }
}
$('#sound-toggle').addEventListener('click', () => {
    sounds.set(!sounds.enabled);
    renderSound(store.state);
});
const howTo = new HowTo($('#howto-open'));

// The log keeps its newest line in view when its box changes size (the lobby's tall log
// becomes the table's short one on a laptop).
const logList = $('#talk .log');
if (logList && window.ResizeObserver)
    new ResizeObserver(() => {
        logList.scrollTop = logList.scrollHeight;
    }).observe(logList);
// It scrolls by itself in the one-screen layout: reachable with the keyboard.
if (logList && !logList.hasAttribute('tabindex')) logList.tabIndex = 0;

function renderNotice(state) {
    const notice = $('#notice');
    const n = state.notice;
    const fresh = n && Date.now() - n.at < 8000;
    // The live region stays on the page (empty, out of sight) so that a screen reader hears
    // each new notice; a region unhidden together with its text is often not announced.
    notice.hidden = false;
    if (fresh) {
        notice.className = `notice notice-${n.kind}`;
        morph(
            notice,
            h('span', {}, n.kind === 'error' ? linkRules(n.text) : n.text),
            h(
                'button',
                {
                    class: 'close',
                    'aria-label': t('web.notice.close'),
                    onclick: () =>
                        store.update((s) => {
                            s.notice = null;
                        }),
                },
                '×',
            ),
        );
    } else if (notice.firstChild) {
        notice.className = 'notice';
        morph(notice);
    }
}

function renderChooser(state) {
    const dialog = $('#chooser');
    const list = state.ui.chooser;
    const game = gameOf(state);
    if (!list || !state.prompt || state.pending || !game) {
        dialog.hidden = true;
        morph(dialog);
        return;
    }
    const context = {
        spirits: !!game.options?.spirits,
        weather: game.weather,
        names: game.seats.map((_, i) => seatName(state, i)),
    };
    dialog.hidden = false;
    morph(
        dialog,
        h(
            'div',
            {
                class: 'chooser-box',
                role: 'dialog',
                'aria-modal': 'true',
                'aria-labelledby': 'chooser-title',
            },
            h('h2', { id: 'chooser-title' }, t('web.chooser.title')),
            h(
                'ul',
                {},
                list.map((a) =>
                    h(
                        'li',
                        {},
                        h(
                            'button',
                            {
                                class: 'action',
                                dataset: { text: a.text },
                                onclick: () => act(a.text),
                            },
                            describeAction(a, context),
                            riverPreview(a.after_river),
                            h('code', {}, `/${a.text}`),
                        ),
                    ),
                ),
            ),
            h(
                'button',
                {
                    class: 'cancel',
                    onclick: () =>
                        store.update((s) => {
                            s.ui.chooser = null;
                        }),
                },
                t('web.chooser.cancel'),
            ),
        ),
    );
}

// Redraws a part only when what it shows may have changed (a chat line changes no board).
const drawn = new Map();
function redraw(part, key, state) {
    if (drawn.get(part) === key) return;
    drawn.set(part, key);
    part.render(state);
}

function render(state) {
    const atTable = !!state.table;
    document.body.classList.toggle('mode-table', atTable);
    document.body.classList.toggle('mode-lobby', !atTable);
    $('#lobby').hidden = atTable;
    $('#table').hidden = !atTable;
    renderHeader(state);
    renderNotice(state);
    renderSound(state);
    if (atTable) {
        const game = gameOf(state);
        $('#board-area').hidden = !game;
        const view = `${state.table.id}|${state.version}|${state.view ? 'v' : '-'}`;
        const decisionKey = `${view}|${state.status}|${state.promptSeq}|${state.prompt ? 'p' : '-'}|${state.pending}|${state.ui.selected}|${state.chosen}`;
        redraw(board, `${decisionKey}|${state.flow?.seq}`, state);
        const hintKey = `${state.hint?.seq}|${state.hint?.pending}|${state.hint?.move}`;
        redraw(decision, `${decisionKey}|${hintKey}|${JSON.stringify(state.timers)}`, state);
        bringDecisionIntoView(state);
        redraw(players, `${view}|${JSON.stringify(state.timers)}`, state);
        redraw(waiting, `${view}|${state.me.name}`, state);
        redraw(result, `${view}|${state.result ? 'r' : '-'}|${state.again?.table}`, state);
        renderChooser(state);
        const myTurn = state.prompt && !state.pending && mySeat(state) !== null;
        document.title = t(myTurn ? 'web.title.turn' : 'web.title.table', {
            table: String(state.table.id),
        });
    } else {
        drawn.clear();
        lobby.render(state);
        renderChooser(state);
        document.title = t('web.title.lobby');
    }
    log.render(state);
    document.body.dataset.ready = state.status === 'open' ? 'yes' : 'no';
}

// The board notes what each change moved (the last move), message by message.
store.subscribe((state) => board.observe(state));

let scheduled = false;
store.subscribe((state) => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
        scheduled = false;
        render(state);
    });
});

// Turn clocks count down between messages; notices fade.
setInterval(() => {
    for (const el of document.querySelectorAll('.clock[data-deadline]'))
        el.textContent = clockText(Number(el.dataset.deadline));
    renderNotice(store.state);
}, 1000);

// Leaving a game in progress hands the seat to a bot: asked first. The player can come back
// (the lobby's "Return to your seat", or /join from the same page) - or concede the game for
// good, asked a second time since it cannot be undone.
async function leaveAsked() {
    const state = store.state;
    const game = gameOf(state);
    const playing =
        state.table && !state.table.watching && game && game.phase !== 'over' && !state.result;
    const answer =
        !playing ||
        (await confirmDialog({
            id: 'leave-confirm',
            title: t('web.leave.title'),
            text: t('web.leave.text'),
            confirm: t('web.leave.confirm'),
            cancel: t('web.leave.cancel'),
            also: { id: 'concede', label: t('web.leave.concede') },
        }));
    if (answer === 'concede') {
        if (
            await confirmDialog({
                id: 'concede-confirm',
                title: t('web.concede.title'),
                text: t('web.concede.text'),
                confirm: t('web.concede.confirm'),
                cancel: t('web.concede.cancel'),
            })
        )
            client.concede();
        return;
    }
    if (answer) client.leave();
}
$('#leave').addEventListener('click', leaveAsked);
document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape')
        store.update((s) => {
            s.ui.chooser = null;
            s.ui.selected = null;
        });
});

// The language switch in the header: the choice is remembered, told to the server and the
// page's words are drawn again (no reload).
languageSwitch(switchLanguage);

async function switchLanguage(lang) {
    rememberLanguage(lang);
    try {
        await useLanguage(lang);
    } catch (e) {
        console.warn(`no catalog for ${lang}: ${e.message}`);
        return;
    }
    const select = $('#lang-select');
    if (select) select.value = language();
    client.sendLanguage(language());
    translateDocument();
    board.build();
    lobby.build();
    log.relabel();
    drawn.clear();
    render(store.state);
}

// For tests and the curious: the client's state, read-only by convention.
window.niagara = { store, client, sounds, howTo, switchLanguage };
client.start();
render(store.state);
