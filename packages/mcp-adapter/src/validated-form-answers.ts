import type { McpFormAnswerCheck } from '@toolwright/mcp-client';
import { compileJsonSchema, ToolValidationError } from '@toolwright/validation';

/**
 * The adapter's check of an accepted form elicitation: the requested schema compiled as a tool's
 * input schema is (a schema the validation package refuses is the server's error), the answer
 * given the schema's defaults for the fields it left out and validated against it, with the
 * lossless repairs a tool's arguments get (`"42"` for an integer, as typed on a terminal).
 */
export const validatedFormAnswers: McpFormAnswerCheck = (requestedSchema, subject) => {
  const validator = compileJsonSchema(requestedSchema, undefined, {
    name: `requestedSchema of the ${subject}`,
  });
  return (content) => {
    try {
      const parsed = validator.parse(content, { toolName: `the answer to the ${subject}` });
      return { ok: true, content: parsed.value as Record<string, unknown> };
    } catch (error) {
      if (!ToolValidationError.isInstance(error)) throw error;
      return { ok: false, problem: error.message };
    }
  };
};
