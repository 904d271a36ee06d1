import { PromptSchema, ResourceSchema, ResourceTemplateSchema, ToolSchema } from '@modelcontextprotocol/core';
import { findUnknownSchemaType, type JsonSchemaReport, screenJsonSchema } from '@toolwright/validation';
import type { CatalogDiagnostic, CatalogDiagnosticCode, CatalogListKind } from './catalog-diagnostic.js';
import { type CatalogLimits, resolveCatalogLimits } from './catalog-limits.js';
import { hasControlCharacters, printableName, stripControlCharacters } from './text-sanitising.js';
import { fingerprintToolDefinition } from './tool-fingerprint.js';

/** The MCP tool annotations (all hints; the spec's defaults apply when absent). */
export interface McpToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** A tool definition that passed the catalog screen. */
export interface McpToolDefinition {
  readonly server: string;
  /** The tool's real name on the server. */
  readonly name: string;
  readonly title: string | undefined;
  /** The description with control and invisible characters stripped. */
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly outputSchema: Record<string, unknown> | undefined;
  readonly annotations: McpToolAnnotations | undefined;
  /** `required`, `optional` or `forbidden` (the spec's default). */
  readonly taskSupport: 'required' | 'optional' | 'forbidden';
  /** sha256 over the canonical name, description, input schema and annotations, as the server sent them. */
  readonly fingerprint: string;
}

/** A resource, template or prompt entry that passed the screen (the server's fields, description stripped). */
export type McpCatalogEntry = Record<string, unknown> & { readonly name: string };

/** What the screen kept and what it refused. */
export interface ScreenedList<T> {
  readonly entries: T[];
  readonly diagnostics: CatalogDiagnostic[];
}

function diagnostic(
  server: string,
  list: CatalogListKind,
  code: CatalogDiagnosticCode,
  entry: string,
  reason: string,
): CatalogDiagnostic {
  return {
    server,
    list,
    code,
    entry,
    message: `MCP server "${server}": ${list.replace(/s$/, '')} ${printableName(entry)} dropped: ${reason}`,
  };
}

function entryLabel(raw: unknown, key: 'name' | 'uri' | 'uriTemplate'): string {
  if (typeof raw === 'object' && raw !== null) {
    const value = (raw as Record<string, unknown>)[key] ?? (raw as Record<string, unknown>).name;
    if (typeof value === 'string') return value;
  }
  return '<unnamed>';
}

function checkName(name: string, limits: CatalogLimits): [CatalogDiagnosticCode, string] | undefined {
  if (name.length === 0) return ['name_invalid', 'the name is empty'];
  if (name.length > limits.maxNameLength) {
    return ['name_too_long', `the name has ${name.length} characters, the limit is ${limits.maxNameLength}`];
  }
  if (hasControlCharacters(name)) {
    return ['name_invalid', 'the name contains control or invisible characters; names must be printable'];
  }
  return undefined;
}

function checkDescription(
  description: unknown,
  limits: CatalogLimits,
): [CatalogDiagnosticCode, string] | undefined {
  if (typeof description !== 'string') return undefined;
  const bytes = Buffer.byteLength(description);
  if (bytes > limits.maxDescriptionBytes) {
    return [
      'description_too_large',
      `the description is ${bytes} bytes, the limit is ${limits.maxDescriptionBytes}`,
    ];
  }
  return undefined;
}

/** What measuring one schema found: why it is dropped, or the screen's report of it. */
interface SchemaMeasure {
  readonly problem?: [CatalogDiagnosticCode, string] | undefined;
  /** The report `compileScreenedJsonSchema` compiles without walking the schema again. */
  readonly report?: JsonSchemaReport;
}

/**
 * Measures a schema as `compileJsonSchema` will (validation's one pre-screen, with the catalog's
 * size and depth), so a schema over a limit, or naming an unknown type, is dropped here by name.
 * A schema refused for another reason (a remote `$ref`, not JSON) is left to the compile step,
 * which reports it as `schema_rejected` for an input schema and when the first result is checked
 * for an output schema.
 */
function measureSchema(label: string, schema: unknown, limits: CatalogLimits): SchemaMeasure {
  // An absent schema has no size or type to measure: the parse below reports a missing input
  // schema, and an output schema is optional. (Most tools have none, so this is the common case.)
  if (schema === undefined) return {};
  const { report, refusal } = screenJsonSchema(schema, {
    maxBytes: limits.maxSchemaBytes,
    maxDepth: limits.maxSchemaDepth,
  });
  if (refusal === undefined) return { report };
  if (refusal.limit === undefined) return { problem: checkSchemaTypes(label, schema) };
  const code = refusal.limit === 'maxDepth' ? 'schema_too_deep' : 'schema_too_large';
  return { problem: [code, `the ${label}${refusal.problem.slice('the schema'.length)}`] };
}

/**
 * A `type` that names no JSON Schema type, anywhere in the schema: validators disagree on what
 * such a schema accepts, so the tool is refused by name rather than left to fail on its first call.
 */
