/** Something a projection had to change in a way that loses meaning (a cut cycle, a dropped rule). */
export interface ProjectionNote {
  /** JSON pointer into the projected schema. */
  path: string;
  /** What was changed and why. */
  reason: string;
}

const notes = new WeakMap<object, readonly ProjectionNote[]>();

/** Remembers the notes of a projected schema so that the lint can report them later. */
export function recordProjectionNotes(projected: object, found: readonly ProjectionNote[]): void {
  if (found.length > 0) notes.set(projected, Object.freeze([...found]));
}

/** The notes recorded for a schema produced by `projectSchema`, if any. */
export function projectionNotes(projected: object): readonly ProjectionNote[] {
  return notes.get(projected) ?? [];
}
