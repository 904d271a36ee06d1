import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type Server as NodeHttpServer,
  type ServerResponse,
} from 'node:http';
import {
  type AuthInfo,
  type EventStore,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { McpSessionRecordStoreV1, McpSessionRecordV1 } from '@toolwright/spec';
import { McpServerError, McpServerErrorCode } from '../mcp-server-error.js';
import { closeGraceMs, type McpCloseOptions } from '../session/close-options.js';
import type { ServerSession } from '../session/server-session.js';
import type { ToolwrightMcpServer } from '../toolwright-mcp-server.js';
import { checkBearer } from './bearer-auth.js';
import { allowOrigin, answerPreflight } from './cors.js';
import { EventBudget } from './event-budget.js';
import { type HostPolicy, hostProblem } from './host-check.js';
import { type McpHttpOptions, type ResolvedHttpOptions, resolveHttpOptions } from './http-options.js';
import { refuse } from './http-responses.js';
import { IdleTimer } from './idle-timer.js';
import { MemoryEventStore } from './memory-event-store.js';
import { holdsRequest, isInitialize, readJsonBody } from './read-json-body.js';
import { clientKeyOf, isRefusal, SessionAdmission } from './session-admission.js';
import { replayHandshake, saveSessionState, sessionRecordOf } from './session-record.js';
import { onSharedState, SharedStateFailure } from './shared-state-failure.js';
import { endStreamAtExpiry } from './stream-expiry.js';
import { OpenExchanges, sendWebResponse, toWebRequest } from './web-exchange.js';

/** A running Streamable HTTP endpoint. */
export interface McpHttpServer {
  /** The endpoint's URL, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  /** The port it listens on (the one picked, when `port` was `0`). */
  readonly port: number;
  /** Sessions open now. */
  readonly sessionCount: number;
  /**
   * Bytes of stream events kept for resumption now, all sessions together (each message's
   * JSON plus its event id; at most the `maxEventBytesTotal` option).
   */
  readonly eventStoreBytes: number;
  /**
   * Graceful shutdown: stops accepting connections and sessions, lets running tool calls finish
   * for up to `graceMs` (default: the `shutdownGraceMs` option), aborts the rest (their
   * clients get an aborted result), closes every session and then every connection.
   */
  close(options?: McpCloseOptions): Promise<void>;
}

interface HttpSession {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly session: ServerSession;
  /** The client the session was opened by, when bearer tokens are checked. */
  readonly clientId: string | undefined;
  /** Its stream events, kept for resumption (when resumability is on). */
  readonly events: SessionEvents | undefined;
  readonly idle: IdleTimer;
  /** Its shared record, when the fleet keeps one (`sessionRecords`), as last saved. */
  record: McpSessionRecordV1 | undefined;
}

/** A session's event store, as the transport takes it, with what the server asks of it. */
interface SessionEvents {
  readonly store: EventStore;
  resumeProblem(lastEventId: string): Promise<string | undefined>;
  dispose(): void;
}

/**
 * Serves `server` over Streamable HTTP (the SDK's web-standard Streamable HTTP transport on
 * `node:http`), one MCP session per client. Each request passes, in order: the path, the
 * DNS-rebinding check (`Host`/`Origin`, 403; an accepted origin gets CORS headers, and a
 * preflight is answered here), the bearer-token hook when there is one (401), then the session
 * (`Mcp-Session-Id`; unknown, expired, or opened by another client: 404). A new session must fit
 * under the per-client cap (429) and the total one (503); a session idle for
 * `sessionIdleTimeoutMs` is closed; stream events are kept within byte bounds per session and
 * in total, and a resume the bounds made incomplete is refused (410).
 */
export async function serveHttp(
  server: ToolwrightMcpServer,
  options: McpHttpOptions = {},
): Promise<McpHttpServer> {
  const resolved = resolveHttpOptions(options);
  const sessions = new Map<string, HttpSession>();
  const budget = new EventBudget(resolved.maxEventBytesTotal);
  const admission = new SessionAdmission(resolved.maxSessions, resolved.maxSessionsPerClient);
  const exchanges = new OpenExchanges();
  /** Sessions being re-opened from their records, so that two requests re-open one once. */
  const adopting = new Map<string, Promise<HttpSession | undefined>>();
  const records = resolved.sessionRecords;
  let policy: HostPolicy | undefined;
  let closing: Promise<void> | undefined;
  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // The fleet's shared state is away: the request may be repeated once it is back.
      if (error instanceof SharedStateFailure)
        return refuse(response, 503, error.message, { 'retry-after': '1' });
      // A host hook or the transport failed: say so without handing its message to the client.
      refuse(response, 500, 'Internal error.');
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== resolved.path)
      return refuse(response, 404, `Not found: the MCP endpoint is ${resolved.path}.`);
    if (policy !== undefined) {
      const problem = hostProblem(request.headers, policy);
      if (problem !== undefined) return refuse(response, 403, `Forbidden: ${problem}.`);
      allowOrigin(request, response);
    }
    // A preflight carries no credentials: it is answered before the bearer check.
    if (request.method === 'OPTIONS') return answerPreflight(response);
    let auth: AuthInfo | undefined;
    if (resolved.authorize !== undefined) {
      const outcome = await checkBearer(request.headers, resolved.authorize);
      if (!outcome.ok)
        return refuse(response, 401, outcome.message, { 'www-authenticate': outcome.challenge });
      auth = outcome.auth;
      (request as IncomingMessage & { auth?: AuthInfo }).auth = auth;
    }
    let body: unknown;
    if (request.method === 'POST') {
      const read = await readJsonBody(request, resolved.maxBodyBytes);
      if (!read.ok) return refuse(response, read.status, read.message);
      body = read.body;
    }
    const web = toWebRequest(request, response, body);
    if (!(await isLegacyRequest(web, body))) {
      if (closing !== undefined)
        return refuse(response, 503, 'The server is shutting down.', { connection: 'close' });
      const stateless = server.statelessHttpHandler();
      const answer = stateless.fetch(web, {
        ...(body === undefined ? {} : { parsedBody: body }),
        ...(auth === undefined ? {} : { authInfo: auth }),
      });
      return exchanges.track(answer.then((ready) => sendWebResponse(ready, response)));
    }
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const entry = await findSession(sessionId, auth, request);
      // Another client's session answers exactly like a missing one: its id reveals nothing.
      if (entry === undefined || (auth !== undefined && entry.clientId !== auth.clientId)) {
        return refuse(response, 404, 'Session not found; start a new one with initialize.');
      }
      // A fleet's session ends everywhere when its record does (expired, or ended on another replica).
      const touched =
        entry.record === undefined ||
        records === undefined ||
        (await onSharedState(`touching the record of session ${sessionId}`, () =>
          records.touch(sessionId, Date.now()),
        ));
      if (!touched) {
        sessions.delete(sessionId);
        void entry.session.close({ graceMs: 0 });
        return refuse(response, 404, 'Session not found; start a new one with initialize.');
      }
      // While draining, a session may still deliver answers (an elicitation result, a
      // cancellation) to the calls that are finishing, but not start anything new.
      if (closing !== undefined && (request.method !== 'POST' || holdsRequest(body))) {
        return refuse(response, 503, 'The server is shutting down.', { connection: 'close' });
      }
      const lastEventId = request.headers['last-event-id'];
      if (request.method === 'GET' && typeof lastEventId === 'string' && entry.events !== undefined) {
        const events = entry.events;
        const problem = await onSharedState(`checking the events of session ${sessionId}`, () =>
          events.resumeProblem(lastEventId),
        );
        if (problem !== undefined) return refuse(response, 410, problem);
      }
      response.once('close', entry.idle.requestOpened());
      if (request.method === 'GET' && auth?.expiresAt !== undefined)
        endStreamAtExpiry(response, auth.expiresAt);
      return exchanges.track(exchange(entry, records, web, response, body, auth));
    }
    if (closing !== undefined)
      return refuse(response, 503, 'The server is shutting down.', { connection: 'close' });
    if (request.method !== 'POST' || !isInitialize(body)) {
      return refuse(response, 400, 'Bad Request: no valid session id; start a session with initialize.');
    }
    const ticket = admission.admit(clientKeyOf(request, auth));
    if (isRefusal(ticket)) return refuse(response, ticket.status, ticket.message);
    try {
      return await openSession(web, response, body, auth, ticket.release);
    } catch (error) {
      ticket.release();
      throw error;
    }
  }

  async function openSession(
    request: Request,
    response: ServerResponse,
    body: unknown,
    auth: AuthInfo | undefined,
    releasePlace: () => void,
  ): Promise<void> {
    const id = randomUUID();
    const entry = await startSession(id, auth, releasePlace);
    // Recorded before the client hears of the session: its very next request may reach another
    // replica, which must find the record there.
    if (records !== undefined) {
      const record = sessionRecordOf(id, body, auth);
      entry.record = record;
      try {
        await onSharedState(`recording session ${id}`, () => records.put(record));
      } catch (error) {
        await entry.session.close({ graceMs: 0 });
        throw error;
      }
    }
    response.once('close', entry.idle.requestOpened());
    await exchanges.track(exchange(entry, records, request, response, body, auth));
    // An initialize the transport refused (a bad Accept header, say) opened no session.
    if (entry.transport.sessionId === undefined || !sessions.has(id)) {
      await entry.session.close({ graceMs: 0 });
      if (records !== undefined) await records.delete(id).catch(() => false);
    }
  }

  /**
   * A session of another replica, re-opened here from its shared record: the SDK session is
   * given the recorded id and the recorded handshake, answered to no one, then the state the
   * client set since (log level, subscriptions). `undefined` when there is no such record, or
   * it is another client's.
   */
  async function adoptSession(
    sessionId: string,
    auth: AuthInfo | undefined,
    request: IncomingMessage,
  ): Promise<HttpSession | undefined> {
    const records = resolved.sessionRecords;
    if (records === undefined) return undefined;
    const record = await onSharedState(`reading the record of session ${sessionId}`, () =>
      records.get(sessionId),
    );
    if (record === undefined || (record.principal ?? undefined) !== auth?.clientId) return undefined;
    const ticket = admission.admit(clientKeyOf(request, auth));
    if (isRefusal(ticket)) return undefined;
    let entry: HttpSession;
    try {
      entry = await startSession(record.sessionId, auth, ticket.release);
    } catch (error) {
      ticket.release();
      throw error;
    }
    await replayHandshake(entry.transport, record, auth);
    entry.record = record;
    entry.session.logLevel = record.logLevel;
    for (const uri of record.resourceSubscriptions ?? []) entry.session.subscriptions.add(uri);
    return entry;
  }

  /** The local session of `sessionId`, re-opening a fleet's session here when it has a record. */
  function findSession(
    sessionId: string,
    auth: AuthInfo | undefined,
    request: IncomingMessage,
  ): Promise<HttpSession | undefined> {
    const local = sessions.get(sessionId);
    if (local !== undefined) return Promise.resolve(local);
    let pending = adopting.get(sessionId);
    if (pending === undefined) {
      pending = adoptSession(sessionId, auth, request).finally(() => adopting.delete(sessionId));
      adopting.set(sessionId, pending);
    }
    return pending;
  }

  /** Makes the transport and the SDK session of one MCP session, named `id`. */
  async function startSession(
    id: string,
    auth: AuthInfo | undefined,
    releasePlace: () => void,
  ): Promise<HttpSession> {
    let entry: HttpSession | undefined;
    const events = resolved.resumability ? eventsOf(id) : undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      ...(events === undefined ? {} : { eventStore: events.store, retryInterval: resolved.retryIntervalMs }),
      onsessioninitialized: (initialized) => {
        if (entry !== undefined) sessions.set(initialized, entry);
      },
      // A client that ends its session ends it for the whole fleet.
      onsessionclosed: (closed) => void records?.delete(closed).catch(() => {}),
    });
    let session: ServerSession;
    try {
      session = (await server.connect(transport)) as ServerSession;
    } catch (error) {
      events?.dispose();
      throw error;
    }
    const idle = new IdleTimer(
      resolved.sessionIdleTimeoutMs,
      () => session.callsInFlight > 0,
      () => {
        // Forgotten at once, so a request arriving while it closes already gets 404.
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
        void session.close({ graceMs: 0 });
      },
    );
    entry = { transport, session, clientId: auth?.clientId, events, idle, record: undefined };
    const opened = entry;
    void session.closed.then(() => {
      if (transport.sessionId !== undefined && sessions.get(transport.sessionId) === opened)
        sessions.delete(transport.sessionId);
      idle.stop();
      events?.dispose();
      releasePlace();
    });
    return entry;
  }

  /** The event store of session `id`: the host's (shared, for a fleet), or one in memory. */
  function eventsOf(id: string): SessionEvents {
    if (resolved.eventStore !== undefined) {
      const store = resolved.eventStore(id);
      return {
        store: store as EventStore,
        resumeProblem: (lastEventId) => store.resumeProblem(lastEventId),
        dispose() {},
      };
    }
    const store = new MemoryEventStore({
      maxEvents: resolved.maxEventsPerSession,
      maxBytes: resolved.maxEventBytesPerSession,
      budget,
      boundsHint: `maxEventBytesPerSession ${resolved.maxEventBytesPerSession}, maxEventBytesTotal ${resolved.maxEventBytesTotal}, maxEventsPerSession ${resolved.maxEventsPerSession}`,
    });
    return {
      store,
      resumeProblem: async (lastEventId) => store.resumeProblem(lastEventId),
      dispose: () => store.dispose(),
    };
  }

  await listen(http, resolved);
  const address = http.address();
  const port = typeof address === 'object' && address !== null ? address.port : resolved.port;
  policy = resolved.hostPolicy?.(port);
  const hostInUrl =
    resolved.host.includes(':') && !resolved.host.startsWith('[') ? `[${resolved.host}]` : resolved.host;
  return {
    url: `http://${hostInUrl}:${port}${resolved.path}`,
    port,
    get sessionCount() {
      return sessions.size;
    },
    get eventStoreBytes() {
      return budget.usedBytes;
    },
    async close(closeOptions = {}) {
      const graceMs = closeGraceMs('McpHttpServer.close', closeOptions, resolved.shutdownGraceMs);
      closing ??= shutDown(http, sessions, exchanges, graceMs);
      return closing;
    },
  };
}

