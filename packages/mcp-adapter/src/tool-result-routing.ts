import type { CallToolResult } from '@modelcontextprotocol/client';
import { type LlmContentPart, type ToolResult, ToolResults } from '@toolwright/contracts';
import { redactSecrets } from '@toolwright/mcp-client';
import type { ArtifactSinkV1 } from '@toolwright/spec';
import { type SchemaValidator, ToolValidationError } from '@toolwright/validation';
import { ContentRouter, type OutputRoutingOptions } from './content-routing.js';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import {
  markUntrusted,
  markUntrustedWith,
  type UntrustedMarkers,
  untrustedMarkersOf,
} from './untrusted-text.js';

/** Where a result came from and how to route it. */
export interface ToolResultRoutingContext {
  readonly server: string;
  readonly toolName: string;
  readonly sink: ArtifactSinkV1;
  readonly routing: OutputRoutingOptions;
  /** The validator of the tool's `outputSchema`, when it declares one (compiled on first use). */
  readonly outputValidator: (() => SchemaValidator) | undefined;
  /** The server's untrusted-text markers, when the context is built once per tool (saves a lookup per call). */
  readonly markers?: UntrustedMarkers;
}

function firstText(result: CallToolResult): string {
  for (const block of result.content) {
    if (block.type === 'text') return block.text.length > 500 ? `${block.text.slice(0, 500)}…` : block.text;
  }
  return '(no text)';
}

/**
 * The common case on the hot path — a successful result of small text parts only — without
 * the general router: the same parts, markers and metadata, fewer allocations. `undefined`
 * when the result needs the general path (any other part type, or text that may spill).
 */
function plainTextResult(result: CallToolResult, context: ToolResultRoutingContext): ToolResult | undefined {
  const content = result.content;
  const threshold = context.routing.spillThresholdBytes;
  // Checked before anything is allocated: most results are one small text part.
  for (const block of content) {
    if (block.type !== 'text' || block.text.length * 3 > threshold) return undefined;
  }
  if (content.length === 0) return undefined;
  const markers = context.markers ?? untrustedMarkersOf(context.server);
  const parts: LlmContentPart[] = [];
  for (const block of content as ReadonlyArray<{ text: string }>) {
    parts.push({ type: 'text', text: markUntrustedWith(markers, block.text) });
  }
  return Object.freeze({
    llmContent: parts,
    artifacts: [],
    metadata: { server: context.server, toolName: context.toolName, isError: false },
  });
}

/** The error naming where `structured` breaks the tool's outputSchema; undefined when it matches. */
function outputMismatch(
  structured: unknown,
  context: ToolResultRoutingContext,
  subject: string,
): McpAdapterError | undefined {
  try {
    // Output may carry members the schema does not name (JSON Schema allows them unless it
    // says otherwise), and may be larger than a model's arguments ever are.
    context.outputValidator!().parse(structured, {
      coerce: 'none',
      unknownArguments: 'strip',
      limits: { maxBytes: 64 * 1024 * 1024, maxDepth: 128 },
    });
    return undefined;
  } catch (error) {
    const detail = ToolValidationError.isInstance(error) ? error.message : String(error);
    return new McpAdapterError(
      McpAdapterErrorCode.OutputSchemaMismatch,
      `${subject} returned structuredContent that does not match its outputSchema:\n${detail}`,
      { server: context.server, cause: error },
    );
  }
}

/**
 * Turns a `tools/call` result into a `ToolResult`: every content part kept (see
 * {@link ContentRouter}), `structuredContent` checked against the tool's `outputSchema` unless
 * the server flagged the result `isError` (an error result is reported as such, not validated).
 * A result without the `structuredContent` its schema promises succeeds with its content and a
 * note saying so (`metadata.structuredContentMissing`); one that does not match the schema is an
 * `execution` error naming where (`output_schema_mismatch`) that still carries the content,
 * and `isError` mapped to an `execution` error whose message quotes the server (marked untrusted).
 */
export function routeToolResult(
  result: CallToolResult,
  context: ToolResultRoutingContext,
): ToolResult | Promise<ToolResult> {
  // Plain text needs no store and no await: answered synchronously (a tool call's hot path).
  if (
    result.isError !== true &&
    result.structuredContent === undefined &&
    context.outputValidator === undefined
  ) {
    const fast = plainTextResult(result, context);
    if (fast !== undefined) return fast;
  }
  return routeGeneral(result, context);
}

async function routeGeneral(result: CallToolResult, context: ToolResultRoutingContext): Promise<ToolResult> {
  const structured = result.structuredContent;
  const isError = result.isError === true;
  const router = new ContentRouter(context.server, context.sink, context.routing);
  for (const block of result.content) await router.addBlock(block);
  const metadata: Record<string, unknown> = {
    server: context.server,
    toolName: context.toolName,
    isError,
    ...(structured === undefined ? {} : { structuredContent: structured }),
    // Parts the artifact store refused (each described in the content): a host can tell.
    ...(router.unstored.length === 0 ? {} : { unstoredParts: router.unstored }),
  };
  const subject = `MCP server "${context.server}" tool "${context.toolName}"`;

  if (structured !== undefined && result.content.length === 0) {
    router.parts.push({
      type: 'text',
      text: markUntrusted(context.server, JSON.stringify(structured), 'structuredContent'),
    });
  }
  if (!isError && context.outputValidator !== undefined) {
    if (structured === undefined) {
      // The content is often all the model needs; it is passed on, saying what is missing, so
      // that neither the model nor the host takes it for checked structured output.
      const note = `${subject} declares an outputSchema but this result carries no structuredContent; the content is passed on unchecked against the schema.`;
      return ToolResults.success([...router.parts, { type: 'text', text: note }], {
        artifacts: router.artifacts,
        metadata: { ...metadata, structuredContentMissing: true },
      });
    }
    const mismatch = outputMismatch(structured, context, subject);
    if (mismatch !== undefined) {
      // An error, since the data breaks the tool's own contract; the content stays visible so
      // that the model can still read what the server said.
      return {
        llmContent: [{ type: 'text', text: `${mismatch.message} (code: ${mismatch.code})` }, ...router.parts],
        error: { type: 'execution', message: `${mismatch.message} (code: ${mismatch.code})` },
        artifacts: router.artifacts,
        metadata: { ...metadata, outputSchemaMismatch: true },
      };
    }
  }
  if (isError) {
    // A server's error text is where a credential it was sent gets echoed back (an upstream's
    // "invalid token xyz"): it reaches the model, the host's logs and the terminal, so every
    // credential this process holds is redacted from it, as from the adapter's own errors.
    const message = redactSecrets(
      `${subject} reported an error: ${markUntrusted(context.server, firstText(result))}`,
    );
    return {
      llmContent: router.parts.map((part) =>
        part.type === 'text' ? { ...part, text: redactSecrets(part.text) } : part,
      ),
      error: { type: 'execution', message },
      artifacts: router.artifacts,
      metadata,
    };
  }
  return ToolResults.success(router.parts, { artifacts: router.artifacts, metadata });
}
