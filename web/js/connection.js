// The WebSocket to the server: one JSON message per frame in, text or JSON frames out.
// Reconnects by itself after a drop (growing delays, at most 5 s); whoever owns it hears of
// every (re)connection through onOpen and resumes its seat there.

const RETRY_DELAYS_MS = [300, 1000, 2000, 3000, 5000];

export class Connection {
    constructor({ url, onMessage, onOpen, onStatus }) {
        this.url = url;
        this.onMessage = onMessage;
        this.onOpen = onOpen;
        this.onStatus = onStatus;
        this.socket = null;
        this.failures = 0;
        this.retryTimer = null;
    }

    static defaultUrl() {
        const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
        return `${scheme}//${location.host}/ws`;
    }

    connect() {
        clearTimeout(this.retryTimer);
        this.onStatus('connecting');
        const socket = new WebSocket(this.url);
        this.socket = socket;
        socket.addEventListener('open', () => {
            this.failures = 0;
            this.onStatus('open');
            this.onOpen();
        });
        socket.addEventListener('message', (event) => {
            let message;
            try {
                message = JSON.parse(event.data);
            } catch {
                return; // every server message is JSON; anything else is not for us
            }
            this.onMessage(message);
        });
        socket.addEventListener('close', () => {
            if (this.socket !== socket) return;
            this.socket = null;
            const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)];
            this.failures += 1;
            this.onStatus('closed', delay);
            this.retryTimer = setTimeout(() => this.connect(), delay);
        });
    }

    get open() {
        return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
    }

    // A string goes as it is (a /command or chat); anything else as JSON. False when offline.
    send(message) {
        if (!this.open) return false;
        this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
        return true;
    }
}
