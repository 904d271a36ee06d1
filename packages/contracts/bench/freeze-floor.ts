// The deep-freeze floor the build() benchmarks measure against: the least work that leaves a
// call's params frozen through and through without freezing the caller's objects, written by
// hand for the two shapes the benchmarks use.

type Params = Record<string, unknown>;

/** A read-like call's params: one object of primitives, copied when still the caller's. */
export function freezeReadLikeByHand(value: Params, input: Params): Params {
  return Object.freeze(value === input ? Object.assign({}, value) : value);
}

/** An edit-like call's params: an object holding an array of objects of primitives. */
export function freezeEditLikeByHand(value: Params, input: Params): Params {
  const params = value === input ? Object.assign({}, value) : value;
  const inputEdits = input.edits as Params[];
  const edits = params.edits === inputEdits ? inputEdits.slice() : (params.edits as Params[]);
  for (let index = 0; index < edits.length; index++) {
    const edit = edits[index] as Params;
    edits[index] = Object.freeze(edit === inputEdits[index] ? Object.assign({}, edit) : edit);
  }
  params.edits = Object.freeze(edits);
  return Object.freeze(params);
}
