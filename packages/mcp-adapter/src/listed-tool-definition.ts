import type { McpToolAnnotations, McpToolDefinition } from './catalog-screen.js';
import type { LazySchemaValidator } from './lazy-schema-validator.js';

/**
 * A listed tool's definition as the adapter keeps it for the tool's life: every field of the
 * screened definition, but the input schema read from the tool's validator, which holds it packed
 * (see `screenedJsonSchemaOf`), instead of a second, unpacked copy per tool. Each read gives a new
 * plain tree; the call path keeps the one it reads (see `tool-call`). The schema is a getter of
 * the class, so {@link plainToolDefinition} makes the object a host receives.
 */
export class ListedToolDefinition implements McpToolDefinition {
  readonly server: string;
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string;
  readonly outputSchema: Record<string, unknown> | undefined;
  readonly annotations: McpToolAnnotations | undefined;
  readonly taskSupport: 'required' | 'optional' | 'forbidden';
  readonly fingerprint: string;
  readonly #validator: LazySchemaValidator;

  constructor(definition: McpToolDefinition, validator: LazySchemaValidator) {
    this.server = definition.server;
    this.name = definition.name;
    this.title = definition.title;
    this.description = definition.description;
    this.outputSchema = definition.outputSchema;
    this.annotations = definition.annotations;
    this.taskSupport = definition.taskSupport;
    this.fingerprint = definition.fingerprint;
    this.#validator = validator;
  }

  /** The screened input schema, unpacked from the validator. */
  get inputSchema(): Record<string, unknown> {
    return this.#validator.screenedSchema();
  }
}

/** The definition as a plain object (the input schema a data property), as a host reads it. */
export function plainToolDefinition(definition: McpToolDefinition): McpToolDefinition {
  return {
    server: definition.server,
    name: definition.name,
    title: definition.title,
    description: definition.description,
    inputSchema: definition.inputSchema,
    outputSchema: definition.outputSchema,
    annotations: definition.annotations,
    taskSupport: definition.taskSupport,
    fingerprint: definition.fingerprint,
  };
}
