import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { makeTempDir } from '@toolwright/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { lintToolDeclaration } from '../lint/lint-tool-declaration.js';
import { projectSchema } from '../projection/project-schema.js';
import { projectionNotes } from '../projection/projection-notes.js';
import { PROVIDER_TARGETS } from '../schema/json-types.js';
import type { DescribesObjectRoot } from '../schema/schema-validator.js';
import { compileJsonSchema } from './compile-json-schema.js';

const require = createRequire(import.meta.url);

/** The entry file a server package declares as its bin. */
function serverEntry(name: string): string {
  const manifestPath = require.resolve(`${name}/package.json`);
  const manifest = require(manifestPath) as { bin: Record<string, string> };
  return join(dirname(manifestPath), Object.values(manifest.bin)[0]!);
}

interface ListedTool {
  name: string;
  inputSchema: unknown;
}

async function listTools(args: string[]): Promise<ListedTool[]> {
  const client = new Client({ name: 'toolwright-validation-test', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }));
  try {
    return (await client.listTools()).tools as ListedTool[];
  } finally {
    await client.close();
  }
}

const workspace = makeTempDir('toolwright-mcp-schemas');
const catalogs: Record<string, ListedTool[]> = {};

beforeAll(async () => {
  writeFileSync(join(workspace, 'notes.txt'), 'hello');
  const [everything, filesystem, memory] = await Promise.all([
    listTools([serverEntry('@modelcontextprotocol/server-everything'), 'stdio']),
    listTools([serverEntry('@modelcontextprotocol/server-filesystem'), workspace]),
    listTools([serverEntry('@modelcontextprotocol/server-memory')]),
  ]);
  catalogs.everything = everything;
  catalogs.filesystem = filesystem;
  catalogs.memory = memory;
}, 60_000);

describe('compileJsonSchema on the input schemas of real MCP servers', () => {
  it('screens, compiles and projects every tool of server-everything, server-filesystem and server-memory', () => {
    const tools = Object.values(catalogs).flat();
    expect(tools.length).toBeGreaterThan(20);
    for (const tool of tools) {
      const validator = compileJsonSchema(tool.inputSchema, undefined, { name: tool.name });
      // What createTool asks instead of projecting: told from the screened root, the same answer.
      const told = (validator as typeof validator & DescribesObjectRoot).describesObjectRoot();
      expect(told).toBe(true);
      expect((validator.toJsonSchema() as { type?: unknown }).type).toBe('object');
      // An empty call either passes or names what is missing; it never fails to compile.
      try {
        validator.parse({}, { toolName: tool.name });
      } catch (error) {
        expect(ToolValidationError.isInstance(error)).toBe(true);
        expect((error as ToolValidationError).code).toBe('validation_failed');
      }
      for (const target of PROVIDER_TARGETS) {
        const parameters = projectSchema(validator.toJsonSchema(), target);
        // Rules the projection moved into words (e.g. Gemini and `format: "uri"`) are reported as
        // changes; nothing the provider would reject may remain.
        const changed = new Set(projectionNotes(parameters).map((note) => note.reason));
        const keywordIssues = lintToolDeclaration(
          { name: tool.name, description: '', parameters },
          target,
        ).filter((issue) => !issue.reason.startsWith('Gemini parameter names') && !changed.has(issue.reason));
        expect(keywordIssues).toEqual([]);
      }
    }
  });

  it('parses real calls the way the servers expect them, repairing model drift', () => {
    const readTextFile = catalogs.filesystem?.find((tool) => tool.name === 'read_text_file');
    expect(readTextFile?.inputSchema).toMatchObject({ type: 'object', required: ['path'] });
    const validator = compileJsonSchema(readTextFile!.inputSchema, undefined, { name: 'read_text_file' });
    expect(validator.parse({ path: join(workspace, 'notes.txt'), head: '2' })).toEqual({
      value: { path: join(workspace, 'notes.txt'), head: 2 },
      coercions: [{ path: '/head', from: 'string "2"', to: 'integer 2', kind: 'string-to-number' }],
    });
    expect(() => validator.parse({ pth: 'x' }, { toolName: 'read_text_file' })).toThrow(
      /unknown argument "pth" \(did you mean "path"\?\)/,
    );

    const createEntities = catalogs.memory?.find((tool) => tool.name === 'create_entities');
    expect(createEntities?.inputSchema).toMatchObject({ type: 'object', required: ['entities'] });
    const entities = compileJsonSchema(createEntities!.inputSchema, undefined, { name: 'create_entities' });
    const call = { entities: '[{"name":"Ada","entityType":"person","observations":["wrote notes"]}]' };
    expect(entities.parse(call).value).toEqual({
      entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote notes'] }],
    });
  });
});
