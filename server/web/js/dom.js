// Tiny helpers to build HTML and SVG elements without a framework.

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(element, attrs, children) {
    for (const [name, value] of Object.entries(attrs || {})) {
        if (value === undefined || value === null || value === false) continue;
        if (name.startsWith('on') && typeof value === 'function')
            element.addEventListener(name.slice(2), value);
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
