// Its own module so that the command-line definitions (`run --sampling-…` and their help) can
// name the defaults without loading the sampling handler and what it imports.

/** The most tokens a server's sampling request may use unless the user sets another cap. */
export const DEFAULT_SAMPLING_MAX_TOKENS = 1024;

/** The largest prompt (system prompt and messages, UTF-8 bytes) one server may send, by default. */
export const DEFAULT_SAMPLING_MAX_PROMPT_BYTES = 32 * 1024;

/** How many sampling requests one server may make in any minute, by default. */
export const DEFAULT_SAMPLING_REQUESTS_PER_MINUTE = 10;
