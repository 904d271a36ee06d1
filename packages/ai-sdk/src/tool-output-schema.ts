import {
  describeOutputIssues,
  type JsonSchema,
  structuredOutputIssues,
  type Tool,
} from '@toolwright/contracts';
import { type InputValidation, type ToolInputSchema, toolInputSchema } from './tool-input-schema.js';

/**
 * The AI SDK `outputSchema` of a bridged tool: the schema of what its `execute` resolves to, a
 * {@link ToolwrightToolOutput}, whose `structuredContent` is the tool's own output schema. The
 * SDK checks stored tool outputs against it (`validateUIMessages`); the check is the one the
 * result got when the call ran. Published with the same two faces as {@link ToolInputSchema}.
 */
export type ToolOutputSchema = ToolInputSchema;

// Keywords a root schema keeps for its references: they stay at the root of the wrapper, where
// `#/$defs/...` still finds them.
const ROOT_ONLY = new Set(['$schema', '$id', '$defs', 'definitions']);

/** The output schema of `tool` for the AI SDK, or `undefined` when it declares none. */
export function toolOutputSchema(tool: Tool): ToolOutputSchema | undefined {
  const validator = tool.outputValidator;
  const declared = tool.getMetadata().outputSchema;
  if (validator === undefined || declared === undefined) return undefined;
  let wrapper: JsonSchema | undefined;
  const schema = (): JsonSchema => {
    wrapper ??= wrapOutputSchema(declared);
    return wrapper;
  };
  const validate = (value: unknown): InputValidation => {
    const output = (typeof value === 'object' && value !== null ? value : {}) as {
      error?: unknown;
      structuredContent?: unknown;
    };
    // A failure reports why there is no output; only a success must carry one.
    if (output.error !== undefined) return { success: true, value };
    if (output.structuredContent === undefined) {
      return fail(`the output of "${tool.name}" has no structuredContent, which its outputSchema requires`);
    }
    const issues = structuredOutputIssues(validator, output.structuredContent);
    if (issues.length === 0) return { success: true, value };
    return fail(
      `the structuredContent of "${tool.name}" does not match its outputSchema:\n${describeOutputIssues(issues)}`,
    );
  };
  return toolInputSchema(schema, validate);
}

function fail(message: string): InputValidation {
  return { success: false, error: new Error(message) };
}

/** The JSON Schema of a {@link ToolwrightToolOutput} whose `structuredContent` is `declared`. */
function wrapOutputSchema(declared: JsonSchema): JsonSchema {
  const root: Record<string, unknown> = {};
  const structured: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(declared)) {
    if (ROOT_ONLY.has(key)) root[key] = value;
    else structured[key] = value;
  }
  return {
    ...root,
    type: 'object',
    properties: {
      status: { type: 'string' },
      text: { type: 'string' },
      images: { type: 'array' },
      artifacts: { type: 'array' },
      spilled: { type: 'boolean' },
      error: { type: 'object' },
      structuredContent: structured,
    },
    required: ['status', 'text', 'images', 'artifacts', 'spilled'],
  } as JsonSchema;
}
