import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { McpServerError, McpServerErrorCode } from '../mcp-server-error.js';
import type { McpServerDefinition } from './server-module.js';

/**
 * Imports the config module at `path` (relative to `cwd`) and returns its server definition:
 * the `default` export, else the named `createServer`, called when it is a function and awaited.
 * Throws `invalid_config_module` saying what the module exported instead.
 */
export async function loadServerModule(path: string, cwd: string): Promise<McpServerDefinition> {
  const file = resolve(cwd, path);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new McpServerError(
      McpServerErrorCode.InvalidConfigModule,
      `Cannot load the config module ${file}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const exported = module.default ?? module.createServer;
  const value = typeof exported === 'function' ? await (exported as () => unknown)() : exported;
  if (isRegistryLike(value)) return { registry: value as McpServerDefinition['registry'] };
  if (
    typeof value === 'object' &&
    value !== null &&
    isRegistryLike((value as { registry?: unknown }).registry)
  ) {
    return value as McpServerDefinition;
  }
  const names = Object.keys(module).filter((name) => name !== '__esModule');
  throw new McpServerError(
    McpServerErrorCode.InvalidConfigModule,
    `The config module ${file} must export (as default, or as createServer) a ToolRegistry, an object with a registry, or a function returning one; it exports ${names.length === 0 ? 'nothing' : names.join(', ')}${exported === undefined ? '' : ` and its ${module.default === undefined ? 'createServer' : 'default'} is ${describe(value)}`}.`,
  );
}

function isRegistryLike(value: unknown): boolean {
  const candidate = value as { get?: unknown; getAll?: unknown; on?: unknown } | null | undefined;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.get === 'function' &&
    typeof candidate.getAll === 'function' &&
    typeof candidate.on === 'function'
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return `an object with ${Object.keys(value).join(', ') || 'no keys'}`;
  return typeof value;
}
