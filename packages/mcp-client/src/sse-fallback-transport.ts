import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { SdkHttpError } from '@modelcontextprotocol/client';

/**
 * True for the answer that makes a client try the legacy transport: a 4xx to the first POST
 * (a legacy server answers 404 or 405 there). 401 and 403 are left out: they come from a server
 * that wants credentials, whatever its transport, and their reason must reach the user.
 */
export function isStreamableHttpRefusal(error: unknown): boolean {
  return (
    error instanceof SdkHttpError &&
    typeof error.status === 'number' &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 403
  );
}

/** True for the 2025 handshake's opening request. */
function isInitialize(message: JSONRPCMessage): boolean {
  return 'method' in message && message.method === 'initialize';
}

/**
 * The backwards-compatible client the MCP specification describes for a URL of unknown
 * transport: the `initialize` request is POSTed as Streamable HTTP; if the server answers that
 * POST with a 4xx other than 401 and 403, the legacy HTTP+SSE transport is started on the same
 * URL (a GET that opens the event stream) and the message is sent again over it. Any other
 * failure, or a failure after the handshake, is the Streamable HTTP transport's own.
 *
 * The 2026-07-28 era probe (`server/discover`) comes before any `initialize`: it goes over
 * Streamable HTTP and its refusal is passed on unchanged, because a 4xx to the probe is how a
 * 2025 Streamable HTTP server says it predates the new era (the client then sends `initialize`,
 * which decides the transport). A probe that succeeds settles it: the server speaks Streamable HTTP.
 */
export class SseFallbackTransport implements Transport {
  #active: Transport;
  readonly #createSse: () => Transport;
  #decided = false;
  #usedSse = false;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: Transport['onmessage'];

  constructor(streamableHttp: Transport, createSse: () => Transport) {
    this.#active = streamableHttp;
    this.#createSse = createSse;
    this.#wire(streamableHttp);
  }

  /** `'streamable-http'` until a fallback happened, then `'sse'`. */
  get kind(): 'streamable-http' | 'sse' {
    return this.#usedSse ? 'sse' : 'streamable-http';
  }

  get sessionId(): string | undefined {
    return this.#active.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.#active.setProtocolVersion?.(version);
  }

  #wire(transport: Transport): void {
    transport.onclose = () => this.onclose?.();
    transport.onerror = (error) => this.onerror?.(error);
    transport.onmessage = (message, extra) => this.onmessage?.(message, extra);
  }

  start(): Promise<void> {
    return this.#active.start();
  }

  /** Whether aborting a request closes its own response stream (the 2026-07-28 cancellation). */
  get hasPerRequestStream(): boolean {
    return this.#active.hasPerRequestStream === true;
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.#active.setSupportedProtocolVersions?.(versions);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.#decided) return this.#active.send(message, options);
    if (!isInitialize(message)) {
      await this.#active.send(message, options);
      this.#decided = true;
      return;
    }
    try {
      await this.#active.send(message, options);
      this.#decided = true;
    } catch (error) {
      if (!isStreamableHttpRefusal(error)) throw error;
      this.#decided = true;
      this.#usedSse = true;
      const refused = this.#active;
      // Its close must not read as the connection's close: the connection goes on over SSE.
      refused.onclose = undefined;
      await refused.close().catch(() => undefined);
      const sse = this.#createSse();
      this.#wire(sse);
      this.#active = sse;
      try {
        await sse.start();
        await sse.send(message, options);
      } catch (sseError) {
        // Both reasons: the user cannot tell which transport the server was meant to speak.
        throw new Error(
          `Streamable HTTP was refused (HTTP ${(error as SdkHttpError).status}: ${(error as Error).message}), and the legacy HTTP+SSE transport failed too: ${sseError instanceof Error ? sseError.message : String(sseError)}`,
          { cause: sseError },
        );
      }
    }
  }

  close(): Promise<void> {
    return this.#active.close();
  }
}
