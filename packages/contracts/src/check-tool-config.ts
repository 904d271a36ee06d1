import {
  ACCEPTED_SCHEMA_KINDS,
  isSchemaValidator,
  PORTABLE_TOOL_NAME,
  type SchemaValidator,
  schemaKindOf,
} from '@toolwright/validation';
import { checkDescription } from './check-tool-description.js';
import { formatValue } from './format-value.js';
import { objectRootProblem } from './object-root.js';
import { isToolKind, PARALLELISM_VALUES, TOOL_KINDS } from './tool-kind.js';
import { pushOptionProblem } from './unknown-keys.js';

// Every key `ToolConfig` has. Anything else is most likely a typo of one of these, and a typo
// of a fail-closed flag (`isRetrysafe: true`) must not pass silently.
const CONFIG_KEYS = [
  'name',
  'displayName',
  'kind',
  'schema',
  'outputSchema',
  'description',
  'isConcurrencySafe',
  'parallelism',
  'isRetrySafe',
  'strict',
  'version',
  'category',
  'tags',
  'source',
  'shouldDefer',
  'validation',
  'extractSignatureContent',
  'affectedPaths',
  'abstractPermissionRule',
  'describeInvocation',
  'execute',
] as const;

/** TypeBox 0.32–0.34's kind marker (registered, so no TypeBox import is needed to read it). */
const Kind = Symbol.for('TypeBox.Kind');

/** The deepest argument nesting a tool may allow. */
const MAX_ARGUMENT_DEPTH = 1024;
const VALIDATION_KEYS = ['coerce', 'unknownArguments', 'locale', 'limits'];
const LIMIT_KEYS = ['maxBytes', 'maxDepth'];
const SOURCE_KEYS = { builtin: ['type'], mcp: ['type', 'server', 'toolName', 'fingerprint'] };
const OPTIONAL_BOOLEANS = ['isConcurrencySafe', 'isRetrySafe', 'strict', 'shouldDefer'] as const;
const OPTIONAL_STRINGS = ['displayName', 'version', 'category'] as const;
const OPTIONAL_CALLBACKS = [
  'extractSignatureContent',
  'affectedPaths',
  'abstractPermissionRule',
  'describeInvocation',
] as const;

const quoted = (values: readonly string[]): string => values.map((value) => `"${value}"`).join(', ');

/**
 * Checks a `createTool` config and returns every problem found, one line each naming the field,
 * the offending value and what would be accepted. An empty list means the config is usable.
 */
export function checkToolConfig(config: unknown): string[] {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    return [
      `the config is ${formatValue(config)}; expected an object with name, kind, schema, description and execute`,
    ];
  }
  const fields = config as Record<string, unknown>;
  const problems: string[] = [];

  pushOptionProblem(problems, 'config', fields, CONFIG_KEYS);

  if (typeof fields.name !== 'string' || !PORTABLE_TOOL_NAME.test(fields.name)) {
    problems.push(
      `name ${formatValue(fields.name)} is not a portable tool name; expected ${PORTABLE_TOOL_NAME.source} ` +
        '(a letter or "_", then up to 63 letters, digits, "_" or "-")',
    );
  }
  if (!isToolKind(fields.kind)) {
    problems.push(
      `kind ${formatValue(fields.kind)} is not a tool kind; expected one of ${quoted(TOOL_KINDS)} (ToolKind.ReadOnly, ToolKind.Write, ToolKind.Execute)`,
    );
  }
  problems.push(...checkSchema(fields.schema, PARAMS_SCHEMA));
  if (fields.outputSchema !== undefined) {
    problems.push(...checkSchema(fields.outputSchema, OUTPUT_SCHEMA));
  }
  problems.push(...checkDescription(fields.description));

  for (const key of OPTIONAL_BOOLEANS) {
    if (fields[key] !== undefined && typeof fields[key] !== 'boolean') {
      problems.push(`${key} is ${formatValue(fields[key])}; expected true or false (or leave it out)`);
    }
  }
  for (const key of OPTIONAL_STRINGS) {
    const value = fields[key];
    if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) {
      problems.push(`${key} is ${formatValue(value)}; expected a non-empty string (or leave it out)`);
    }
  }
  if (fields.parallelism !== undefined && !PARALLELISM_VALUES.includes(fields.parallelism as never)) {
    problems.push(
      `parallelism is ${formatValue(fields.parallelism)}; expected ${quoted(PARALLELISM_VALUES)}`,
    );
  }
  if (
    fields.tags !== undefined &&
    (!Array.isArray(fields.tags) || fields.tags.some((tag) => typeof tag !== 'string' || tag.trim() === ''))
  ) {
    problems.push(`tags is ${formatValue(fields.tags)}; expected an array of non-empty strings`);
  }
  problems.push(...checkSource(fields.source));
  problems.push(...checkValidationOptions(fields.validation));

  for (const key of OPTIONAL_CALLBACKS) {
    if (fields[key] !== undefined && typeof fields[key] !== 'function') {
      problems.push(
        `${key} is ${formatValue(fields[key])}; expected a function of the params (or leave it out)`,
      );
    }
  }
  if (typeof fields.execute !== 'function') {
    problems.push(
      `execute is ${formatValue(fields.execute)}; expected an async function (params, context) => ToolResult`,
    );
  }
  return problems;
}

