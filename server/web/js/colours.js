// The colours of the gems and of the players' canoes (also used by the style sheet's legend).

export const GEM_FILL = {
    violet: '#8e44ad',
    clear: '#eef6fb',
    yellow: '#f4c20d',
    blue: '#1f6fd1',
    red: '#d7263d',
};

// Chosen to stay apart from the gem colours and from each other, also for colour-blind eyes
// as far as six colours allow; every canoe also carries its seat number.
export const SEAT_FILL = ['#e8772e', '#1b9e77', '#d45d9e', '#8c564b', '#4c5a7a', '#9aae2a'];

export function seatColour(seat) {
    return SEAT_FILL[seat % SEAT_FILL.length];
}
