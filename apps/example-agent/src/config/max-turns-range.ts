// Its own module so that the command-line definitions (`--max-turns` and its help) can name the
// range without loading the config schema and its validator.

/** What `maxTurns` (and `--max-turns`) accepts: model turns before a run stops. */
export const MAX_TURNS_RANGE = { min: 1, max: 500, integer: true } as const;
