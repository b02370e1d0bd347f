// Speaks the protocol (protocol/README.md): turns server messages into state changes and
// user intentions into client messages. The page never talks to the socket directly.

import { Connection } from './connection.js';
import { applyPatch, PatchError } from './patch.js';
import { forgetLogin, keepLogin, session } from './session.js';
import { personalNews } from './notices.js';
import { addLog, gameOf, replaceTableLog } from './store.js';
import { language, t } from './i18n.js';

// A server text as the log keeps it: as sent, in the language it was sent in, with its key
// and arguments (the log renders it again when the page's language has changed since).
function said(m) {
    return {
        text: m.text,
        key: typeof m.key === 'string' ? m.key : undefined,
        args: m.args,
        lang: language(),
    };
}

// A line of the table's history (the server keeps its recent lines) as a log entry.
// An event keeps its lines' texts ({key, args}, when the server sends them): the log renders
// them in the page's language with the players' names; the cause is shown before them.
function historyEntry(line) {
    if (line.kind === 'event') {
        const kept = (line.lines || [])
            .map((l, i) => [l, line.texts?.[i] ?? null])
            .filter(([l]) => l);
        if (!kept.length) return null;
        const entry = {
            kind: 'event',
            lines: kept.map(([l]) => l),
            texts: kept.map(([, text]) => text),
            seat: line.seat,
        };
        if (line.cause) entry.cause = { text: line.cause, key: line.cause_text ?? null };
        return entry;
    }
    if (line.kind === 'chat') return { kind: 'chat', from: line.from, text: line.message };
    return line.text ? { kind: 'info', ...said(line) } : null;
}

export class Client {
    constructor(store, url = Connection.defaultUrl()) {
        this.store = store;
        this.flowSeq = 0;
        this.syncing = false;
        this.connection = new Connection({
            url,
            onMessage: (m) => this.receive(m),
            onOpen: () => this.onOpen(),
            onStatus: (status, retryMs) =>
                store.update((s) => {
                    s.status = status;
                    s.retryMs = retryMs || 0;
                }),
        });
        // No polling: once asked for the table list, the server pushes it whenever it changes
        // while this connection is in the lobby.
    }

    start() {
        this.connection.connect();
    }

    send(message) {
        if (this.connection.send(message)) return true;
        this.notice('error', t('web.client.offline'));
        return false;
    }

    // The page's language, for the server's texts: sent after connecting and on each switch.
    // (A server without the command answers unknown_command: that answer is not shown.)
    sendLanguage(lang) {
        this.langSent = Date.now();
        this.send({ type: 'lang', lang });
    }

    notice(kind, text) {
        this.store.update((s) => {
            s.notice = { kind, text, at: Date.now() };
        });
    }

    // ---- what the player does ------------------------------------------------------------

    setName(name) {
        this.send({ type: 'name', name });
    }

    // Accounts (protocol/README.md, "Accounts"): the password is sent and not kept.
    register(password) {
        this.send({ type: 'register', password });
    }

    login(name, password) {
        this.send({ type: 'login', name, password });
    }

    logout() {
        this.send({ type: 'logout' });
    }

    // Chat links (protocol/README.md, "Chat links"): the code a chat user got from the bridge.
    linkChat(code) {
        this.send({ type: 'link', code });
    }

    listTables() {
        this.send('/tables');
    }

    newTable(options) {
        this.send({ type: 'new', options });
    }

    // "Play against bots": open a table, fill it with bots (of options.bots' level: the table's
    // level, for stand-ins too) and start at once.
    quickGame(options) {
        this.store.update((s) => {
            s.quick = { bots: options.players - 1 };
        });
        this.newTable(options);
    }

    join(table, seat) {
        this.send(seat === undefined ? { type: 'join', table } : { type: 'join', table, seat });
    }

    watch(table) {
        this.send({ type: 'watch', table });
    }

    resume(token) {
        this.store.update((s) => {
            s.resuming = true;
        });
        this.send({ type: 'resume', token });
    }