function checkSchemaTypes(label: string, schema: unknown): [CatalogDiagnosticCode, string] | undefined {
  const unknownType = findUnknownSchemaType(schema);
  if (unknownType === undefined) return undefined;
  return [
    'schema_type_unknown',
    `the ${label}${unknownType.problem.slice('the schema'.length)}; ${unknownType.accepted}`,
  ];
}

/**
 * A schema as the SDK's tool parse needs to see it: its `type`, `required` and whether
 * `properties` is a map. The screen has already measured the whole schema (JSON only, limits,
 * types), so the SDK's schema checks the entry's envelope, not every node a second time — that
 * second walk, and the copy it makes, cost more than everything else in a listing.
 */
function schemaShell(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const { type, properties, required } = schema as Record<string, unknown>;
  const mapOfProperties = typeof properties === 'object' && properties !== null && !Array.isArray(properties);
  return { type, properties: mapOfProperties ? {} : properties, required };
}

/** A tool entry with its schemas reduced to their shells (see {@link schemaShell}). */
function envelopeOf(record: Record<string, unknown>): Record<string, unknown> {
  const envelope: Record<string, unknown> = { ...record, inputSchema: schemaShell(record.inputSchema) };
  if (record.outputSchema !== undefined) envelope.outputSchema = schemaShell(record.outputSchema);
  return envelope;
}

/** Where the parse found the entry wrong (`entry` for the entry itself) and what zod says. */
/**
 * One frozen object for equal annotations of a listing: a server's tools mostly carry the same
 * few hints, and each tool keeps its definition for its life (an object per tool cost a catalog
 * of 10,000 tools about half a MiB). Annotations holding anything but strings, numbers and
 * booleans (a vendor's nested extra) are kept as they are.
 */
function sharedAnnotationsOf(
  annotations: McpToolAnnotations | undefined,
  shared: Map<string, McpToolAnnotations>,
): McpToolAnnotations | undefined {
  if (annotations === undefined) return undefined;
  const values = Object.values(annotations);
  if (!values.every((value) => ['string', 'number', 'boolean'].includes(typeof value))) return annotations;
  const key = JSON.stringify(annotations);
  const held = shared.get(key);
  if (held !== undefined) return held;
  shared.set(key, Object.freeze(annotations));
  return annotations;
}

function firstIssue(error: { readonly issues: readonly { path: PropertyKey[]; message: string }[] }): string {
  // A failed parse has at least one issue.
  const issue = error.issues[0]!;
  return `${issue.path.join('.') || 'entry'}: ${issue.message}`;
}

/** Names that occur more than once: every copy is refused, since neither can be trusted to be "the" tool. */
function duplicatedNames(raw: readonly unknown[], key: 'name' | 'uri' | 'uriTemplate'): Set<string> {
  const seen = new Set<string>();
  const duplicated = new Set<string>();
  for (const entry of raw) {
    const label = entryLabel(entry, key);
    if (seen.has(label)) duplicated.add(label);
    seen.add(label);
  }
  return duplicated;
}

/**
 * Screens a server's raw `tools/list` entries: malformed entries, empty or control-character
 * names, names over the length limit, duplicated names (every copy), descriptions and schemas
 * over their limits and tools past the per-server cap are each dropped with a diagnostic that
 * names them. Descriptions that pass have control and invisible characters stripped.
 */
