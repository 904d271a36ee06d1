// The type of frozen params is part of the invocation interface, defined in @toolwright/spec.
export type { DeepReadonly } from '@toolwright/spec';
