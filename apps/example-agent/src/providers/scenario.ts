import { readFileSync } from 'node:fs';
import { type Static, Type } from '@sinclair/typebox';
import { parseToolSchema, ToolValidationError } from '@toolwright/validation';
import { AgentError, AgentErrorCode } from '../errors.js';

const ScenarioToolCall = Type.Object({
  name: Type.String({ minLength: 1 }),
  arguments: Type.Unknown(),
});

const ResultExpectation = Type.Object({
  /** Index of the call in the previous turn's batch. */
  call: Type.Integer({ minimum: 0 }),
  isError: Type.Optional(Type.Boolean()),
  includes: Type.Optional(Type.String()),
});

const Capture = Type.Object({
  /** Index of the call in the previous turn's batch. */
  call: Type.Integer({ minimum: 0 }),
  /** The placeholder it fills: `{{name}}`. */
  name: Type.String({ pattern: '^\\w+$' }),
  /** A regular expression over the call's result; its first group is the value. */
  pattern: Type.String({ minLength: 1 }),
});

const ScenarioTurn = Type.Object({
  /** A caption for the transcript: what this turn shows a newcomer. */
  step: Type.Optional(Type.String()),
  text: Type.String(),
  toolCalls: Type.Optional(Type.Array(ScenarioToolCall)),
  /**
   * The pause before each streamed chunk of this turn, in milliseconds, instead of the
   * provider's `chunkDelayMs`: e.g. a slower turn that lets a pre-started tool finish before
   * the message does.
   */
  streamDelayMs: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Checks on the previous turn's tool results: the model reacts to what really happened. */
  expectResults: Type.Optional(Type.Array(ResultExpectation)),
  /**
   * Values read from the previous turn's tool results (an artifact id a marker named), as
   * placeholders for this turn's arguments and every later turn's.
   */
  capture: Type.Optional(Type.Array(Capture)),
  /** Tool names that must be declared in this request (e.g. a schema ToolSearch just loaded). */
  expectTools: Type.Optional(Type.Array(Type.String())),
  /** Tool names that must NOT be declared in this request (e.g. still deferred, or Plan mode). */
  expectNoTools: Type.Optional(Type.Array(Type.String())),
});

/** The JSON shape of a scripted-model scenario file. */
export const ScenarioSchema = Type.Object({
  name: Type.String(),
  description: Type.Optional(Type.String()),
  turns: Type.Array(ScenarioTurn, { minItems: 1 }),
});

/** A deterministic script for {@link ScriptedProvider}: one entry per assistant turn. */
export type Scenario = Static<typeof ScenarioSchema>;
/** One assistant turn of a {@link Scenario}. */
export type ScenarioTurn = Static<typeof ScenarioTurn>;

/**
 * Validates a parsed scenario; errors name the source and every offending key, so a hand-edited
 * scenario file is easy to fix.
 */
export function parseScenario(value: unknown, source: string): Scenario {
  try {
    return parseToolSchema(ScenarioSchema, value, { coerce: 'none', toolName: source }).value;
  } catch (error) {
    if (ToolValidationError.isInstance(error)) {
      const lines = error.issues.map(
        (issue) =>
          `  ${issue.path || '/'}: ${issue.message} (expected ${issue.expected}, got ${issue.received})`,
      );
      throw new AgentError(
        AgentErrorCode.ScenarioInvalid,
        `Scenario ${source} is invalid:\n${lines.join('\n')}`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}

/** Reads and validates a scenario file. */
export function loadScenarioFile(path: string): Scenario {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new AgentError(
      AgentErrorCode.ScenarioInvalid,
      `Cannot read scenario file ${path}: ${String(error)}`,
      {
        cause: error,
      },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AgentError(
      AgentErrorCode.ScenarioInvalid,
      `Scenario file ${path} is not valid JSON (${(error as Error).message}); expected an object { name, turns: [...] }.`,
      { cause: error },
    );
  }
  return parseScenario(value, path);
}
