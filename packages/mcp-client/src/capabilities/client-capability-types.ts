import type { CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/client';

/** A workspace root the host shares with servers: a `file://` URI and an optional display name. */
export interface McpRoot {
  readonly uri: string;
  readonly name?: string;
}

/** What every handler learns besides the request: which server asked, and when to give up. */
export interface McpRequestContext {
  /** The configured name of the server that sent the request. */
  readonly server: string;
  /** Aborted when the server cancels the request or the connection closes. */
  readonly signal: AbortSignal;
}

/** A form-mode `elicitation/create`: a message and the flat object schema the answer must match. */
export interface McpFormElicitation {
  readonly mode: 'form';
  readonly message: string;
  /** An object schema of primitive properties (string, number, integer, boolean, enums), as the server sent it. */
  readonly requestedSchema: Readonly<Record<string, unknown>>;
}

/** A URL-mode `elicitation/create`: the user is to open `url` (out of band, never in the model's context). */
export interface McpUrlElicitation {
  readonly mode: 'url';
  readonly message: string;
  readonly url: string;
  readonly elicitationId: string;
}

/**
 * The user's answer. `accept` carries the form's content (fields left out get the schema's
 * defaults; the whole is validated against the requested schema before it is sent); `decline`
 * is an explicit no; `cancel` means the user dismissed the question without choosing.
 */
export type McpElicitationAnswer =
  | { readonly action: 'accept'; readonly content?: Readonly<Record<string, unknown>> }
  | { readonly action: 'decline' }
  | { readonly action: 'cancel' };

/** The user's answer to a URL elicitation: whether they agreed to open it (no content). */
export type McpUrlElicitationAnswer = { readonly action: 'accept' | 'decline' | 'cancel' };

/** Asks the user a form-mode question. */
export type McpFormElicitationHandler = (
  request: McpFormElicitation,
  context: McpRequestContext,
) => McpElicitationAnswer | Promise<McpElicitationAnswer>;

/** Asks the user to open a URL. */
export type McpUrlElicitationHandler = (
  request: McpUrlElicitation,
  context: McpRequestContext,
) => McpUrlElicitationAnswer | Promise<McpUrlElicitationAnswer>;

/** Answers a server's `sampling/createMessage` (typically: ask the user, then call the host's model). */
export type McpSamplingHandler = (
  request: CreateMessageRequestParams,
  context: McpRequestContext,
) => CreateMessageResult | Promise<CreateMessageResult>;

/**
 * The client capabilities a host offers servers. Each one is declared in the handshake only
 * when its handler (or, for roots, the list) is given, and declared again on every reconnect.
 */
export interface McpClientCapabilities {
  /** The workspace roots servers may ask for (`roots/list`); change them with `setRoots`. */
  readonly roots?: readonly McpRoot[];
  /** Form-mode elicitation. */
  readonly elicitation?: McpFormElicitationHandler;
  /** URL-mode elicitation (declared as `elicitation.url`). */
  readonly urlElicitation?: McpUrlElicitationHandler;
  /** `sampling/createMessage`. */
  readonly sampling?: McpSamplingHandler;
}
