import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The exact path the authorization server redirects to. */
export const REDIRECT_PATH = '/oauth/callback';

/** What came back on the redirect. */
export interface RedirectOutcome {
  readonly code: string;
  /** The `iss` parameter (RFC 9207), when the authorization server sent one: checked by the exchange. */
  readonly iss?: string;
}

const PAGE_DONE = 'Authorization received. You can close this window and return to the application.';

function sameState(expected: string, received: string | null): boolean {
  if (received === null) return false;
  const left = Buffer.from(expected);
  const right = Buffer.from(received);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Receives the authorization redirect on 127.0.0.1 (RFC 8252 loopback redirect): a port of
 * its own (ephemeral unless one is configured) and one exact path. Only a request whose
 * `state` matches the authorization request in flight is taken; any other request on the path
 * is answered 400 and changes nothing (a page the user opened elsewhere cannot inject a code).
 */
export class LoopbackRedirectReceiver {
  readonly #server: Server;
  #waiting:
    | { state: string; resolve(outcome: RedirectOutcome): void; reject(error: Error): void }
    | undefined;

  private constructor(server: Server) {
    this.#server = server;
    server.on('request', (request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method !== 'GET' || url.pathname !== REDIRECT_PATH) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.');
        return;
      }
      const waiting = this.#waiting;
      if (waiting === undefined || !sameState(waiting.state, url.searchParams.get('state'))) {
        response
          .writeHead(400, { 'content-type': 'text/plain' })
          .end('This redirect does not match an authorization in progress (wrong or missing state).');
        return;
      }
      this.#waiting = undefined;
      const error = url.searchParams.get('error');
      const code = url.searchParams.get('code');
      if (error !== null || code === null) {
        const description = url.searchParams.get('error_description');
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Authorization was not granted.');
        waiting.reject(
          new Error(
            `the authorization server did not grant access: ${error ?? 'no code in the redirect'}${description ? ` (${description.slice(0, 200)})` : ''}`,
          ),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end(PAGE_DONE);
      const iss = url.searchParams.get('iss');
      waiting.resolve(iss === null ? { code } : { code, iss });
    });
  }

  /** Listens on 127.0.0.1 (`port` 0: an ephemeral one). */
  static async start(port = 0): Promise<LoopbackRedirectReceiver> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    // Keeps the host process alive only while a redirect is awaited (see waitForCode).
    server.unref();
    return new LoopbackRedirectReceiver(server);
  }

  /** The redirect URI to register and send: `http://127.0.0.1:<port>/oauth/callback`. */
  get redirectUrl(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}${REDIRECT_PATH}`;
  }

  /**
   * Waits for the redirect of the authorization request sent with `state`, at most
   * `timeoutMs`. A newer wait replaces an older one (which is rejected).
   */
  waitForCode(state: string, timeoutMs: number): Promise<RedirectOutcome> {
    this.#waiting?.reject(new Error('a newer authorization request replaced this one'));
    return new Promise<RedirectOutcome>((resolve, reject) => {
      // The user is in the browser: the process must not exit under them (a CLI's login has
      // nothing else to wait for). Let go again once the wait ends either way.
      this.#server.ref();
      const settle = () => {
        clearTimeout(timer);
        this.#server.unref();
      };
      const timer = setTimeout(() => {
        if (this.#waiting?.state === state) this.#waiting = undefined;
        settle();
        reject(new Error(`no authorization redirect arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#waiting = {
        state,
        resolve: (outcome) => {
          settle();
          resolve(outcome);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      };
    });
  }

  /** Stops listening; a wait in progress is rejected. */
  async close(): Promise<void> {
    this.#waiting?.reject(new Error('the redirect receiver was closed'));
    this.#waiting = undefined;
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
