import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { checkOption, checkOptions, type OptionTable } from '@toolwright/utils';
import { describeUrl, HTTPS_RULE, insecureSchemeProblem } from '../auth/address-class.js';
import { McpClientError, McpClientErrorCode } from '../errors.js';
import type { HostAnswers } from '../host-answers.js';
import { invalidOption } from '../invalid-option.js';
import type { McpClientCapabilities, McpRequestContext, McpRoot } from './client-capability-types.js';
import { type McpFormAnswerCheck, restrictedFormAnswerCheck } from './form-answer-check.js';
import { answerFormElicitation, checkAnswer } from './form-elicitation.js';
import { checkRoots } from './roots.js';

const CAPABILITY_NAMES: OptionTable<McpClientCapabilities> = {
  roots: { kind: 'custom' },
  elicitation: { kind: 'custom' },
  urlElicitation: { kind: 'custom' },
  sampling: { kind: 'custom' },
};

/**
 * The client capabilities of one adapter: what every fresh SDK client declares in its
 * handshake and the request handlers it gets, built from the host's handlers. Shared by all
 * connections, so a reconnect declares exactly what the first connect did, and a change of
 * roots is seen by every server.
 */
export class ClientCapabilitySet {
  readonly #handlers: McpClientCapabilities;
  readonly #formAnswerCheck: McpFormAnswerCheck;
  #roots: readonly McpRoot[] | undefined;

  /**
   * Checks the handlers by name and type (`owner` names the option in errors). An accepted
   * form answer is checked by `formAnswerCheck` (default: {@link restrictedFormAnswerCheck}).
   */
  constructor(
    owner: string,
    handlers: McpClientCapabilities | undefined,
    formAnswerCheck: McpFormAnswerCheck = restrictedFormAnswerCheck,
  ) {
    checkOptions(owner, handlers, CAPABILITY_NAMES, invalidOption);
    this.#formAnswerCheck = formAnswerCheck;
    this.#handlers = { ...handlers };
    for (const name of ['elicitation', 'urlElicitation', 'sampling'] as const)
      checkOption(owner, name, this.#handlers[name], { kind: 'function' }, invalidOption);
    if (this.#handlers.roots !== undefined) this.#roots = checkRoots(`${owner}.roots`, this.#handlers.roots);
  }

  /** What the handshake declares: only the capabilities a handler was given for. */
  declared(): ClientCapabilities {
    const { elicitation, urlElicitation, sampling } = this.#handlers;
    const capabilities: ClientCapabilities = {};
    if (this.#roots !== undefined) capabilities.roots = { listChanged: true };
    if (elicitation !== undefined || urlElicitation !== undefined) {
      capabilities.elicitation = {
        ...(elicitation === undefined ? {} : { form: {} }),
        ...(urlElicitation === undefined ? {} : { url: {} }),
      };
    }
    if (sampling !== undefined) capabilities.sampling = {};
    return capabilities;
  }

  /** The roots in force (`undefined` when the roots capability is not offered). */
  get roots(): readonly McpRoot[] | undefined {
    return this.#roots;
  }

  /**
   * Replaces the roots; the caller then tells connected servers (`notifications/roots/list_changed`).
   *
   * @throws McpClientError `invalid_option` for a malformed root, or when the roots capability
   * was not offered (it cannot be added to live connections).
   */
  setRoots(roots: readonly McpRoot[]): void {
    if (this.#roots === undefined) {
      throw new McpClientError(
        McpClientErrorCode.InvalidOption,
        'setRoots: the roots capability was not offered; give clientCapabilities.roots (an empty list will do) when creating the adapter',
      );
    }
    this.#roots = checkRoots('setRoots(roots)', roots);
  }

  /**
   * Installs the request handlers on a fresh SDK client, before its handshake. Elicitation and
   * sampling wait for the user, so they run through `answers`: the connection's request timeouts
   * do not run meanwhile.
   */
  install(client: Client, server: string, answers: HostAnswers): void {
    const { elicitation, urlElicitation, sampling } = this.#handlers;
    const context = (signal: AbortSignal): McpRequestContext => ({ server, signal });
    if (this.#roots !== undefined) {
      client.setRequestHandler('roots/list', () => ({
        roots: (this.#roots ?? []).map((root) => ({ ...root })),
      }));
    }
    if (elicitation !== undefined || urlElicitation !== undefined) {
      client.setRequestHandler('elicitation/create', (request, ctx) =>
        answers.answer(async () => {
          const params = request.params;
          if (params.mode === 'url') {
            refuseUnsafeElicitationUrl(params.url, server);
            // The SDK refuses URL mode unless it was declared, so the handler is there.
            const answer = await urlElicitation!(
              { mode: 'url', message: params.message, url: params.url, elicitationId: params.elicitationId },
              context(ctx.mcpReq.signal),
            );
            return { action: checkAnswer(answer, `URL elicitation from MCP server "${server}"`) };
          }
          if (elicitation === undefined)
            throw new ProtocolError(
              ProtocolErrorCode.InvalidParams,
              'this client answers URL-mode elicitation only',
            );
          return answerFormElicitation(
            elicitation,
            params,
            context(ctx.mcpReq.signal),
            this.#formAnswerCheck,
          );
        }),
      );
    }
    if (sampling !== undefined) {
      client.setRequestHandler('sampling/createMessage', (request, ctx) =>
        answers.answer(() => sampling(request.params, context(ctx.mcpReq.signal))),
      );
    }
  }
}

/**
 * A URL-mode elicitation asks the user to open a server's URL in a browser, with the same rule
 * as an OAuth authorization URL: `https:`, or `http:` on loopback. A `javascript:`, `file:` or
 * `data:` URL, or a cleartext page elsewhere, is refused before the host is asked, so no host
 * can show or open it by accident.
 */
function refuseUnsafeElicitationUrl(url: string, server: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `URL elicitation from MCP server "${server}" refused: ${JSON.stringify(url.slice(0, 200))} is not a URL; ${HTTPS_RULE}`,
    );
  }
  const problem = insecureSchemeProblem(parsed);
  if (problem !== undefined) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `URL elicitation from MCP server "${server}" refused: ${describeUrl(parsed)} cannot be offered to the user (${problem}); ${HTTPS_RULE}`,
    );
  }
}
