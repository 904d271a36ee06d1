import { Type } from '@sinclair/typebox';
import {
  createTool,
  type ExecutionContext,
  type FunctionDeclaration,
  type Tool,
  ToolKind,
  ToolResults,
} from '@toolwright/contracts';
import { checkOptions, previewValue } from '@toolwright/utils';
import { PORTABLE_TOOL_NAME, type ProviderTarget } from '@toolwright/validation';
import { invalidOption } from './invalid-option.js';
import { PROVIDER_TOOL_LIMITS } from './provider-limits.js';
import { RegistryError, RegistryErrorCode } from './registry-error.js';
import {
  DEFAULT_SEARCH_RESULTS,
  MAX_SEARCH_RESULTS,
  type ToolSearchOptions,
  type ToolSearchResult,
} from './tool-search.js';

/** The name ToolSearch is registered under unless configured otherwise. */
export const TOOL_SEARCH_NAME = 'ToolSearch';

/** The registry side ToolSearch talks to: the registry that executes it. */
export interface ToolSearchHost {
  search(query: string, options?: ToolSearchOptions): ToolSearchResult;
  markLoaded(names: Iterable<string>): string[];
}

/** Options of {@link createToolSearchTool}. */
export interface ToolSearchToolOptions {
  /** The tool's name; default `ToolSearch`. */
  name?: string;
}

/**
 * Checks ToolSearch options by name and the name by the portable rule, so that a bad name is a
 * `RegistryError` (`invalid_tool_name`) rather than the definition error `createTool` would throw.
 */
export function checkToolSearchToolOptions(
  owner: string,
  options: ToolSearchToolOptions,
): ToolSearchToolOptions {
  // The name is checked below: a bad one is an `invalid_tool_name`, not an `invalid_option`.
  checkOptions(owner, options, { name: { kind: 'custom' } }, invalidOption);
  const checked = options ?? {};
  const { name } = checked;
  if (name !== undefined && (typeof name !== 'string' || !PORTABLE_TOOL_NAME.test(name))) {
    throw new RegistryError(
      RegistryErrorCode.InvalidToolName,
      `${owner}: name ${typeof name === 'string' ? JSON.stringify(name) : previewValue(name)} is not a portable tool name; ` +
        `expected ${PORTABLE_TOOL_NAME.source}.`,
    );
  }
  return checked;
}

function checkHost(host: unknown): void {
  const candidate = host as Partial<ToolSearchHost> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.search !== 'function' ||
    typeof candidate.markLoaded !== 'function'
  ) {
    throw new RegistryError(
      RegistryErrorCode.InvalidOption,
      `createToolSearchTool: the host must have search and markLoaded functions; got ${previewValue(host)}.`,
    );
  }
}

const parameters = Type.Object({
  query: Type.String({
    minLength: 1,
    maxLength: 1000,
    description:
      'What to look for. "select:Name1,Name2" loads those exact tools; "/pattern/" (flags i, m, s) matches ' +
      'names and descriptions; anything else is a keyword search over names, descriptions, tags and servers.',
  }),
  max_results: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: `How many tools to return for a keyword or regex search (default ${DEFAULT_SEARCH_RESULTS}, at most ${MAX_SEARCH_RESULTS}).`,
    }),
  ),
});

/** Reads the caller's provider target from the execution context (`providerTarget`), default `json-schema`. */
function targetOf(context: ExecutionContext): ProviderTarget {
  const requested = context.providerTarget;
  return typeof requested === 'string' && Object.hasOwn(PROVIDER_TOOL_LIMITS, requested)
    ? (requested as ProviderTarget)
    : 'json-schema';
}

function describeQuery(result: ToolSearchResult, query: string): string {
  return `${JSON.stringify(query)} (${result.kind === 'select' ? 'exact names' : `${result.kind} search`})`;
}

