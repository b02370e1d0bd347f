// Tiny helpers to build HTML and SVG elements without a framework, and to update what is on
// the page in place (morph) rather than replace it.

import morphdom from './vendor/morphdom.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(element, attrs, children) {
    for (const [name, value] of Object.entries(attrs || {})) {
        if (value === undefined || value === null || value === false) continue;
        // Handlers as properties (onclick, ontoggle…): one per event, and morph can carry the
        // new ones over to the elements it keeps.
        if (name.startsWith('on') && typeof value === 'function') element[name] = value;
        else if (name === 'dataset') Object.assign(element.dataset, value);
        else if (name === 'text') element.textContent = value;
        else element.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of [children].flat(Infinity)) {
        if (child === undefined || child === null || child === false) continue;
        element.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return element;
}

// h('button', {class: 'x', onclick: f}, 'Label')
export function h(tag, attrs, ...children) {
    return fill(document.createElement(tag), attrs, children);
}

export function s(tag, attrs, ...children) {
    return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function $(selector, root = document) {
    return root.querySelector(selector);
}

// Replaces an element's children (keeps the element, so its place in the page stays).
export function replaceChildren(element, ...children) {
    element.replaceChildren();
    fill(element, {}, children);
}

const HANDLERS = ['onclick', 'onsubmit', 'ontoggle', 'onchange', 'oninput', 'onkeydown'];

// Makes an element's children look like `children`, keeping every element that is still there
// (morphdom). Replacing them instead would lose a click that is under way when a redraw comes
// (pressed on the old button, released on the new one: no click at all), and the focus.
export function morph(element, ...children) {
    const wanted = element.cloneNode(false);
    fill(wanted, {}, children);
    morphdom(element, wanted, {
        childrenOnly: true,
        onBeforeElUpdated(from, to) {
            for (const handler of HANDLERS) from[handler] = to[handler];
            return true;
        },
    });
}
