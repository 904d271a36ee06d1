import { chmodSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { PrivateFileError } from '@toolwright/utils/private-files';
import { describe, expect, it } from 'vitest';
import { logoutMcpServer } from './auth/oauth-login.js';
import { McpClientError } from './errors.js';
import { GuardedPrivateDirectory, guardPrivateState } from './private-state.js';
import { parseMcpServersConfig } from './server-config.js';

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const [definition] = parseMcpServersConfig({
  mcpServers: { remote: { type: 'http', url: 'https://mcp.example.com/mcp', oauth: {} } },
});

describe('private state errors are the adapter’s own', () => {
  it('logoutMcpServer on a store directory planted as a link throws state_unsafe, caused by the store’s refusal', () => {
    const root = makeTempDir('tw-private-state-');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    const store = join(root, 'oauth');
    mkdirSync(store, { mode: 0o700 });
    expect(logoutMcpServer(definition!, { oauth: { storeDirectory: store } })).toBe(false);
    // The server's own directory in the store, swapped for a link to somewhere else.
    const [serverDirectory] = readdirSync(store);
    rmSync(join(store, serverDirectory!), { recursive: true });
    symlinkSync(elsewhere, join(store, serverDirectory!));
    const error = caught(() => logoutMcpServer(definition!, { oauth: { storeDirectory: store } }));
    expect(error).toMatchObject({ code: 'state_unsafe' });
    expect(McpClientError.isInstance(error)).toBe(true);
    expect(PrivateFileError.isInstance((error as Error).cause)).toBe(true);
    expect((error as Error).message).toContain('(unsafe_directory)');
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('a loose mode on a record and a raw file system error come out the same way; the adapter’s own errors pass unchanged', () => {
    const root = makeTempDir('tw-private-state-');
    const directory = new GuardedPrivateDirectory('Test', root, 'state');
    directory.write('record.json', Buffer.from('{}'));
    chmodSync(join(directory.path, 'record.json'), 0o644);
    const loose = caught(() => directory.read('record.json'));
    expect(loose).toMatchObject({ code: 'state_unsafe' });
    expect((loose as Error).message).toMatch(
      /^Test: the private state in .*state cannot be used \(unsafe_entry\): /,
    );

    const raw = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    const wrapped = caught(() =>
      guardPrivateState('Test', '/somewhere', () => {
        throw raw;
      }),
    );
    expect(wrapped).toMatchObject({ code: 'state_unsafe' });
    expect((wrapped as Error).cause).toBe(raw);

    // No code on the error, a code that is not a string, or nothing at all thrown: no note, the words as they are.
    const plain = caught(() =>
      guardPrivateState('Test', '/somewhere', () => {
        throw Object.assign(new Error('gone'), { code: 2 });
      }),
    );
    expect((plain as Error).message).toBe('Test: the private state in /somewhere cannot be used: gone');
    const nothing = caught(() =>
      guardPrivateState('Test', '/somewhere', () => {
        throw null;
      }),
    );
    expect(nothing).toMatchObject({ code: 'state_unsafe' });
    expect((nothing as Error).message).toBe('Test: the private state in /somewhere cannot be used: null');
    expect((wrapped as Error).message).toBe(
      'Test: the private state in /somewhere cannot be used (EACCES): EACCES: permission denied',
    );

    const own = new McpClientError('invalid_option', 'Test: bad');
    expect(
      caught(() =>
        guardPrivateState('Test', '/somewhere', () => {
          throw own;
        }),
      ),
    ).toBe(own);
  });
});