    leave() {
        const token = this.store.state.table?.token;
        // A game in progress goes on with a bot in the seat: the lobby keeps the token for its
        // "Return to your seat" (this tab does not resume it by itself any more).
        const playing =
            gameOf(this.store.state)?.phase &&
            gameOf(this.store.state).phase !== 'over' &&
            !this.store.state.result;
        if (token && playing) session.releaseSeat();
        else if (token) session.forgetSeat(token);
        // A finished game lets go of its connections by itself: a /leave then is refused
        // ("join or watch a table first"), a false red notice that stayed into the next table.
        const over = this.store.state.result || gameOf(this.store.state)?.phase === 'over';
        if (!over) this.send({ type: 'leave' });
        this.store.update((s) => {
            this.leaveTable(s);
            s.notice = null; // a notice of the table left is no news in the lobby
        });
        this.listTables();
    }

    // Gives the game up for good: the server answers `conceded`, then `watching`; the seat's
    // token opens nothing any more, so this tab forgets it.
    concede() {
        const token = this.store.state.table?.token;
        if (!this.send({ type: 'concede' })) return;
        if (token) session.forgetSeat(token);
    }

    // What the strong bot would do in our place (/hint): the server answers `hint` to this
    // connection alone, for the decision open now (or refuses: an error).
    hint() {
        if (!this.send({ type: 'hint' })) return;
        this.store.update((s) => {
            s.hint = { seq: s.promptSeq, pending: true };
        });
    }

    // A bot of `level` (random, greedy, strong; absent: the table's level) into a free seat.
    addBot(level) {
        this.send(level ? { type: 'addbot', level } : { type: 'addbot' });
    }

    // "Play again" after the game at `table`: the first of its players opens a new table with
    // its options and bots; the others are told (`again`) and join it with one click.
    again(table) {
        this.send({ type: 'again', table });
    }

    startGame() {
        this.send({ type: 'start' });
    }

    // A game decision, by its text (the `text` of one of the prompt's actions).
    act(text) {
        if (!this.send({ type: 'act', text })) return;
        this.store.update((s) => {
            s.pending = text;
        });
    }

    // What the chat box sends: /commands verbatim, other text as chat. Text starting with
    // "{" would be read as JSON, so such chat goes as a JSON say.
    chat(text) {
        const trimmed = text.trim();
        if (!trimmed) return;
        if (trimmed.startsWith('{')) this.send({ type: 'say', text: trimmed });
        else this.send(trimmed);
    }

    // ---- connection ----------------------------------------------------------------------

    onOpen() {
        this.syncing = false;
        const name = session.name();
        const seat = session.seat();
        // A resumed seat brings its own name back; names are unique, and the connection this
        // one replaces may still hold the name for a moment.
        this.sendLanguage(language());
        this.autoName = !seat?.token && name;
        if (this.autoName) this.send({ type: 'name', name });
        const table = this.store.state.table;
        if (seat?.token) this.resume(seat.token);
        else if (table?.watching) this.watch(table.id);
        else this.listTables();
    }

    leaveTable(s) {
        s.table = null;
        s.view = null;
        s.version = null;
        s.prompt = null;
        s.pending = null;
        s.chosen = null;
        s.timers = {};
        s.result = null;
        s.again = null;
        s.flow = null;
        s.ui = { selected: null, chooser: null };
    }

    requestSync() {
        if (this.syncing) return;
        this.syncing = true;
        this.send({ type: 'sync' });
    }

    // ---- what the server says ------------------------------------------------------------

    receive(m) {
        const handler = this.handlers[m.type];
        this.store.update((s) => {
            const before = gameOf(s);
            const hadPrompt = !!s.prompt;
            if (handler) handler.call(this, s, m);
            else if (m.text)
                addLog(s, {
                    kind: 'info',
                    ...said(m),
                    table: typeof m.table === 'number' ? m.table : undefined,
                });
            personalNews(s, before, hadPrompt, m); // a notice and a sound for what happened to us
        });
    }

    // What rides on a snapshot or patch: what happened, the card we chose, our decision. A
    // decision holds even when its patch could not be applied (its actions are complete).
    news(s, m) {
        // The table's recent lines come once, with the first snapshot after joining, watching
        // or coming back: they replace what this page had of the table (a reload had nothing).
        // (None kept, with --table-history 0: the page keeps what it has.)
        if (Array.isArray(m.history) && m.history.length)
            replaceTableLog(
                s,
                m.table,
                m.history.map(historyEntry).filter((e) => e),
            );
        if (m.event) {
            const entry = historyEntry({ kind: 'event', ...m.event });
            if (entry) addLog(s, { ...entry, table: m.table });
        }
        if (m.chosen !== undefined) s.chosen = m.chosen;
        if (m.prompt) this.handlers.prompt.call(this, s, { ...m.prompt, table: m.table });
    }

