/** Words that mark a field as asking for a secret, compared whole after splitting the text into words. */
const SECRET_WORDS = new Set([
  'password',
  'passwords',
  'passwd',
  'pwd',
  'passphrase',
  'passcode',
  'token',
  'tokens',
  'secret',
  'secrets',
  'key',
  'keys',
  'apikey',
  'credential',
  'credentials',
  'otp',
  'totp',
  'mfa',
  '2fa',
  'pin',
  'cvv',
  'cvc',
  'ssn',
  'cookie',
  'bearer',
  'mnemonic',
]);

/** Phrases of several words that mark a secret ("one-time code", "private key" is caught by "key"). */
const SECRET_PHRASES = [
  /\bone time\b/,
  /\bsecurity code\b/,
  /\bverification code\b/,
  /\bauth(?:entication)? code\b/,
];

/**
 * `text` as lower-case words: camelCase and snake_case split, punctuation dropped, so `apiKey`,
 * `API_KEY` and "API key" all give `api key`.
 */
function words(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** One property of an elicitation schema, as far as the secret check reads it. */
export interface SecretFieldHints {
  readonly title?: unknown;
  readonly description?: unknown;
  readonly format?: unknown;
  readonly writeOnly?: unknown;
}

/**
 * Why a requested field looks like a secret (the word that gave it away), or `undefined`. Its
 * name, title and description are read for words such as password, passphrase, token, secret,
 * key, API key, credential, OTP or PIN; `format: "password"` and `writeOnly: true` count too.
 * A false alarm costs a warning and a hidden answer; a miss would echo a password.
 */
export function secretFieldReason(name: string, field: SecretFieldHints): string | undefined {
  if (field.format === 'password') return 'format "password"';
  if (field.writeOnly === true) return 'writeOnly';
  for (const text of [name, field.title, field.description]) {
    if (typeof text !== 'string') continue;
    const spoken = words(text);
    const word = spoken.split(' ').find((candidate) => SECRET_WORDS.has(candidate));
    if (word !== undefined) return `"${word}"`;
    const phrase = SECRET_PHRASES.map((pattern) => pattern.exec(spoken)?.[0]).find(
      (found) => found !== undefined,
    );
    if (phrase !== undefined) return `"${phrase}"`;
  }
  return undefined;
}
