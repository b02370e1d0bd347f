// Log lines for what a seat's action did to its canoes, read from the change of the view
// (the engine logs landings, thefts and falls, not plain moves and loads).

import { canoeName } from './describe.js';

function place(canoe) {
    switch (canoe.where) {
        case 'land': return 'land';
        case 'lost': return 'the falls';
        case 'bank': return `the bank at ${canoe.pos}`;
        default: return canoe.pos;
    }
}

// Gems in `a` that are not in `b` (lists of colours, counted).
function minus(a, b) {
    const rest = [...b];
    const out = [];
    for (const gem of a) {
        const i = rest.indexOf(gem);
        if (i >= 0) rest.splice(i, 1);
        else out.push(gem);
    }
    return out;
}

export function describeMoves(before, after, seat) {
    const was = before.seats?.[seat]?.canoes;
    const now = after.seats?.[seat]?.canoes;
    if (!was || !now) return [];
    const spirits = !!after.options?.spirits;
    // "Seat N" as in the engine's lines: the log shows it as the player's name.
    const who = `Seat ${seat + 1}`;
    // Gems taken from other seats' canoes were stolen (the engine logs the theft).
    let stolen = [];
    after.seats.forEach((other, i) => {
        if (i === seat) return;
        other.canoes.forEach((canoe, k) => {
            const old = before.seats?.[i]?.canoes?.[k];
            if (old && canoe.where === old.where) stolen = stolen.concat(minus(old.cargo || [], canoe.cargo || []));
        });
    });
    const lines = [];
    now.forEach((canoe, k) => {
        const old = was[k];
        if (!old) return;
        const from = place(old);
        const to = place(canoe);
        let loaded = canoe.where === 'land' ? [] : minus(canoe.cargo || [], old.cargo || []);
        const taken = loaded.filter((gem) => stolen.includes(gem));
        loaded = minus(loaded, taken);
        stolen = minus(stolen, taken);
        const unloaded = canoe.where === 'land' || canoe.where === 'lost' ? [] : minus(old.cargo || [], canoe.cargo || []);
        if (from === to && !loaded.length && !unloaded.length) return;
        // The engine already tells of landings with gems and of canoes lost.
        if ((to === 'land' && old.cargo?.length) || canoe.where === 'lost') return;
        const parts = [];
        if (from !== to) parts.push(`goes from ${from} to ${to}`);
        if (unloaded.length) parts.push(`unloads ${unloaded.join(' and ')}`);
        if (loaded.length) parts.push(`loads ${loaded.join(' and ')}`);
        lines.push(`${who}'s ${canoeName(k, spirits)} ${parts.join(', ')}.`);
    });
    return lines;
}