export function screenToolCatalog(
  server: string,
  raw: readonly unknown[],
  /** All, some or none of the limits (the rest keep {@link DEFAULT_CATALOG_LIMITS}); checked by name and value. */
  limitsGiven?: Partial<CatalogLimits>,
  /**
   * A further check run before the per-server cap, so a refused entry never takes a kept one's
   * place. It also gets the screen's report of the input schema, for `compileScreenedJsonSchema`
   * (undefined when the screen left a refusal to the compile step, see above).
   */
  accept?: (
    definition: McpToolDefinition,
    inputSchema: JsonSchemaReport | undefined,
  ) => [CatalogDiagnosticCode, string] | undefined,
): ScreenedList<McpToolDefinition> {
  const limits = resolveCatalogLimits('screenToolCatalog limits', limitsGiven);
  const entries: McpToolDefinition[] = [];
  const diagnostics: CatalogDiagnostic[] = [];
  // Stryker disable next-line StringLiteral: entryLabel falls back to the name, so any key labels a tool by its name
  const duplicated = duplicatedNames(raw, 'name');
  const sharedAnnotations = new Map<string, McpToolAnnotations>();
  for (const candidate of raw) {
    // Stryker disable next-line StringLiteral: entryLabel falls back to the name, so any key labels a tool by its name
    const label = entryLabel(candidate, 'name');
    const refuse = (code: CatalogDiagnosticCode, reason: string): void => {
      diagnostics.push(diagnostic(server, 'tools', code, label, reason));
    };
    if (duplicated.has(label)) {
      refuse('duplicate_name', 'the server lists this name more than once; every copy is refused');
      continue;
    }
    const record = (typeof candidate === 'object' && candidate !== null ? candidate : {}) as Record<
      string,
      unknown
    >;
    let inputSchema: JsonSchemaReport | undefined;
    let outputSchema: JsonSchemaReport | undefined;
    const checkSchemas = (): [CatalogDiagnosticCode, string] | undefined => {
      const input = measureSchema('input schema', record.inputSchema, limits);
      inputSchema = input.report;
      if (input.problem !== undefined) return input.problem;
      const output = measureSchema('output schema', record.outputSchema, limits);
      outputSchema = output.report;
      return output.problem;
    };
    const problem =
      (typeof record.name === 'string' ? checkName(record.name, limits) : undefined) ??
      checkDescription(record.description, limits) ??
      checkSchemas();
    if (problem !== undefined) {
      refuse(...problem);
      continue;
    }
    const parsed = ToolSchema.safeParse(record === candidate ? envelopeOf(record) : candidate);
    if (!parsed.success) {
      refuse('invalid_entry', `not a valid MCP tool (${firstIssue(parsed.error)})`);
      continue;
    }
    const tool = parsed.data;
    const definition: McpToolDefinition = {
      server,
      name: tool.name,
      title: tool.title ?? tool.annotations?.title,
      description: stripControlCharacters(tool.description ?? ''),
      // The screen's private copies where it made one (the envelope parse saw only their shell).
      inputSchema: inputSchema?.copy ?? (record.inputSchema as Record<string, unknown>),
      outputSchema: outputSchema?.copy ?? (record.outputSchema as Record<string, unknown> | undefined),
      annotations: sharedAnnotationsOf(tool.annotations as McpToolAnnotations | undefined, sharedAnnotations),
      taskSupport: tool.execution?.taskSupport ?? 'forbidden',
      fingerprint: fingerprintToolDefinition({
        name: tool.name,
        description: tool.description,
        inputSchema: record.inputSchema,
        annotations: record.annotations,
      }),
    };
    const refusal = accept?.(definition, inputSchema);
    if (refusal !== undefined) {
      refuse(...refusal);
      continue;
    }
    if (entries.length >= limits.maxToolsPerServer) {
      refuse(
        'too_many_tools',
        `the server lists more than ${limits.maxToolsPerServer} tools; the first ${limits.maxToolsPerServer} are kept`,
      );
      continue;
    }
    entries.push(definition);
  }
  return { entries, diagnostics };
}

const ENTRY_SCHEMAS = {
  resources: { schema: ResourceSchema, key: 'uri' },
  resourceTemplates: { schema: ResourceTemplateSchema, key: 'uriTemplate' },
  prompts: { schema: PromptSchema, key: 'name' },
} as const;

/**
 * Screens resources, resource templates or prompts the same way as tools: malformed entries,
 * duplicates (by URI, template or name), oversized descriptions and entries past the cap are
 * dropped with a diagnostic; descriptions are stripped of control characters.
 */
export function screenContentList(
  server: string,
  list: Exclude<CatalogListKind, 'tools' | 'tasks'>,
  raw: readonly unknown[],
  /** All, some or none of the limits (the rest keep {@link DEFAULT_CATALOG_LIMITS}); checked by name and value. */
  limitsGiven?: Partial<CatalogLimits>,
): ScreenedList<McpCatalogEntry> {
  const limits = resolveCatalogLimits('screenContentList limits', limitsGiven);
  const { schema, key } = ENTRY_SCHEMAS[list];
  const entries: McpCatalogEntry[] = [];
  const diagnostics: CatalogDiagnostic[] = [];
  const duplicated = duplicatedNames(raw, key);
  for (const candidate of raw) {
    const label = entryLabel(candidate, key);
    const refuse = (code: CatalogDiagnosticCode, reason: string): void => {
      diagnostics.push(diagnostic(server, list, code, label, reason));
    };
    if (duplicated.has(label)) {
      refuse('duplicate_name', `the server lists this ${key} more than once; every copy is refused`);
      continue;
    }
    const record = (typeof candidate === 'object' && candidate !== null ? candidate : {}) as Record<
      string,
      unknown
    >;
    const problem =
      (typeof record.name === 'string' && list === 'prompts' ? checkName(record.name, limits) : undefined) ??
      checkDescription(record.description, limits) ??
      measureSchema('entry', { ...record, description: undefined }, limits).problem;
    if (problem !== undefined) {
      refuse(...problem);
      continue;
    }
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) {
      refuse('invalid_entry', `not a valid MCP ${list} entry (${firstIssue(parsed.error)})`);
      continue;
    }
    if (entries.length >= limits.maxEntriesPerList) {
      refuse(
        'too_many_entries',
        `the server lists more than ${limits.maxEntriesPerList} ${list}; the first ${limits.maxEntriesPerList} are kept`,
      );
      continue;
    }
    const entry = { ...(parsed.data as Record<string, unknown>) } as McpCatalogEntry;
    if (typeof entry.description === 'string')
      (entry as Record<string, unknown>).description = stripControlCharacters(entry.description);
    entries.push(entry);
  }
  return { entries, diagnostics };
}