    // A new view (snapshot or patched): things that follow from it.
    adoptView(s, view, version, animate) {
        const before = gameOf(s);
        s.view = view;
        s.version = version;
        const game = gameOf(s);
        if (!game) return;
        if (animate && before && game.round > before.round && game.last_speed > 0)
            s.flow = { seq: ++this.flowSeq, steps: game.last_speed, fork: before.fork };
        const acting = new Set(game.acting || []);
        for (const seat of Object.keys(s.timers))
            if (!acting.has(Number(seat))) delete s.timers[seat];
        // A prompt is open only while we must act; the next prompt replaces it.
        if (game.you === null || game.you === undefined || !acting.has(game.you)) {
            s.prompt = null;
            s.pending = null;
            s.ui = { selected: null, chooser: null };
        }
        if (game.phase === 'choose' && game.you !== null && game.you !== undefined)
            s.chosen = game.seats[game.you]?.chosen ?? null;
    }
}

Client.prototype.handlers = {
    welcome(s, m) {
        s.me.connection = m.connection;
        s.me.account = null; // a new connection is a guest until a login (or its cookie)
        this.guestName = m.name; // ours until a name is confirmed
        if (!session.name()) s.me.name = m.name;
        // Sent before the server hears the page's language: in English (the log renders it
        // in the page's language from its key).
        addLog(s, { kind: 'info', ...said(m), lang: 'en' });
    },
    name(s, m) {
        this.autoName = null;
        s.me.name = m.name;
        // A guest's number is this connection's alone: the next load gets its own.
        if (!/^guest-\d+$/.test(m.name)) session.saveName(m.name);
        addLog(s, { kind: 'info', ...said(m) });
    },
    session(s, m) {
        // The login just made (or kept): this browser keeps it in a cookie for the next load.
        if (typeof m.grant === 'string') keepLogin(m.grant);
    },
    account(s, m) {
        // Logged in (or registered: logged in too), or a guest again; a chat identity linked
        // (or every one unlinked) changes neither.
        if (m.event !== 'linked' && m.event !== 'unlinked_all')
            s.me.account = m.event === 'logged_in' || m.event === 'registered' ? m.name : null;
        if (m.event === 'password_changed') s.me.account = m.name;
        if (m.event === 'logged_out') forgetLogin();
        addLog(s, { kind: 'info', ...said(m) });
    },
    help(s, m) {
        addLog(s, { kind: 'help', lines: m.commands || m.text.split('\n') });
    },
    error(s, m) {
        if (
            this.langSent &&
            Date.now() - this.langSent < 5000 &&
            (m.code === 'unknown_command' || m.code === 'bad_command') &&
            /\blang\b/.test(m.message || m.text || '')
        ) {
            this.langSent = null; // an older server without /lang: the page's own words still follow
            return;
        }
        if (m.code === 'name_taken' && this.autoName) {
            // The remembered name, sent on reconnecting, is in use (perhaps still by the
            // connection this one replaces, or registered since): not worth a red notice. The
            // page goes on under the server's name for it.
            this.autoName = null;
            s.me.name = s.me.name ?? this.guestName ?? null;
            addLog(s, { kind: 'info', ...said(m), text: m.message || m.text });
            return;
        }
        if (s.hint?.pending) s.hint = null; // a refused /hint: the button is back
        addLog(s, { kind: 'error', ...said(m), text: m.message || m.text, code: m.code });
        s.notice = { kind: 'error', text: m.message || m.text, at: Date.now() };
        s.pending = null; // the decision was refused: the prompt is open again
        if (m.code === 'bad_token') {
            // The token opens no seat (the game ended), or another window took the seat.
            session.releaseSeat();
            if (s.resuming) session.forgetSeat();
            s.resuming = false;
            if (s.table && !s.table.watching) this.leaveTable(s);
            this.listTables();
        }
    },
    tables(s, m) {
        s.tables = m.tables || [];
    },
    lang() {
        // The server speaks the page's language now: the page said so itself, nothing to log.
        this.langSent = null;
    },
    table_created(s, m) {
        addLog(s, { kind: 'info', ...said(m) });
    },
    seated(s, m) {
        s.resuming = false;
        if (s.table?.id !== m.table) this.leaveTable(s);
        s.table = { id: m.table, seat: m.seat, token: m.token, watching: false };
        session.saveSeat({ token: m.token, table: m.table, seat: m.seat });
        if (s.quick) {
            for (let i = 0; i < s.quick.bots; i++) this.send({ type: 'addbot' });
            this.send({ type: 'start' });
            s.quick = null;
        }
        addLog(s, {
            kind: 'info',
            text: t('web.client.seated', { table: String(m.table), seat: m.seat + 1 }),
        });
    },
    watching(s, m) {
        if (s.table?.id !== m.table) this.leaveTable(s);
        s.table = { id: m.table, seat: null, token: null, watching: true };
        addLog(s, { kind: 'info', ...said(m) });
    },
    left(s, m) {
        addLog(s, { kind: 'info', ...said(m), table: m.table });
    },
    conceded(s, m) {
        addLog(s, { kind: 'info', ...said(m), table: m.table });
        if (s.table?.id === m.table && !s.table.watching && s.table.seat === m.seat) {
            // This page conceded: its decision is gone; `watching` and a spectator view follow.
            s.prompt = null;
            s.pending = null;
            s.chosen = null;
            s.ui = { selected: null, chooser: null };
        }
    },
    joined(s, m) {
        addLog(s, { kind: 'info', ...said(m), table: m.table });
    },
    presence(s, m) {
        addLog(s, { kind: 'info', ...said(m), table: m.table });
    },
    started(s, m) {
        addLog(s, { kind: 'info', ...said(m), table: m.table });
        s.result = null;
    },
    chat(s, m) {
        addLog(s, {
            kind: 'chat',
            from: m.from,
            text: m.message ?? m.text,
            lobby: m.table === 0,
            table: m.table || undefined,
        });
    },
    snapshot(s, m) {
        if (!s.table || m.table !== s.table.id) return;
        this.syncing = false;
        this.adoptView(s, m.view, m.version, false);
        this.news(s, m);
    },
    patch(s, m) {
        if (!s.table || m.table !== s.table.id) return;
        if (this.syncing) {
            // The snapshot asked for will bring the view; the news still counts.
        } else if (m.from !== s.version) {
            this.requestSync();
        } else {
            try {
                this.adoptView(s, applyPatch(s.view, m.ops), m.to, true);
            } catch (e) {
                if (!(e instanceof PatchError)) throw e;
                this.requestSync();
            }
        }
        this.news(s, m);
    },
    prompt(s, m) {
        if (!s.table || m.table !== s.table.id) return;
        s.prompt = m;
        s.promptSeq += 1;
        s.pending = null;
        s.ui = { selected: null, chooser: null };
    },
    timer(s, m) {
        const seats = m.seats || (m.seat !== null && m.seat !== undefined ? [m.seat] : []);
        s.timers = {};
        // Each clock runs from its own seat's decision: what is left of each, when told.
        const left =
            Array.isArray(m.remaining_ms) && m.remaining_ms.length === seats.length
                ? m.remaining_ms
                : null;
        seats.forEach((seat, i) => {
            s.timers[seat] = Date.now() + (left ? left[i] : m.seconds * 1000);
        });
    },
    again(s, m) {
        // Someone of the game just finished opened a new table to play again.
        s.again = { table: m.next, name: m.name, from: m.table };
        addLog(s, { kind: 'info', ...said(m), important: true });
    },
    timeout(s, m) {
        addLog(s, { kind: 'info', ...said(m), table: m.table });
    },
    hint(s, m) {
        if (!s.table || m.table !== s.table.id) return;
        // For the decision open now: a newer prompt (promptSeq) makes it old news.
        s.hint = { seq: s.promptSeq, pending: false, action: m.action, move: m.move };
        addLog(s, { kind: 'info', ...said(m), table: m.table });
    },
    ended(s, m) {
        s.result = m.result;
        s.prompt = null;
        s.pending = null;
        s.timers = {};
        if (s.table?.token) session.forgetSeat(s.table.token);
        addLog(s, { kind: 'info', ...said(m), important: true, table: m.table });
    },
};
