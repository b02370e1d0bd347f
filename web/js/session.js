// What the browser remembers between page loads: the player's name and the seat token.
// The token lives in sessionStorage, so a reload resumes this tab's seat at once while
// another tab of the same browser (a second player on one laptop) keeps its own. A copy in
// localStorage lets a closed tab come back through an explicit "resume" button in the lobby,
// never automatically (two tabs would take the seat from each other).

const NAME_KEY = 'niagara.name';
const SEAT_KEY = 'niagara.seat';

function read(storage, key) {
    try {
        return JSON.parse(storage.getItem(key));
    } catch {
        return null;
    }
}

function write(storage, key, value) {
    try {
        if (value === null) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(value));
    } catch {
        // private browsing can refuse storage; the game still works without it
    }
}

export const session = {
    name: () => read(localStorage, NAME_KEY),
    saveName: (name) => write(localStorage, NAME_KEY, name),

    // {token, table, seat} of this tab's seat, or null.
    seat: () => read(sessionStorage, SEAT_KEY),
    // The last seat taken in this browser, for the lobby's resume button.
    lastSeat: () => read(localStorage, SEAT_KEY),
    saveSeat(seat) {
        write(sessionStorage, SEAT_KEY, seat);
        write(localStorage, SEAT_KEY, seat);
    },
    forgetSeat(token) {
        if (this.seat()?.token === token || token === undefined)
            write(sessionStorage, SEAT_KEY, null);
        if (this.lastSeat()?.token === token || token === undefined)
            write(localStorage, SEAT_KEY, null);
    },
    // This tab stops resuming the seat (another window took it) but keeps the lobby's copy.
    releaseSeat: () => write(sessionStorage, SEAT_KEY, null),
};

// A login kept across reloads (README, "Names and accounts"): the server's one-time grant,
// traded for an HttpOnly cookie that this page's script never sees; the next connection's
// upgrade carries it. Ended with the login. (Failures are harmless: the login is only not kept.)
export function keepLogin(grant) {
    return fetch(`session?grant=${encodeURIComponent(grant)}`, { method: 'POST' }).catch(() => {});
}

export function forgetLogin() {
    return fetch('session', { method: 'DELETE' }).catch(() => {});
}
