import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rejectionOf } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { McpServerError } from '../mcp-server-error.js';
import {
  type BearerOutcome,
  checkBearer,
  type McpBearerGrant,
  type McpBearerVerifier,
} from './bearer-auth.js';

/** A hook that accepts `good` (with `grant`) and refuses everything else, recording what it was asked. */
function hook(grant: McpBearerGrant | false | undefined = { clientId: 'alice' }) {
  const asked: string[] = [];
  const verify: McpBearerVerifier = ({ token }) => {
    asked.push(token);
    return token === 'good' ? grant : undefined;
  };
  return { verify, asked };
}

const MISSING: BearerOutcome = {
  ok: false,
  status: 401,
  challenge: 'Bearer',
  message: 'A bearer token is required.',
};

function refusal(message: string): BearerOutcome {
  return {
    ok: false,
    status: 401,
    challenge: `Bearer error="invalid_token", error_description="${message}"`,
    message,
  };
}

const NOT_ACCEPTED = refusal('The bearer token was not accepted.');
const EXPIRED = refusal('The bearer token has expired.');

/** 14 November 2023, 22:13:20 UTC, in milliseconds: the clock of the expiry tests. */
const NOW_MS = 1_700_000_000_000;
const NOW_S = NOW_MS / 1000;

describe('checkBearer: the Authorization header', () => {
  it('answers a request without a token with a bare challenge, without asking the hook', async () => {
    const { verify, asked } = hook();
    expect(await checkBearer({}, verify)).toStrictEqual(MISSING);
    expect(asked).toEqual([]);
  });

  it('takes only `Bearer <one token>`: another scheme, a scheme later in the value, two words or none are no token', async () => {
    const { verify, asked } = hook();
    for (const authorization of [
      'Basic Z29vZDpnb29k',
      'Token Bearer good',
      'xBearer good',
      'Bearer good extra',
      'Bearer good, Bearer other',
      'Bearer',
      'Bearer ',
      'Bearergood',
      '',
    ]) {
      expect(await checkBearer({ authorization }, verify), authorization).toStrictEqual(MISSING);
    }
    expect(asked).toEqual([]);
  });

  it('hands the hook the token and the headers, whatever the case of the scheme and however many spaces follow it', async () => {
    const seen: Array<{ token: string; host: string | undefined }> = [];
    const verify: McpBearerVerifier = ({ token, headers }) => {
      seen.push({ token, host: headers.host });
      return { clientId: 'alice' };
    };
    for (const authorization of ['Bearer good', 'bearer good', 'BEARER good', 'Bearer   good']) {
      const outcome = await checkBearer({ authorization, host: 'localhost' }, verify);
      expect(outcome.ok, authorization).toBe(true);
    }
    expect(seen).toEqual(Array(4).fill({ token: 'good', host: 'localhost' }));
  });

  it('reads the token of a real request whose header ends in whitespace (Node strips it)', async () => {
    const { verify, asked } = hook();
    const server = createServer((incoming, response) => {
      void checkBearer(incoming.headers, verify).then((outcome) => response.end(JSON.stringify(outcome)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const body = await new Promise<string>((resolve, reject) => {
        const outgoing = request(
          { host: '127.0.0.1', port, headers: { authorization: 'Bearer good \t ' } },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
            });
            response.on('end', () => resolve(text));
          },
        );
        outgoing.on('error', reject);
        outgoing.end();
      });
      expect(JSON.parse(body)).toMatchObject({ ok: true, auth: { token: 'good', clientId: 'alice' } });
      expect(asked).toEqual(['good']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('checkBearer: the hook says no', () => {
  it('refuses a token the hook answers with undefined or false, naming invalid_token', async () => {
    expect(await checkBearer({ authorization: 'Bearer other' }, hook().verify)).toStrictEqual(NOT_ACCEPTED);
    expect(await checkBearer({ authorization: 'Bearer good' }, hook(false).verify)).toStrictEqual(
      NOT_ACCEPTED,
    );
    expect(await checkBearer({ authorization: 'Bearer good' }, async () => false as const)).toStrictEqual(
      NOT_ACCEPTED,
    );
  });

  it('lets a hook that throws propagate (a 500, not a silent refusal)', async () => {
    const broken: McpBearerVerifier = () => {
      throw new Error('introspection endpoint down');
    };
    await expect(checkBearer({ authorization: 'Bearer good' }, broken)).rejects.toThrow(
      'introspection endpoint down',
    );
  });
});

describe('checkBearer: expiry (expiresAt in seconds, the clock in milliseconds)', () => {
  const at = (expiresAt: number) => hook({ clientId: 'alice', expiresAt }).verify;
  const check = (verify: McpBearerVerifier) =>
    checkBearer({ authorization: 'Bearer good' }, verify, () => NOW_MS);

  it('refuses a token from its expiry second on', async () => {
    expect(await check(at(NOW_S))).toStrictEqual(EXPIRED);
    expect(await check(at(NOW_S - 1))).toStrictEqual(EXPIRED);
    expect(await check(at(NOW_S - 86_400 * 365))).toStrictEqual(EXPIRED);
    expect(await check(at(0))).toStrictEqual(EXPIRED);
  });

  it('serves a token until its expiry second, and passes the expiry on', async () => {
    expect(await check(at(NOW_S + 1))).toMatchObject({ ok: true, auth: { expiresAt: NOW_S + 1 } });
    // One millisecond before the expiry second.
    const justBefore = checkBearer({ authorization: 'Bearer good' }, at(NOW_S), () => NOW_MS - 1);
    expect(await justBefore).toMatchObject({ ok: true, auth: { expiresAt: NOW_S } });
  });

  it('counts an expiry that is not a number of seconds as expired, never as no expiry', async () => {
    // An unparsable date divided into seconds, or a date string from a hook without types.
    expect(await check(at(Number.NaN))).toStrictEqual(EXPIRED);
    expect(await check(at(new Date('next week').getTime() / 1000))).toStrictEqual(EXPIRED);
    expect(await check(at('2030-01-01T00:00:00Z' as unknown as number))).toStrictEqual(EXPIRED);
  });

  it('throws on an expiry in milliseconds (a host bug: read as seconds it would never expire), naming the fix', async () => {
    const error = await rejectionOf(check(at(NOW_MS + 3_600_000)), McpServerError);
    expect(error.code).toBe('invalid_option');
    expect(error.message).toBe(
      `The bearer hook's grant for client "alice" has expiresAt ${NOW_MS + 3_600_000}, which reads as milliseconds; give seconds since the epoch (Math.floor(Date.now() / 1000) + lifetime).`,
    );
    await expect(check(at(100_000_000_000))).rejects.toThrow(/reads as milliseconds/);
    // The largest number of seconds that is not read as milliseconds: the year 5138.
    expect(await check(at(99_999_999_999))).toMatchObject({ ok: true, auth: { expiresAt: 99_999_999_999 } });
  });

  it('reads the real clock by default: a token of an hour ago is refused, one for the next hour served', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    expect(await checkBearer({ authorization: 'Bearer good' }, at(nowS - 3600))).toStrictEqual(EXPIRED);
    expect(await checkBearer({ authorization: 'Bearer good' }, at(nowS + 3600))).toMatchObject({ ok: true });
  });
});

describe('checkBearer: what an accepted grant becomes', () => {
  it('gives the SDK the token, client, scopes, expiry and extra of the grant', async () => {
    const grant: McpBearerGrant = {
      clientId: 'alice',
      scopes: ['tools', 'prompts'],
      expiresAt: NOW_S + 60,
      extra: { tenant: 'acme' },
    };
    expect(
      await checkBearer({ authorization: 'Bearer good' }, hook(grant).verify, () => NOW_MS),
    ).toStrictEqual({
      ok: true,
      auth: {
        token: 'good',
        clientId: 'alice',
        scopes: ['tools', 'prompts'],
        expiresAt: NOW_S + 60,
        extra: { tenant: 'acme' },
      },
    });
  });

  it('gives no scopes, and no expiry or extra keys, for a grant that names none', async () => {
    const outcome = await checkBearer({ authorization: 'Bearer good' }, hook({ clientId: 'bob' }).verify);
    expect(outcome).toStrictEqual({ ok: true, auth: { token: 'good', clientId: 'bob', scopes: [] } });
    expect(Object.keys(outcome.ok ? outcome.auth : {})).toEqual(['token', 'clientId', 'scopes']);
  });

  it('copies the scopes and extra: the host changing its grant later does not change a request it let in', async () => {
    const scopes = ['tools'];
    const extra: Record<string, unknown> = { tenant: 'acme' };
    const outcome = await checkBearer(
      { authorization: 'Bearer good' },
      hook({ clientId: 'alice', scopes, extra }).verify,
    );
    scopes.push('admin');
    extra.tenant = 'other';
    expect(outcome).toMatchObject({ ok: true, auth: { scopes: ['tools'], extra: { tenant: 'acme' } } });
  });
});
