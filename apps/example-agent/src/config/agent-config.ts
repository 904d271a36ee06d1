import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Static, Type } from '@sinclair/typebox';
import { parseToolSchema, ToolValidationError } from '@toolwright/validation';
import { AgentError, AgentErrorCode } from '../errors.js';
import { PROVIDER_IDS } from '../providers/model-provider.js';
import { MAX_TURNS_RANGE } from './max-turns-range.js';
import { describeUnknownConfigKeys } from './unknown-config-keys.js';

/** The file name the agent looks for in the workspace. */
export const CONFIG_FILE_NAME = 'toolwright.config.json';

/** The schema of `toolwright.config.json`; every key is optional. */
export const AgentConfigSchema = Type.Object({
  $schema: Type.Optional(Type.String()),
  provider: Type.Optional(
    Type.Union(
      PROVIDER_IDS.map((id) => Type.Literal(id)),
      { description: `one of ${PROVIDER_IDS.join(', ')}` },
    ),
  ),
  model: Type.Optional(Type.String({ minLength: 1 })),
  /** An OpenAI-compatible (or proxy) endpoint. */
  baseUrl: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 2048 })),
  /** Start in Plan mode. */
  planMode: Type.Optional(Type.Boolean()),
  permissions: Type.Optional(
    Type.Object({
      allow: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
      ask: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
      deny: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
    }),
  ),
  maxTurns: Type.Optional(Type.Integer({ minimum: MAX_TURNS_RANGE.min, maximum: MAX_TURNS_RANGE.max })),
  toolTimeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
  /** Per-tool timeouts by tool name, overriding `toolTimeoutMs` (e.g. a slow MCP tool). */
  toolTimeoutsMs: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 1 }))),
  spillThresholdBytes: Type.Optional(Type.Integer({ minimum: 256 })),
  /**
   * With Anthropic, let Claude search the deferred MCP tools itself (`"regex"` or `"bm25"`):
   * they are sent with deferred loading beside Anthropic's tool search tool, instead of ToolSearch.
   */
  anthropicToolSearch: Type.Optional(
    Type.Union([Type.Literal('regex'), Type.Literal('bm25')], { description: 'one of regex, bm25' }),
  ),
  /**
   * With OpenAI's Responses API, let OpenAI search the deferred MCP tools itself (`"hosted"`):
   * they are sent in namespaces with deferred loading beside its `tool_search`, instead of ToolSearch.
   */
  openaiToolSearch: Type.Optional(Type.Literal('hosted', { description: 'hosted' })),
  /** Path of the MCP servers file, relative to the workspace (default `.mcp.json`). */
  mcpConfig: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * Where state shared by a fleet of agents lives: `redis://…` or `rediss://…` (pending
   * approvals, which any worker can then answer; session artifacts; MCP OAuth tokens). Default:
   * the local state directory.
   */
  store: Type.Optional(
    Type.String({ pattern: '^rediss?://', maxLength: 2048, description: 'a redis:// or rediss:// URL' }),
  ),
});

/** The parsed `toolwright.config.json`. */
export type AgentConfig = Static<typeof AgentConfigSchema>;

/**
 * Validates a config object. The error names the file, each offending key (as a JSON pointer)
 * and what is accepted, e.g. `toolwright.config.json: /provider must be one of anthropic, ...`.
 * Unknown keys are reported one line per object by `findOptionsProblem` (the nearest known
 * name and the accepted ones), values by the schema.
 */
export function parseAgentConfig(value: unknown, source: string): AgentConfig {
  const unknownKeys = describeUnknownConfigKeys(AgentConfigSchema, value).map((line) => `  ${line}`);
  try {
    const config = parseToolSchema(AgentConfigSchema, value, { toolName: source, coerce: 'none' }).value;
    if (unknownKeys.length === 0) return config;
    throw new AgentError(
      AgentErrorCode.ConfigInvalid,
      `Invalid config in ${source}:\n${unknownKeys.join('\n')}`,
    );
  } catch (error) {
    if (!ToolValidationError.isInstance(error)) throw error;
    // Each issue message already says what was expected and what was found; unknown keys
    // were worded above, once per object rather than once per key.
    const valueIssues = error.issues
      .filter((issue) => issue.keyword !== 'additionalProperties')
      .map((issue) => `  key ${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`);
    throw new AgentError(
      AgentErrorCode.ConfigInvalid,
      `Invalid config in ${source}:\n${[...unknownKeys, ...valueIssues].join('\n')}`,
      { cause: error },
    );
  }
}

/**
 * Reads `toolwright.config.json` (or `fileName`, relative to `directory` or absolute); an absent
 * file is an empty config. The CLI checks beforehand that a file named by `--config` exists.
 */
export function loadAgentConfig(directory: string, fileName = CONFIG_FILE_NAME): AgentConfig {
  const path = resolve(directory, fileName);
  if (!existsSync(path)) return {};
  return parseAgentConfig(readJsonFile(path), path);
}

/** Reads and JSON-parses a config file; errors name the file and the JSON problem. */
export function readJsonFile(path: string): unknown {
  return parseJsonText(readFileSync(path, 'utf8'), path);
}

/** JSON-parses the text of the config file `path`; errors name the file and the JSON problem. */
export function parseJsonText(text: string, path: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new AgentError(
      AgentErrorCode.ConfigInvalid,
      `Invalid config in ${path}: not valid JSON (${(error as Error).message}); expected a JSON object.`,
      { cause: error },
    );
  }
}
