// JSON Patch (RFC 6902) over JSON Pointers (RFC 6901): what the server's `patch` messages
// carry. applyPatch works on a copy, so a patch that fails leaves the caller's view intact and
// the caller can ask for a fresh snapshot instead.

export class PatchError extends Error {}

// "/seats/0/canoes" -> ["seats", "0", "canoes"]; "~1" is "/" and "~0" is "~" (in that order).
export function parsePointer(pointer) {
    if (pointer === '') return [];
    if (!pointer.startsWith('/')) throw new PatchError(`bad JSON pointer '${pointer}'`);
    return pointer
        .slice(1)
        .split('/')
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function arrayIndex(array, token, forAdd) {
    if (forAdd && token === '-') return array.length;
    if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`bad array index '${token}'`);
    const index = Number(token);
    const limit = forAdd ? array.length : array.length - 1;
    if (index > limit) throw new PatchError(`array index ${index} out of range`);
    return index;
}

function isContainer(value) {
    return value !== null && typeof value === 'object';
}

// The container that holds the last token, and that token.
function parentOf(doc, tokens) {
    let node = doc;
    for (const token of tokens.slice(0, -1)) {
        if (!isContainer(node)) throw new PatchError('path goes through a value');
        if (Array.isArray(node)) node = node[arrayIndex(node, token, false)];
        else if (Object.hasOwn(node, token)) node = node[token];
        else throw new PatchError(`no member '${token}'`);
    }
    if (!isContainer(node)) throw new PatchError('path goes through a value');
    return { parent: node, key: tokens[tokens.length - 1] };
}

export function getPointer(doc, pointer) {
    let node = doc;
    for (const token of parsePointer(pointer)) {
        if (!isContainer(node)) throw new PatchError(`'${pointer}' does not exist`);
        if (Array.isArray(node)) node = node[arrayIndex(node, token, false)];
        else if (Object.hasOwn(node, token)) node = node[token];
        else throw new PatchError(`'${pointer}' does not exist`);
    }
    return node;
}

function clone(value) {
    return value === undefined ? undefined : structuredClone(value);
}

function deepEqual(a, b) {
    if (a === b) return true;
    if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.length !== keysB.length) return false;
    return keysA.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

// Each operation returns the (possibly new) root, since a path of "" replaces the whole document.
function add(doc, pointer, value) {
    const tokens = parsePointer(pointer);
    if (tokens.length === 0) return value;
    const { parent, key } = parentOf(doc, tokens);
    if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
    else parent[key] = value;
    return doc;
}

function remove(doc, pointer) {
    const tokens = parsePointer(pointer);
    if (tokens.length === 0) return null;
    const { parent, key } = parentOf(doc, tokens);
    if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
    else if (Object.hasOwn(parent, key)) delete parent[key];
    else throw new PatchError(`cannot remove '${pointer}': it does not exist`);
    return doc;
}

function replace(doc, pointer, value) {
    const tokens = parsePointer(pointer);
    if (tokens.length === 0) return value;
    const { parent, key } = parentOf(doc, tokens);
    if (Array.isArray(parent)) parent[arrayIndex(parent, key, false)] = value;
    else if (Object.hasOwn(parent, key)) parent[key] = value;
    else throw new PatchError(`cannot replace '${pointer}': it does not exist`);
    return doc;
}

function applyOperation(doc, op) {
    if (!op || typeof op.op !== 'string' || typeof op.path !== 'string')
        throw new PatchError('an operation needs "op" and "path"');
    switch (op.op) {
        case 'add':
            return add(doc, op.path, clone(op.value));
        case 'remove':
            return remove(doc, op.path);
        case 'replace':
            return replace(doc, op.path, clone(op.value));
        case 'move': {
            if (op.path.startsWith(op.from + '/'))
                throw new PatchError('cannot move a value into itself');
            const value = getPointer(doc, op.from);
            return add(remove(doc, op.from), op.path, value);
        }
        case 'copy':
            return add(doc, op.path, clone(getPointer(doc, op.from)));
        case 'test':
            if (!deepEqual(getPointer(doc, op.path), op.value))
                throw new PatchError(`test failed at '${op.path}'`);
            return doc;
        default:
            throw new PatchError(`unknown operation '${op.op}'`);
    }
}

// Returns the patched copy of doc; throws PatchError (doc untouched) if any operation fails.
export function applyPatch(doc, ops) {
    if (!Array.isArray(ops)) throw new PatchError('a patch is a list of operations');
    let result = clone(doc);
    for (const op of ops) result = applyOperation(result, op);
    return result;
}