/**
 * What the model reads: the loaded declarations in a `<functions>` block (the shape models are
 * trained to read tool definitions in), then what was not found and the closest names.
 */
function formatAnswer(
  result: ToolSearchResult,
  query: string,
  declarations: readonly FunctionDeclaration[],
): string {
  const lines: string[] = [];
  if (declarations.length === 0) {
    lines.push(`No tool matches ${describeQuery(result, query)}.`);
  } else {
    lines.push(
      `Found ${declarations.length} tool${declarations.length === 1 ? '' : 's'} for ${describeQuery(result, query)}. ` +
        'They are loaded: call them from your next turn.',
      '<functions>',
      ...declarations.map(
        (declaration) =>
          `<function>${JSON.stringify({
            name: declaration.name,
            description: declaration.description,
            parameters: declaration.parameters,
          })}</function>`,
      ),
      '</functions>',
    );
  }
  if (result.missing.length > 0) lines.push(`Not found: ${result.missing.join(', ')}.`);
  if (result.overCap.length > 0) {
    lines.push(
      `Not loaded (at most ${MAX_SEARCH_RESULTS} per call), ask again for: ${result.overCap.join(', ')}.`,
    );
  }
  if (result.suggestions.length > 0) {
    lines.push(
      `Closest tool names: ${result.suggestions.join(', ')}. Retry with "select:<name>" or with other keywords.`,
    );
  } else if (declarations.length === 0) {
    lines.push('The catalog has no tool with a similar name; try other keywords.');
  }
  return lines.join('\n');
}

/**
 * Creates the ToolSearch built-in bound to `host`: the model calls it to find tools whose schemas
 * are deferred. It returns the matched declarations for the caller's target (the execution
 * context's `providerTarget`, default `json-schema`) and marks them loaded in `host`, so their full
 * schemas reach the next provider request. It is ReadOnly (allowed in Plan mode), concurrency-safe
 * and retry-safe. A search that finds nothing answers with the closest names, not an error.
 */
export function createToolSearchTool(host: ToolSearchHost, options: ToolSearchToolOptions = {}): Tool {
  checkHost(host);
  const name = checkToolSearchToolOptions('createToolSearchTool', options).name ?? TOOL_SEARCH_NAME;
  return createTool({
    name,
    kind: ToolKind.ReadOnly,
    isConcurrencySafe: true,
    isRetrySafe: true,
    category: 'tools',
    tags: ['search', 'discovery'],
    schema: parameters,
    description: {
      short: 'Find and load tools that are listed by name only in <available-deferred-tools>.',
      long:
        'A deferred tool cannot be called until it is loaded. This tool searches the whole catalog and ' +
        'loads the tools it returns: their full definitions are included below and they can be called ' +
        'from your next turn.',
      usageNotes:
        'Use "select:Name" when you know the exact name (always found). Use keywords ("create github issue") ' +
        'when you only know what you need. Use "/^mcp__github__/" to match names by pattern.',
    },
    describeInvocation: (params) => `${name}(${JSON.stringify(params.query)})`,
    execute: async (params, context) => {
      if (context.signal.aborted) return ToolResults.aborted();
      let result: ToolSearchResult;
      try {
        result = host.search(
          params.query,
          params.max_results === undefined ? {} : { maxResults: params.max_results },
        );
      } catch (error) {
        if (RegistryError.isInstance(error)) return ToolResults.validationError(error);
        throw error;
      }
      const target = targetOf(context);
      const declarations = result.matches.map((tool) => tool.getFunctionDeclaration(target));
      const names = declarations.map((declaration) => declaration.name);
      const newlyLoaded = host.markLoaded(names);
      return ToolResults.success(formatAnswer(result, params.query, declarations), {
        metadata: {
          queryKind: result.kind,
          target,
          matches: names,
          newlyLoaded,
          missing: [...result.missing],
          suggestions: [...result.suggestions],
          declarations,
        },
      });
    },
  });
}