/** Which schema of the config is checked, and what its root must describe. */
export interface SchemaRole {
  /** The config key: `schema` or `outputSchema`. */
  readonly key: string;
  /** What the schema describes, for messages: "a tool's parameters". */
  readonly subject: string;
}

export const PARAMS_SCHEMA: SchemaRole = { key: 'schema', subject: "a tool's parameters" };
// An object root, as for params: MCP's outputSchema and structuredContent are JSON objects.
export const OUTPUT_SCHEMA: SchemaRole = { key: 'outputSchema', subject: "a tool's structured output" };

function checkSchema(schema: unknown, role: SchemaRole): string[] {
  const { key, subject } = role;
  if (isSchemaValidator(schema)) {
    const problem = objectRootProblem(schema, role);
    return problem === undefined ? [] : [problem];
  }
  if (typeof schema === 'object' && schema !== null && Kind in schema) {
    const root = schema as { type?: unknown; [Kind]: unknown };
    return root.type === 'object'
      ? []
      : [
          `${key} is a TypeBox ${formatValue(root[Kind])}; ${subject} must be an object schema (Type.Object(...))`,
        ];
  }
  // Standard Schema, TypeBox 1 and plain JSON Schema: the root is checked on the compiled projection.
  if (schemaKindOf(schema) !== undefined) return [];
  return [`${key} is ${formatValue(schema)}; expected ${ACCEPTED_SCHEMA_KINDS}`];
}

function checkSource(source: unknown): string[] {
  if (source === undefined) {
    return [];
  }
  const fields = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  if (fields.type === 'builtin' || fields.type === 'mcp') {
    // A source is copied onto the tool as given: an extra key would travel to every host unseen.
    const problems: string[] = [];
    pushOptionProblem(problems, 'config.source', fields, SOURCE_KEYS[fields.type]);
    if (fields.type === 'builtin') {
      return problems;
    }
    return problems.concat(
      ['server', 'toolName', 'fingerprint']
        .filter((key) => typeof fields[key] !== 'string' || (fields[key] as string) === '')
        .map(
          (key) =>
            `source.${key} is ${formatValue(fields[key])}; an MCP source needs a non-empty string ${key}`,
        ),
    );
  }
  return [
    `source is ${formatValue(source)}; expected { type: "builtin" } or { type: "mcp", server, toolName, fingerprint }`,
  ];
}

function checkValidationOptions(validation: unknown): string[] {
  if (validation === undefined) {
    return [];
  }
  if (typeof validation !== 'object' || validation === null || Array.isArray(validation)) {
    return [
      `validation is ${formatValue(validation)}; expected { coerce?, unknownArguments?, locale?, limits? }`,
    ];
  }
  const options = validation as Record<string, unknown>;
  const problems: string[] = [];
  pushOptionProblem(problems, 'config.validation', options, VALIDATION_KEYS);
  const choices: Array<[string, readonly string[]]> = [
    ['coerce', ['safe', 'none']],
    ['unknownArguments', ['reject', 'strip']],
    ['locale', ['en', 'zh-CN']],
  ];
  for (const [key, accepted] of choices) {
    if (options[key] !== undefined && !accepted.includes(options[key] as string)) {
      problems.push(`validation.${key} is ${formatValue(options[key])}; expected ${quoted(accepted)}`);
    }
  }
  if (options.limits !== undefined) {
    const limits = (
      typeof options.limits === 'object' && options.limits !== null ? options.limits : null
    ) as Record<string, unknown> | null;
    if (limits === null) {
      problems.push(`validation.limits is ${formatValue(options.limits)}; expected { maxBytes?, maxDepth? }`);
    } else {
      pushOptionProblem(problems, 'config.validation.limits', limits, LIMIT_KEYS);
      for (const key of LIMIT_KEYS) {
        const limit = limits[key];
        if (limit !== undefined && !(Number.isInteger(limit) && (limit as number) > 0)) {
          problems.push(`validation.limits.${key} is ${formatValue(limit)}; expected a positive integer`);
        }
      }
      // Params are copied and frozen recursively after validation; deeper arguments would
      // come close to the stack limits of recursive consumers (structuredClone fails near 2,000).
      if (typeof limits.maxDepth === 'number' && limits.maxDepth > MAX_ARGUMENT_DEPTH) {
        problems.push(
          `validation.limits.maxDepth is ${limits.maxDepth}; expected at most ${MAX_ARGUMENT_DEPTH} (tool arguments nest far less)`,
        );
      }
    }
  }
  return problems;
}
