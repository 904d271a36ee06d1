import type { ToolSource } from '@toolwright/spec';

export type { ToolSource };

/** The source every tool gets when its config names none. */
export const BUILTIN_SOURCE: ToolSource = Object.freeze({ type: 'builtin' });