/** How long a shutdown waits for closed sessions' last messages to reach their sockets. */
const EXCHANGE_FLUSH_MS = 2000;

/** Hands one HTTP request to a session's transport and writes its answer back. */
async function exchange(
  entry: HttpSession,
  records: McpSessionRecordStoreV1 | undefined,
  request: Request,
  response: ServerResponse,
  body: unknown,
  auth: AuthInfo | undefined,
): Promise<void> {
  const answer = await entry.transport.handleRequest(request, {
    ...(body === undefined ? {} : { parsedBody: body }),
    ...(auth === undefined ? {} : { authInfo: auth }),
  });
  await sendWebResponse(answer, response);
  await onSharedState('saving the session state', () => saveSessionState(entry, records));
}

async function shutDown(
  http: NodeHttpServer,
  sessions: Map<string, HttpSession>,
  exchanges: OpenExchanges,
  graceMs: number,
): Promise<void> {
  const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
  http.closeIdleConnections();
  await Promise.all([...sessions.values()].map(({ session }) => session.close({ graceMs })));
  sessions.clear();
  // A closed session's last messages (the results of the calls it drained) may still be on
  // their way from its streams to the sockets: let them arrive before the sockets go.
  await exchanges.settled(EXCHANGE_FLUSH_MS);
  // Every session is closed, so what is left open is idle or a stream with nothing more to say.
  http.closeAllConnections();
  await stopped;
}

function listen(http: NodeHttpServer, options: ResolvedHttpOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error): void => {
      reject(
        new McpServerError(
          McpServerErrorCode.ListenFailed,
          `Cannot listen on ${options.host}:${options.port}: ${error.message}`,
          { cause: error },
        ),
      );
    };
    http.once('error', failed);
    http.listen(options.port, options.host, () => {
      http.off('error', failed);
      resolve();
    });
  });
}
