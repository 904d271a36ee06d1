import { ToolKind, type ToolResult } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { builtinTool, executionContext, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

function catalog(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(builtinTool('Read', { description: 'Read a file from the workspace.' }));
  registry.replaceTools('remote', [
    mcpTool('github', 'create_issue', { description: 'Create a new issue in a GitHub repository.' }),
    mcpTool('github', 'list_issues', { description: 'List issues of a repository, filtered by label.' }),
    mcpTool('github', 'create_pull_request', { description: 'Open a pull request from a branch.' }),
    mcpTool('calendar', 'create_event', {
      description: 'Create a calendar event with attendees.',
      tags: ['scheduling'],
    }),
    mcpTool('slack', 'post_message', { description: 'Post a message to a Slack channel.' }),
  ]);
  return registry;
}

async function search(registry: ToolRegistry, params: Record<string, unknown>, context = executionContext()) {
  return registry.getToolSearchTool().build(params).execute(context);
}

const metadataList = (result: ToolResult, key: string) => (result.metadata?.[key] ?? []) as string[];
const matches = (result: ToolResult) => metadataList(result, 'matches');

describe('ToolSearch', () => {
  it('is a ReadOnly, concurrency-safe, retry-safe built-in that is never deferred', () => {
    const tool = new ToolRegistry().getToolSearchTool();
    expect([tool.kind, tool.isConcurrencySafe, tool.isRetrySafe, tool.shouldDefer, tool.source.type]).toEqual(
      [ToolKind.ReadOnly, true, true, false, 'builtin'],
    );
  });

  it('select: finds exact names even when deferred, loads them, and the next request carries them', async () => {
    const registry = catalog();
    const before = registry.getFunctionDeclarationsByMode('default', 'anthropic');
    const result = await search(registry, {
      query: 'select:mcp__slack__post_message, mcp__github__list_issues',
    });

    expect(result.error).toBeUndefined();
    expect(matches(result)).toEqual(['mcp__slack__post_message', 'mcp__github__list_issues']);
    expect(result.metadata?.newlyLoaded).toEqual(['mcp__github__list_issues', 'mcp__slack__post_message']);
    expect(String(result.llmContent)).toContain('<function>{"name":"mcp__slack__post_message"');
    const after = registry.getFunctionDeclarationsByMode('default', 'anthropic');
    expect(after).not.toBe(before);
    expect(after.declarations.map((declaration) => declaration.name)).toEqual([
      'Read',
      'ToolSearch',
      'mcp__github__list_issues',
      'mcp__slack__post_message',
    ]);
  });

  it('ranks a keyword query with BM25 and returns declarations for the caller target', async () => {
    const registry = catalog();
    const result = await search(
      registry,
      { query: 'create github issue' },
      executionContext({ providerTarget: 'gemini' }),
    );
    expect(matches(result)[0]).toBe('mcp__github__create_issue');
    const declarations = (result.metadata?.declarations ?? []) as { target: string; name: string }[];
    expect(new Set(declarations.map((declaration) => declaration.target))).toEqual(new Set(['gemini']));
    expect(declarations[0]).toEqual(
      registry.get('mcp__github__create_issue')?.getFunctionDeclaration('gemini'),
    );
    expect(result.metadata?.target).toBe('gemini');
    // Without a usable providerTarget the neutral dialect is used.
    const neutral = await search(registry, { query: 'calendar' }, executionContext({ providerTarget: 42 }));
    expect(neutral.metadata?.target).toBe('json-schema');
    expect(matches(neutral)).toEqual(['mcp__calendar__create_event']);
  });

  it('finds tools by tag and by server name', async () => {
    const registry = catalog();
    expect(matches(await search(registry, { query: 'scheduling' }))).toEqual(['mcp__calendar__create_event']);
    expect(matches(await search(registry, { query: 'slack' }))).toEqual(['mcp__slack__post_message']);
  });

  it('returns 5 results by default, max_results more, and never more than 20', async () => {
    const registry = new ToolRegistry();
    registry.replaceTools(
      'remote',
      Array.from({ length: 30 }, (_, index) =>
        mcpTool('bulk', `report_${index}`, { description: 'Build a report.' }),
      ),
    );
    // Every tool scores the same, so the ranking falls back to code-unit name order.
    const ranked = registry
      .getBySource('remote')
      .map((tool) => tool.name)
      .sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
    expect(matches(await search(registry, { query: 'report' }))).toEqual(ranked.slice(0, 5));
    expect(matches(await search(registry, { query: 'report', max_results: 12 }))).toEqual(
      ranked.slice(0, 12),
    );
    expect(matches(await search(registry, { query: 'report', max_results: 500 }))).toEqual(
      ranked.slice(0, 20),
    );
    expect(registry.deferred.getLoadedNames()).toEqual(ranked.slice(0, 20));
    // select: is not limited by max_results, only by the cap, and says what it left for later.
    const names = Array.from({ length: 22 }, (_, index) => `mcp__bulk__report_${index}`);
    const selected = await search(registry, { query: `select:${names.join(',')}` });
    expect(matches(selected)).toEqual(names.slice(0, 20));
    expect(String(selected.llmContent)).toContain(
      'Not loaded (at most 20 per call), ask again for: mcp__bulk__report_20, mcp__bulk__report_21.',
    );
  });

  it('matches /regex/ against names and descriptions, name matches first', async () => {
    const registry = catalog();
    const result = await search(registry, { query: '/^mcp__github__create_/' });
    expect(matches(result)).toEqual(['mcp__github__create_issue', 'mcp__github__create_pull_request']);
    const byDescription = await search(registry, { query: '/pull request|slack/i' });
    expect(matches(await search(registry, { query: '/create_pull/g' }))).toEqual([
      'mcp__github__create_pull_request',
    ]);
    // A path-like keyword is not a regex with flags "file".
    const pathLike = await search(registry, { query: '/tmp/file' });
    expect(pathLike.metadata?.queryKind).toBe('keyword');
    expect(matches(pathLike)).toEqual(['Read']);
    // "slack" is in a name, "pull request" only in a description: name matches come first.
    expect(matches(byDescription)).toEqual(['mcp__slack__post_message', 'mcp__github__create_pull_request']);
  });

  it('applies the regex flags i, m and s, and ignores the other JavaScript flags', async () => {
    const registry = new ToolRegistry();
    registry.register(builtinTool('Notes', { description: 'First line.\nSecond line.' }));
    const found = async (query: string) => matches(await search(registry, { query }));
    expect(await found('/^second/')).toEqual([]);
    expect(await found('/^second/i')).toEqual([]);
    expect(await found('/^Second/m')).toEqual(['Notes']);
    expect(await found('/line\\..Second/')).toEqual([]);
    expect(await found('/line\\..Second/s')).toEqual(['Notes']);
    expect(await found('/NOTES/gyi')).toEqual(['Notes']);
  });

  it('finds an MCP tool by the name its server uses, when the registry renamed it', async () => {
    const registry = new ToolRegistry();
    registry.replaceTools('remote', [
      mcpTool('jira', 'createTicket', { name: 'mcp__jira__new_issue', description: 'File a bug.' }),
      mcpTool('jira', 'list_boards', { description: 'List boards.' }),
    ]);
    expect(matches(await search(registry, { query: 'ticket' }))).toEqual(['mcp__jira__new_issue']);
  });

  it('refuses an invalid regex from a host calling search directly with invalid_search_query', () => {
    const registry = catalog();
    expect(() => registry.search('/(?<=look)behind/')).toThrow(
      expect.objectContaining({
        code: 'invalid_search_query',
        message: expect.stringContaining('not valid RE2 syntax'),
      }),
    );
  });

  it('runs a catastrophic-backtracking regex from a model in linear time', async () => {
    const registry = new ToolRegistry();
    registry.register(builtinTool('Evil', { description: `${'a'.repeat(48)}!` }));
    // With a backtracking engine /(a+)+$/ against 48 "a" and a "!" is days of work, so a
    // regression fails on the test's own timeout on any machine; no clock is read.
    const result = await search(registry, { query: '/(a+)+$/' });
    expect(matches(result)).toEqual([]);
  });

  it('answers an invalid regex with a validation error naming the problem', async () => {
    const registry = catalog();
    const result = await search(registry, { query: '/(?<=look)behind/' });
    expect(result.error?.type).toBe('validation');
    expect(result.error?.message).toContain('not valid RE2 syntax');
    const tooLong = await search(registry, { query: `/${'a'.repeat(300)}/` });
    expect(tooLong.error?.message).toContain('at most 256');
  });

  it('answers a search that finds nothing helpfully with the closest names, not an error', async () => {
    const registry = catalog();
    const result = await search(registry, { query: 'select:mcp__github__create_isue' });
    expect(result.error).toBeUndefined();
    expect(result.metadata?.missing).toEqual(['mcp__github__create_isue']);
    expect(metadataList(result, 'suggestions')[0]).toBe('mcp__github__create_issue');
    expect(String(result.llmContent)).toContain('Closest tool names: mcp__github__create_issue');

    const keyword = await search(registry, { query: 'postmessage' });
    expect(matches(keyword)).toEqual([]);
    expect(String(keyword.llmContent)).toMatch(
      /^No tool matches "postmessage"[\s\S]*mcp__slack__post_message/,
    );
    expect(registry.deferred.getLoadedNames()).toEqual([]);
  });

  it('never returns itself, and rejects a call without a query through the schema', async () => {
    const registry = catalog();
    expect(matches(await search(registry, { query: 'select:ToolSearch' }))).toEqual([]);
    expect(() => registry.getToolSearchTool().build({})).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });

  it('stops before searching when the call was aborted', async () => {
    const registry = catalog();
    const controller = new AbortController();
    controller.abort();
    const result = await search(
      registry,
      { query: 'select:mcp__github__create_issue' },
      executionContext({ signal: controller.signal }),
    );
    expect(result.error?.type).toBe('aborted');
    expect(registry.deferred.getLoadedNames()).toEqual([]);
  });
});
