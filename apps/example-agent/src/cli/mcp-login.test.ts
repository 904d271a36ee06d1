import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserLogin,
  type HostedOAuthServer,
  startHostedOAuthServer,
} from '../test-support/hosted-oauth-server.js';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

// The OAuth fixtures of the adapter's tests: oidc-provider on 127.0.0.1 in front of a Streamable
// HTTP MCP server that checks bearer tokens.
const directory = makeTemporaryDirectory('mcp-login');
let hosted: HostedOAuthServer;
let workspace: string;
let options: { cwd: string; home: string; env: Record<string, string> };

beforeAll(async () => {
  workspace = join(directory.path, 'workspace');
  hosted = await startHostedOAuthServer(workspace);
  // The token store is the adapter's default one, under XDG_STATE_HOME.
  options = {
    cwd: workspace,
    home: join(directory.path, 'home'),
    env: { XDG_STATE_HOME: join(directory.path, 'state') },
  };
});
afterAll(async () => {
  await hosted.close();
  directory.remove();
  await removeCliUnderTest();
});

describe('mcp login and logout', () => {
  it('shows needs_auth with the login command, logs in through the printed URL, and logs out', async () => {
    // The user trusts the workspace whose .mcp.json names the server.
    expect((await runCli(['trust'], options)).code).toBe(0);
    const before = await runCli(['mcp', 'list'], options);
    expect(before.code).toBe(1);
    expect(before.stdout).toMatch(
      /^hosted\s+needs_auth\s+- tools\s+.*run `toolwright-agent mcp login hosted`/m,
    );

    const browser = browserLogin();
    const login = await runCli(['mcp', 'login', 'hosted'], { ...options, onStderr: browser.onStderr });
    expect(await browser.browsed()).toBeInstanceOf(URL);
    expect(login.stderr).toContain('Open this URL in a browser to log in to "hosted"');
    expect([login.code, login.stdout]).toEqual([0, 'logged in to "hosted"\n']);

    const after = await runCli(['mcp', 'list'], options);
    expect([after.code, after.stdout]).toEqual([0, expect.stringMatching(/^hosted\s+connected\s+2 tools$/m)]);

    // The tokens are in the store, 0600, and in no output of any command.
    const [serverDirectory] = readdirSync(join(directory.path, 'state', 'toolwright', 'mcp-oauth'));
    const tokensFile = join(
      directory.path,
      'state',
      'toolwright',
      'mcp-oauth',
      serverDirectory!,
      'tokens.json',
    );
    expect(statSync(tokensFile).mode & 0o777).toBe(0o600);
    const tokens = JSON.parse(readFileSync(tokensFile, 'utf8')) as {
      access_token: string;
      refresh_token: string;
    };
    for (const run of [before, login, after]) {
      for (const secret of [tokens.access_token, tokens.refresh_token]) {
        expect(run.stdout + run.stderr).not.toContain(secret);
      }
    }

    const logout = await runCli(['mcp', 'logout', 'hosted'], options);
    expect([logout.code, logout.stdout]).toEqual([0, 'logged out of "hosted"\n']);
    expect((await runCli(['mcp', 'list'], options)).stdout).toMatch(/^hosted\s+needs_auth/m);
  });

  it('refuses a server without an oauth config, by name', async () => {
    const run = await runCli(['mcp', 'login', 'nowhere'], options);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no MCP server named "nowhere"');
  });
});
