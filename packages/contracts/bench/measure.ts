// What the contracts benches time differently from the shared defaults
// (@toolwright/test-support/bench): their operations take tens of nanoseconds, where one
// preemption weighs a whole round, so more rounds steady the median, and a longer warm-up lets
// V8 optimise build() and the validators before the first recorded round.

/** Rounds for the paired figures of this package's benches. */
export const NANOSECOND_ROUNDS = { rounds: 41, warmupRounds: 3 } as const;
