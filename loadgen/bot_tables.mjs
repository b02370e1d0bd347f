// Tables where only bots play, beside a load: each of N connections opens a 4-player table of
// LEVEL bots (/new players=4 bots=LEVEL, three /addbot), starts it, leaves its seat (which the
// table's bot then plays: four bots) and watches the game (bots play only while someone is
// there); when the game ends it opens the next. The server's /metrics (--metrics main) counts
// the bots' decisions; niagara-loadgen measures the other tables' latency meanwhile.
//
//   node --experimental-websocket loadgen/bot_tables.mjs PORT TABLES [LEVEL] [SECONDS]
//
// (Node 22 and later need no flag.) Prints the games started and finished when it stops.

const [port, tables = '100', level = 'strong', seconds = '0'] = process.argv.slice(2);
if (!port) {
    console.error('usage: bot_tables.mjs PORT TABLES [LEVEL] [SECONDS]');
    process.exit(2);
}

let started = 0;
let finished = 0;
let generation = 0;

function table(n) {
    const id = `t${n}g${generation++}`;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    let table = null;
    const send = (m) => ws.send(JSON.stringify(m));
    ws.onmessage = (e) => {
        let m;
        try {
            m = JSON.parse(e.data);
        } catch {
            return;
        }
        switch (m.type) {
            case 'welcome':
                send({ type: 'name', name: `host-${id}` });
                send({ type: 'new', options: { players: 4, bots: level } });
                break;
            case 'seated':
                table = m.table;
                for (let i = 0; i < 3; i++) send({ type: 'addbot' });
                send({ type: 'start' });
                break;
            case 'started':
                started += 1;
                // The host's seat goes to the table's bot; then, under a name of its own (names
                // change only in the lobby, and are unique at a table), it watches.
                send({ type: 'leave' });
                break;
            case 'left':
                if (m.name === `host-${id}`) send({ type: 'name', name: `watch-${id}` });
                break;
            case 'name':
                if (table !== null && m.text.includes(`watch-${id}`))
                    send({ type: 'watch', table });
                break;
            case 'ended':
                finished += 1;
                ws.close();
                break;
            case 'error':
                if (m.code !== 'rate_limited') console.error(`${id}: ${m.text}`);
                break;
            default:
        }
    };
    ws.onclose = () => {
        if (!stopping) setTimeout(() => table(n), 100);
    };
    ws.onerror = () => {};
    return ws;
}

let stopping = false;
for (let i = 0; i < Number(tables); i++) table(i);
const stop = () => {
    stopping = true;
    console.log(`bot tables: ${started} games started, ${finished} finished`);
    process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (Number(seconds) > 0) setTimeout(stop, Number(seconds) * 1000);
