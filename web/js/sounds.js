// Short sounds for your turn and for what happens to you, made with WebAudio (no files). Off
// until the player turns them on in the header; the choice is remembered in localStorage.

const KEY = 'niagara.sound';

// Each cue: notes as [frequency in Hz, start in s, length in s], and the wave's shape.
const CUES = {
    turn: {
        wave: 'sine',
        notes: [
            [660, 0, 0.12],
            [880, 0.13, 0.18],
        ],
    },
    stolen: {
        wave: 'triangle',
        notes: [
            [520, 0, 0.12],
            [390, 0.12, 0.12],
            [300, 0.24, 0.2],
        ],
    },
    lost: { wave: 'sawtooth', notes: [[440, 0, 0.5, 110]] },
    landed: {
        wave: 'sine',
        notes: [
            [523, 0, 0.1],
            [659, 0.1, 0.1],
            [784, 0.2, 0.16],
        ],
    },
    over: {
        wave: 'triangle',
        notes: [
            [523, 0, 0.15],
            [659, 0.15, 0.15],
            [784, 0.3, 0.15],
            [1047, 0.45, 0.3],
        ],
    },
};

function readSetting() {
    try {
        return localStorage.getItem(KEY) === 'on';
    } catch {
        return false; // private browsing may refuse storage: sounds stay off
    }
}

export class Sounds {
    constructor() {
        this.enabled = readSetting();
        this.context = null;
        this.played = 0; // how many cues sounded (for tests and the curious)
    }

    set(enabled) {
        this.enabled = enabled;
        try {
            localStorage.setItem(KEY, enabled ? 'on' : 'off');
        } catch {
            // not remembered; still on for this page
        }
        if (enabled) this.play('turn'); // the click that turns them on lets the page sound
    }

    play(name) {
        const cue = CUES[name];
        if (!this.enabled || !cue) return;
        const Audio = window.AudioContext || window.webkitAudioContext;
        if (!Audio) return;
        try {
            this.context ??= new Audio();
            if (this.context.state === 'suspended') this.context.resume();
            const t0 = this.context.currentTime + 0.02;
            for (const [freq, start, length, slideTo] of cue.notes) {
                const osc = this.context.createOscillator();
                const gain = this.context.createGain();
                osc.type = cue.wave;
                osc.frequency.setValueAtTime(freq, t0 + start);
                if (slideTo)
                    osc.frequency.exponentialRampToValueAtTime(slideTo, t0 + start + length);
                // A soft attack and release: no clicks, and quiet beside other tabs.
                gain.gain.setValueAtTime(0.0001, t0 + start);
                gain.gain.exponentialRampToValueAtTime(0.12, t0 + start + 0.02);
                gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
                osc.connect(gain).connect(this.context.destination);
                osc.start(t0 + start);
                osc.stop(t0 + start + length + 0.05);
            }
            this.played += 1;
        } catch {
            // no audio device: the game goes on in silence
        }
    }
}
