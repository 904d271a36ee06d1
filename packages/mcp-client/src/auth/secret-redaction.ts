import { rememberSecret } from '@toolwright/utils';

// The secret registry itself is `@toolwright/utils`' (one per process, shared with telemetry);
// this module adds what only an OAuth client builds: Basic credentials.
export {
  REDACTED,
  redactErrorChain,
  redactSecrets,
  rememberNamedSecrets,
  rememberSecret,
} from '@toolwright/utils';

/**
 * Remembers a client's secret together with the HTTP Basic credentials a token request
 * builds from it (RFC 6749 section 2.3.1 encodes both parts first; some servers do not).
 */
export function rememberClientSecret(clientId: string | undefined, secret: unknown): void {
  rememberSecret(secret);
  if (clientId === undefined || typeof secret !== 'string') return;
  rememberSecret(Buffer.from(`${clientId}:${secret}`).toString('base64'));
  rememberSecret(
    Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64'),
  );
}
