/** What a secret is replaced with in any text toolwright produces (messages, events, telemetry). */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are not looked for: they would redact ordinary words. */
const MIN_SECRET_LENGTH = 8;
/** How many secrets are remembered; the oldest are forgotten first (old tokens are rarely echoed). */
const MAX_SECRETS = 512;

/**
 * Every credential this process holds for an MCP server (access, refresh and ID tokens, client
 * secrets, authorization codes, PKCE verifiers, private keys, `Authorization` header values),
 * in the spellings a server may echo them in: as is, URL-encoded and, for a client's id and
 * secret, as the Basic credentials built from them. One set for the whole process, so that a
 * secret of one server echoed by another is redacted too.
 */
const known = new Set<string>();

/** Where the patterns below find secrets that were never remembered (a second line of defence). */
const PATTERNS: readonly RegExp[] = [
  // `Bearer xxx`, `Basic xxx`, `DPoP xxx` (as in an echoed Authorization header); a credential
  // has a digit or punctuation in it, which keeps "Basic authentication" readable.
  /\b(Bearer|Basic|DPoP)(\s+)(?=[A-Za-z]*[0-9\-._~+/])[A-Za-z0-9\-._~+/]{8,}=*/gi,
  // A JWT (header.payload.signature, the first two base64url JSON objects).
  /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
  // `"access_token": "xxx"`, `refresh_token=xxx`, `client_secret: xxx` and their kin.
  /\b(access_token|refresh_token|id_token|client_secret|code_verifier|registration_access_token|subject_token|assertion)("?\s*[:=]\s*"?)([A-Za-z0-9\-._~+/]{8,}=*)/gi,
  // Keys whose shape names them: provider API keys (`sk-…`, `sk-ant-…`), GitHub, Slack and AWS
  // access keys, and a PEM private key block.
  /\b(?:sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abposr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16})\b/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
];

/**
 * Remembers `secret` (and its URL-encoded spelling) so that {@link redactSecrets} removes it
 * from every text from then on. Non-strings and short values are ignored.
 */
export function rememberSecret(secret: unknown): void {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) return;
  for (const spelling of new Set([secret, encodeURIComponent(secret), secret.trim()])) {
    if (spelling.length < MIN_SECRET_LENGTH) continue;
    known.delete(spelling);
    known.add(spelling);
  }
  while (known.size > MAX_SECRETS) known.delete(known.values().next().value as string);
}

/** Header and environment variable names whose values are credentials. */
const SECRET_NAME = /auth|token|key|secret|cookie|session|password|passwd|credential/i;

/**
 * Remembers the values of `entries` (configured `headers` of an HTTP server, `env` of a stdio
 * one) whose name says they are credentials (`Authorization`, `X-Api-Key`, `GITHUB_TOKEN`, …);
 * for an `Authorization`-style value, the credential after its scheme too.
 */
export function rememberNamedSecrets(entries: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(entries)) {
    if (!SECRET_NAME.test(name)) continue;
    rememberSecret(value);
    rememberSecret(value.replace(/^\S+\s+/, ''));
  }
}

/**
 * `text` with every remembered secret, every `Bearer`/`Basic` credential, every JWT-looking
 * string, every `access_token=`-style value, every API key of a known shape and every private
 * key block replaced by `[redacted]`. The one place server text passes through before it becomes
 * an error message, a status, an event or a diagnostic, and recorded content before it becomes
 * telemetry.
 */
export function redactSecrets(text: string): string {
  let result = text;
  // Longest first: a secret that contains another is replaced whole.
  for (const secret of [...known].sort((left, right) => right.length - left.length)) {
    if (result.includes(secret)) result = result.split(secret).join(REDACTED);
  }
  const [scheme, jwt, keyed, shaped, privateKey] = PATTERNS as [RegExp, RegExp, RegExp, RegExp, RegExp];
  return result
    .replace(scheme, (_match, name: string, space: string) => `${name}${space}${REDACTED}`)
    .replace(jwt, REDACTED)
    .replace(keyed, (_match, key: string, separator: string) => `${key}${separator}${REDACTED}`)
    .replace(shaped, REDACTED)
    .replace(privateKey, REDACTED);
}

/**
 * Redacts the messages (and stacks) of `error` and of the errors in its `cause` chain, in
 * place: a host that prints `error.cause.message` must not find there what the message left out.
 * Returns `error`.
 */
export function redactErrorChain<T>(error: T): T {
  let current: unknown = error;
  const seen = new Set<unknown>();
  for (let depth = 0; depth < 8 && current instanceof Error && !seen.has(current); depth++) {
    seen.add(current);
    const redacted = redactSecrets(current.message);
    try {
      if (redacted !== current.message) current.message = redacted;
      if (typeof current.stack === 'string') {
        const stack = redactSecrets(current.stack);
        if (stack !== current.stack) current.stack = stack;
      }
    } catch {
      // A frozen error keeps its text; the messages built from it are redacted anyway.
    }
    current = current.cause;
  }
  return error;
}
