/**
 * One frozen object for each small JSON subschema that many foreign schemas repeat: MCP servers
 * list hundreds of tools whose inputs share `{ "type": "string" }`, an `owner`/`repo` pair or a
 * paging object, and a catalog of 10,000 tools would otherwise hold each of them thousands of
 * times. A node is shared by its JSON text (key order included, so a shared node is exactly the
 * one it replaces), only when that text is short: the text is the lookup key and is held as long
 * as the node lives. Nodes are held weakly: when no schema uses one any more, it goes.
 */

/** Longest JSON text of a node that is shared; longer ones are rarely repeated whole. */
const MAX_SHARED_TEXT = 200;

const sharedNodes = new Map<string, WeakRef<object>>();
const forgetCollected = new FinalizationRegistry<string>((text) => {
  if (sharedNodes.get(text)?.deref() === undefined) sharedNodes.delete(text);
});

/** The shared node of that text, `node` itself (frozen) when it is the first of its text. */
function sharedNode(text: string, node: object): object {
  const held = sharedNodes.get(text)?.deref();
  if (held !== undefined) return held;
  Object.freeze(node);
  sharedNodes.set(text, new WeakRef(node));
  forgetCollected.register(node, text);
  return node;
}

/**
 * Replaces, inside a freshly made plain JSON tree (objects, arrays, scalars; no cycles), every
 * small object or array by the shared frozen node of the same JSON text. The root itself is left
 * as it is (the caller owns it). Returns nothing: the tree is changed in place, bottom-up.
 */
export function shareSmallNodes(root: Record<string, unknown>): void {
  shareChildren(root);
}

/** Shares the children of `node`; returns the JSON text of `node`, or undefined when it is too long. */
function shareChildren(node: object): string | undefined {
  const isList = Array.isArray(node);
  const record = node as Record<string, unknown>;
  let text: string | undefined = isList ? '[' : '{';
  let first = true;
  for (const key of Object.keys(node)) {
    const value = record[key];
    let valueText: string | undefined;
    if (typeof value === 'object' && value !== null) {
      valueText = shareChildren(value);
      if (valueText !== undefined) record[key] = sharedNode(valueText, value);
    } else if (typeof value !== 'number' || (Number.isFinite(value) && !Object.is(value, -0))) {
      // `undefined` has no text; NaN, the infinities and -0 have a text of another value: unshared.
      valueText = JSON.stringify(value);
    }
    if (text === undefined || valueText === undefined) {
      text = undefined;
      continue;
    }
    text += `${first ? '' : ','}${isList ? '' : `${JSON.stringify(key)}:`}${valueText}`;
    first = false;
    if (text.length > MAX_SHARED_TEXT) text = undefined;
  }
  return text === undefined ? undefined : `${text}${isList ? ']' : '}'}`;
}
