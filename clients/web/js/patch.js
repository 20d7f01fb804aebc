// @ts-check
// RFC 6902 JSON Patch (add, remove, replace, move, copy, test) over RFC 6901 JSON Pointers.
// applyPatch is atomic: it works on a copy and returns it, so a failed patch leaves the caller's
// document untouched (the client then asks the server for a fresh snapshot).

export class PatchError extends Error {}

export function parsePointer(pointer) {
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new PatchError(`bad pointer "${pointer}"`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const clone = (v) => (v === undefined ? v : structuredClone(v));

function arrayIndex(arr, token, forAdd) {
  if (forAdd && token === '-') return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`bad array index "${token}"`);
  const i = Number(token);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new PatchError(`index ${i} out of range`);
  return i;
}

// Returns [parent container, last token] for a pointer, checking every step exists.
function locate(doc, tokens) {
  let node = doc;
  for (let i = 0; i < tokens.length - 1; i++) {
    const t = tokens[i];
    if (Array.isArray(node)) node = node[arrayIndex(node, t, false)];
    else if (node !== null && typeof node === 'object' && Object.hasOwn(node, t)) node = node[t];
    else throw new PatchError(`path not found at "${t}"`);
    if (node === null || typeof node !== 'object') throw new PatchError(`"${t}" is not a container`);
  }
  return [node, tokens[tokens.length - 1]];
}

export function getPointer(doc, pointer) {
  let node = doc;
  for (const t of parsePointer(pointer)) {
    if (Array.isArray(node)) node = node[arrayIndex(node, t, false)];
    else if (node !== null && typeof node === 'object' && Object.hasOwn(node, t)) node = node[t];
    else throw new PatchError(`path not found: ${pointer}`);
  }
  return node;
}

// Each operation returns the (possibly new) root, since a root-level op replaces the document.
function add(doc, path, value) {
  const tokens = parsePointer(path);
  if (!tokens.length) return value;
  const [parent, key] = locate(doc, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else parent[key] = value;
  return doc;
}

function remove(doc, path) {
  const tokens = parsePointer(path);
  if (!tokens.length) throw new PatchError('cannot remove the root');
  const [parent, key] = locate(doc, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
  else if (Object.hasOwn(parent, key)) delete parent[key];
  else throw new PatchError(`nothing to remove at ${path}`);
  return doc;
}

function replace(doc, path, value) {
  const tokens = parsePointer(path);
  if (!tokens.length) return value;
  const [parent, key] = locate(doc, tokens);
  if (Array.isArray(parent)) parent[arrayIndex(parent, key, false)] = value;
  else if (Object.hasOwn(parent, key)) parent[key] = value;
  else throw new PatchError(`nothing to replace at ${path}`);
  return doc;
}

export function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a),
    kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

export function applyOperation(doc, op) {
  switch (op.op) {
    case 'add':
      return add(doc, op.path, clone(op.value));
    case 'remove':
      return remove(doc, op.path);
    case 'replace':
      return replace(doc, op.path, clone(op.value));
    case 'move': {
      if (op.path === op.from) return doc;
      if (op.path.startsWith(op.from + '/')) throw new PatchError('cannot move into own child');
      const value = getPointer(doc, op.from);
      return add(remove(doc, op.from), op.path, value);
    }
    case 'copy':
      return add(doc, op.path, clone(getPointer(doc, op.from)));
    case 'test':
      if (!deepEqual(getPointer(doc, op.path), op.value)) throw new PatchError(`test failed at ${op.path}`);
      return doc;
    default:
      throw new PatchError(`unknown op "${op.op}"`);
  }
}

export function applyPatch(doc, patch) {
  let out = clone(doc);
  for (const op of patch) out = applyOperation(out, op);
  return out;
}
