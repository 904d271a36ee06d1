import { describe, expect, it } from 'vitest';
import { McpClientError, McpClientErrorCode } from '../errors.js';
import {
  REDACTED,
  redactErrorChain,
  redactSecrets,
  rememberClientSecret,
  rememberSecret,
} from './secret-redaction.js';

describe('redactSecrets', () => {
  it('removes a remembered secret in every spelling a server may echo it in', () => {
    const secret = 'opaque/Token+with=chars-0123';
    rememberSecret(secret);
    expect(redactSecrets(`invalid token ${secret}.`)).toBe(`invalid token ${REDACTED}.`);
    expect(redactSecrets(`token=${encodeURIComponent(secret)}&x=1`)).toBe(`token=${REDACTED}&x=1`);
    rememberClientSecret('ci-bot', 'client-secret-0123456789');
    const basic = Buffer.from('ci-bot:client-secret-0123456789').toString('base64');
    expect(redactSecrets(`got ${basic} and client-secret-0123456789`)).toBe(
      `got ${REDACTED} and ${REDACTED}`,
    );
  });

  it('removes what looks like a credential even when it was never remembered', () => {
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl';
    expect(redactSecrets(`Authorization: Bearer abc.DEF_123-never-seen`)).toBe(
      `Authorization: Bearer ${REDACTED}`,
    );
    expect(redactSecrets(`authorization: basic dXNlcjpwYXNzd29yZA==`)).toBe(
      `authorization: basic ${REDACTED}`,
    );
    expect(redactSecrets(`bad id token ${jwt} here`)).toBe(`bad id token ${REDACTED} here`);
    expect(redactSecrets('{"access_token":"zzzzzzzzzzzz","token_type":"Bearer"}')).toBe(
      `{"access_token":"${REDACTED}","token_type":"Bearer"}`,
    );
    expect(redactSecrets('refresh_token=abcdefgh1234&grant_type=refresh_token')).toBe(
      `refresh_token=${REDACTED}&grant_type=refresh_token`,
    );
    // Ordinary words stay readable.
    expect(redactSecrets('Basic authentication failed; the Bearer token expired')).toBe(
      'Basic authentication failed; the Bearer token expired',
    );
    rememberSecret('short');
    expect(redactSecrets('a short answer')).toBe('a short answer');
  });

  it('redacts the cause chain of an error in place, and every McpClientError at birth', () => {
    rememberSecret('echoed-access-token-42');
    const root = new Error('the backend said: echoed-access-token-42 is bad');
    const middle = new Error('Streamable HTTP error: echoed-access-token-42', { cause: root });
    const error = new McpClientError(
      McpClientErrorCode.ServerError,
      'tools/list on MCP server "x" failed: echoed-access-token-42',
      { server: 'x', cause: middle },
    );
    expect(error.message).toBe(`tools/list on MCP server "x" failed: ${REDACTED}`);
    expect(middle.message).toBe(`Streamable HTTP error: ${REDACTED}`);
    expect(root.message).toBe(`the backend said: ${REDACTED} is bad`);
    expect(`${error.stack}${middle.stack}${root.stack}`).not.toContain('echoed-access-token-42');
    const cyclic = new Error('echoed-access-token-42');
    (cyclic as { cause?: unknown }).cause = cyclic;
    expect(redactErrorChain(cyclic).message).toBe(REDACTED);
  });
});
