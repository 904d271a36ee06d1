import { AiSdkBridgeError, AiSdkBridgeErrorCode } from './ai-sdk-bridge-error.js';
import type { InputValidation, ToolInputSchema } from './tool-input-schema.js';
import { toolInputSchema } from './tool-input-schema.js';

/**
 * What AI SDK 7 may hand a bridged tool as its context (`toolsContext: { [toolName]: ... }` of
 * `generateText` / `streamText` / an `Agent`): fields for the toolwright execution context of
 * that call, over the executor's own `contextFields`. AI SDK 6 has no tool context; there the
 * schema is never read.
 */
export type ToolContextFields = Readonly<Record<string, unknown>>;

/**
 * The `contextSchema` of a bridged tool, as its type is published: a Standard Schema (written out,
 * like {@link ToolInputSchema}) whose output is `CONTEXT`, so AI SDK 7 types `toolsContext` from
 * it. With the default, a record of any fields, the SDK counts the context as untyped and its
 * types offer no `toolsContext`; name the fields with `toAiSdkTools<{ tenant: string }>(...)`.
 */
export interface ToolContextSchema<CONTEXT extends ToolContextFields = ToolContextFields> {
  readonly '~standard': ToolInputSchema['~standard'] & {
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: CONTEXT; readonly issues?: undefined }
      | { readonly issues: ReadonlyArray<{ readonly message: string }> };
    readonly types?: { readonly input: CONTEXT; readonly output: CONTEXT };
  };
}

/** The JSON Schema of a tool context: any object, or nothing. */
const CONTEXT_JSON_SCHEMA = { type: 'object', additionalProperties: true } as const;

/**
 * The `contextSchema` of every bridged tool: a plain object of fields, or no context at all. A
 * host's own tool would declare its fields; the bridge cannot know them (they are whatever the
 * host's tools read from `context`), so it checks the one thing it relies on — that the value
 * spreads into a context — and refuses anything else with what it accepts.
 */
export function toolContextSchema<CONTEXT extends ToolContextFields>(
  toolName: string,
): ToolContextSchema<CONTEXT> {
  // The check is the bridge's, not CONTEXT's: the fields are the host's to type.
  return toolInputSchema(
    () => CONTEXT_JSON_SCHEMA,
    (value): InputValidation => {
      if (value === undefined || isPlainObject(value)) return { success: true, value };
      return {
        success: false,
        error: new AiSdkBridgeError(
          AiSdkBridgeErrorCode.InvalidToolContext,
          `toolsContext.${toolName} is ${describe(value)}; a toolwright tool's context is an object of execution-context fields, or nothing.`,
        ),
      };
    },
  ) as ToolContextSchema<CONTEXT>;
}

/** The fields a call's AI SDK context adds to its execution context (none without one). */
export function contextFieldsOf(context: unknown): ToolContextFields | undefined {
  return isPlainObject(context) ? context : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object'
    ? `an instance of ${value.constructor?.name ?? 'a class'}`
    : `a ${typeof value}`;
}
