import { thrownBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { DeferredToolManager } from './deferred-tool-manager.js';
import { RegistryError } from './registry-error.js';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';
import { createToolSearchTool } from './tool-search-tool.js';

/** Runs `run`, expects a RegistryError, and returns its code and message. */
function refusal(run: () => unknown): { code: string; message: string } {
  const { code, message } = thrownBy(run, RegistryError);
  return { code, message };
}

const invalidOption = (message: string) => ({ code: 'invalid_option', message });

describe('ToolRegistry options', () => {
  it('refuses an unknown option by name, suggesting the nearest one', () => {
    expect(refusal(() => new ToolRegistry({ toolSerch: false } as never))).toEqual(
      invalidOption(
        'ToolRegistry: unknown option "toolSerch" (did you mean "toolSearch"?); ' +
          'accepted: alwaysLoaded, toolLimits, toolSearch, onListenerError, telemetry.',
      ),
    );
    expect(refusal(() => new ToolRegistry(null as never))).toEqual(
      invalidOption('ToolRegistry: options must be an object; got null.'),
    );
  });

  it('refuses option values of the wrong kind, naming what is accepted', () => {
    expect(refusal(() => new ToolRegistry({ alwaysLoaded: 42 as never }))).toEqual(
      invalidOption(
        'ToolRegistry option alwaysLoaded expects a tool name or a list of tool names; got integer 42.',
      ),
    );
    expect(refusal(() => new ToolRegistry({ toolSearch: 'yes' as never }))).toEqual(
      invalidOption('ToolRegistry: toolSearch must be true, false or { name }; got string "yes".'),
    );
    expect(refusal(() => new ToolRegistry({ toolSearch: { nmae: 'Find' } as never }))).toEqual(
      invalidOption(
        'ToolRegistry option toolSearch: unknown option "nmae" (did you mean "name"?); accepted: name.',
      ),
    );
    expect(refusal(() => new ToolRegistry({ onListenerError: 'log' as never }))).toEqual(
      invalidOption('ToolRegistry: onListenerError must be a function; got string "log".'),
    );
    expect(refusal(() => new ToolRegistry({ toolLimits: [5] as never }))).toEqual(
      invalidOption('ToolRegistry: toolLimits must be an object; got array of 1 item.'),
    );
  });

  it('refuses a bad tool limit or target, suggesting the nearest target', () => {
    expect(refusal(() => new ToolRegistry({ toolLimits: { gemni: 5 } as never }))).toEqual(
      invalidOption(
        'ToolRegistry: unknown option "toolLimits.gemni" (did you mean "toolLimits.gemini"?); accepted: ' +
          'toolLimits.json-schema, toolLimits.openai-chat, toolLimits.openai-responses, toolLimits.anthropic, toolLimits.gemini.',
      ),
    );
    expect(refusal(() => new ToolRegistry({ toolLimits: { gemini: '5' as never } }))).toEqual(
      invalidOption(
        'ToolRegistry: toolLimits.gemini must be a positive integer or Infinity; got string "5".',
      ),
    );
    expect(refusal(() => new ToolRegistry({ toolLimits: { gemini: 2.5 } }))).toEqual(
      invalidOption(
        'ToolRegistry: toolLimits.gemini must be a positive integer or Infinity; got number 2.5.',
      ),
    );
    expect(new ToolRegistry({ toolLimits: { gemini: Number.POSITIVE_INFINITY } })).toBeInstanceOf(
      ToolRegistry,
    );
  });

  it('refuses a ToolSearch name no provider accepts, with the registry error of a bad name', () => {
    expect(refusal(() => new ToolRegistry({ toolSearch: { name: 'find tools' } }))).toEqual({
      code: 'invalid_tool_name',
      message:
        'ToolRegistry option toolSearch: name "find tools" is not a portable tool name; ' +
        'expected ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$.',
    });
  });

  it('takes one always-loaded name as a string, as markLoaded does', () => {
    const registry = new ToolRegistry({ alwaysLoaded: 'mcp__fs__pinned' });
    registry.replaceTools('remote', [mcpTool('fs', 'pinned'), mcpTool('fs', 'other')]);
    expect(registry.deferred.getDeferredNames()).toEqual(['mcp__fs__other']);
  });

  it('keeps the always-loaded names it was given: the host changing its array later reaches no clone', () => {
    const pinned = ['mcp__fs__pinned'];
    const registry = new ToolRegistry({ alwaysLoaded: pinned });
    pinned.push('mcp__fs__other');
    registry.replaceTools('remote', [mcpTool('fs', 'pinned'), mcpTool('fs', 'other')]);
    expect(registry.clone().deferred.getDeferredNames()).toEqual(['mcp__fs__other']);
    pinned.push(7 as never);
    expect(registry.clone().deferred.getDeferredNames()).toEqual(['mcp__fs__other']);
  });
});

describe('method options and arguments', () => {
  it('registerAll refuses an unknown option before registering anything', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    expect(refusal(() => registry.registerAll([builtinTool('Read')], { atomc: true } as never))).toEqual(
      invalidOption('registerAll: unknown option "atomc" (did you mean "atomic"?); accepted: atomic.'),
    );
    expect(refusal(() => registry.registerAll([builtinTool('Read')], { atomic: 'yes' as never }))).toEqual(
      invalidOption('registerAll: atomic must be true or false; got string "yes".'),
    );
    expect(refusal(() => registry.registerAll(builtinTool('Read') as never))).toEqual(
      invalidOption('registerAll expects a list of tools; got the single tool "Read" (wrap it in an array).'),
    );
    expect(refusal(() => registry.registerAll(42 as never))).toEqual(
      invalidOption('registerAll expects a list of tools; got integer 42.'),
    );
    expect(registry.getAll()).toEqual([]);
  });

  it('replaceTools refuses an unknown option, a bad reason and a single tool, changing nothing', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('fs', [mcpTool('fs', 'read')]);
    registry.replaceTools('git', [mcpTool('git', 'log')]);
    const revision = registry.revision;

    expect(
      refusal(() => registry.replaceTools('fs', [mcpTool('fs', 'list')], { reasn: 'x' } as never)),
    ).toEqual(
      invalidOption('replaceTools: unknown option "reasn" (did you mean "reason"?); accepted: reason.'),
    );
    expect(refusal(() => registry.replaceTools('fs', [], { reason: 7 as never }))).toEqual(
      invalidOption('replaceTools: reason must be a string; got integer 7.'),
    );
    expect(refusal(() => registry.replaceTools('fs', mcpTool('fs', 'list') as never))).toEqual(
      invalidOption(
        'replaceTools expects a list of tools; got the single tool "mcp__fs__list" (wrap it in an array).',
      ),
    );
    expect(refusal(() => registry.removeTools('fs', 7 as never))).toEqual(
      invalidOption('removeTools: reason must be a string; got integer 7.'),
    );
    expect(registry.getAll().map((tool) => tool.name)).toEqual(['mcp__fs__read', 'mcp__git__log']);
    expect(registry.revision).toBe(revision);
    // Any iterable of tools is a list.
    expect(registry.replaceTools('fs', new Set([mcpTool('fs', 'list')]))).toMatchObject({
      added: ['mcp__fs__list'],
      removed: ['mcp__fs__read'],
    });
  });

  it('search refuses unknown options and bad values; exclude takes one name as a string', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.registerAll([builtinTool('Read', { description: 'Read a file.' }), builtinTool('ReadMany')]);
    expect(refusal(() => registry.search('read', { maxResult: 1 } as never))).toEqual(
      invalidOption(
        'search: unknown option "maxResult" (did you mean "maxResults"?); accepted: maxResults, exclude.',
      ),
    );
    expect(refusal(() => registry.search('read', { maxResults: 0 }))).toEqual(
      invalidOption('search: maxResults must be an integer from 1 up; got integer 0.'),
    );
    expect(refusal(() => registry.search(42 as never))).toEqual({
      code: 'invalid_search_query',
      message: 'search expects the query as a string; got integer 42.',
    });
    expect(
      registry.search('select:Read,ReadMany', { exclude: 'Read' as never }).matches.map((tool) => tool.name),
    ).toEqual(['ReadMany']);
    // Above the cap is not an error: it is what "at most 20" means.
    expect(registry.search('read', { maxResults: 500 }).matches.map((tool) => tool.name)).toEqual([
      'Read',
      'ReadMany',
    ]);
  });

  it('on refuses an event that does not exist, which would otherwise never fire', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    expect(refusal(() => registry.on('catalog-changed' as never, () => {}))).toEqual(
      invalidOption(
        'on: unknown event "catalog-changed" (did you mean "catalog-change"?); accepted: registered, ' +
          'unregistered, catalog-change, tool-shadowed, loaded, provider-limit.',
      ),
    );
    expect(refusal(() => registry.on('loaded', 'listener' as never))).toEqual(
      invalidOption('on: the listener must be a function; got string "listener".'),
    );
  });

  it('getFunctionDeclarationsByMode suggests the mode or target meant', () => {
    const registry = new ToolRegistry();
    expect(refusal(() => registry.getFunctionDeclarationsByMode('plna' as never, 'gemini'))).toEqual(
      invalidOption('Unknown mode "plna" (did you mean "plan"?); accepted: default, plan.'),
    );
    expect(refusal(() => registry.getFunctionDeclarationsByMode('default', 'gemni' as never))).toEqual(
      invalidOption(
        'Unknown provider target "gemni" (did you mean "gemini"?); ' +
          'accepted: json-schema, openai-chat, openai-responses, anthropic, gemini.',
      ),
    );
  });

  it('createToolSearchTool and DeferredToolManager check their options by name too', () => {
    const host = { search: () => new ToolRegistry().search('x'), markLoaded: () => [] };
    expect(refusal(() => createToolSearchTool(host, { nmae: 'Find' } as never))).toEqual(
      invalidOption('createToolSearchTool: unknown option "nmae" (did you mean "name"?); accepted: name.'),
    );
    expect(refusal(() => createToolSearchTool({ search: host.search } as never))).toEqual(
      invalidOption(
        'createToolSearchTool: the host must have search and markLoaded functions; got object {search}.',
      ),
    );
    expect(refusal(() => new DeferredToolManager({ alwaysLoad: ['a'] } as never))).toEqual(
      invalidOption(
        'DeferredToolManager: unknown option "alwaysLoad" (did you mean "alwaysLoaded"?); accepted: alwaysLoaded, onChange.',
      ),
    );
    expect(refusal(() => new DeferredToolManager({ onChange: true as never }))).toEqual(
      invalidOption('DeferredToolManager: onChange must be a function; got boolean true.'),
    );
  });
});
