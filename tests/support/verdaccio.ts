import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { cleanEnvironment } from './pack.js';
import { repoRoot } from './workspace.js';

/**
 * A real npm registry for the release rehearsal: Verdaccio, installed from tooling/verdaccio's
 * lockfile into its git-ignored node_modules, started on 127.0.0.1 with its config and storage
 * in a temporary folder. It serves only what is published to it (no uplink): `@toolwright/*`
 * comes from it, everything else from the npm registry through a scoped registry setting.
 */
export interface LocalRegistry {
  readonly url: string;
  /** An auth token for publishing (a user created on start). */
  readonly token: string;
  /** The `.npmrc` lines a project needs to take `@toolwright/*` from this registry. */
  readonly npmrc: string;
  stop(): Promise<void>;
}

const VERDACCIO_DIRECTORY = join(repoRoot, 'tooling', 'verdaccio');

/** Installs the pinned Verdaccio (`npm ci`) unless that version is already there. */
export function installVerdaccio(): string {
  const wanted = JSON.parse(readFileSync(join(VERDACCIO_DIRECTORY, 'package.json'), 'utf8')).dependencies
    .verdaccio as string;
  const manifest = join(VERDACCIO_DIRECTORY, 'node_modules', 'verdaccio', 'package.json');
  const installed = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
  if (installed !== wanted) {
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: VERDACCIO_DIRECTORY,
      stdio: 'pipe',
      env: cleanEnvironment(),
    });
  }
  return join(VERDACCIO_DIRECTORY, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Verdaccio exited (${child.exitCode}) on start:\n${output()}`);
    try {
      const response = await fetch(`${url}-/ping`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Verdaccio did not answer ${url}-/ping within 60 s:\n${output()}`);
}

/** Starts Verdaccio with its config and storage under `directory`, and creates a publishing user. */
export async function startLocalRegistry(directory: string): Promise<LocalRegistry> {
  const bin = installVerdaccio();
  mkdirSync(join(directory, 'storage'), { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = join(directory, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${join(directory, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${join(directory, 'htpasswd')}`,
      '    max_users: 10',
      // No uplinks: only what the rehearsal publishes is served, and nothing reaches the internet.
      'uplinks: {}',
      'packages:',
      "  '@toolwright/*':",
      '    access: $all',
      '    publish: $authenticated',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  let output = '';
  const child = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], {
    cwd: directory,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: cleanEnvironment(),
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitUntilUp(url, child, () => output);
    // What `npm adduser` does: PUT the user; Verdaccio answers with a token.
    const response = await fetch(`${url}-/user/org.couchdb.user:rehearsal`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'rehearsal', password: 'rehearsal-password', type: 'user', roles: [] }),
    });
    const body = (await response.json()) as { token?: string };
    if (!response.ok || !body.token)
      throw new Error(`creating the publishing user failed: ${JSON.stringify(body)}`);
    const hostPath = url.replace(/^http:/, '');
    return {
      url,
      token: body.token,
      npmrc: `@toolwright:registry=${url}\n${hostPath}:_authToken=${body.token}\n`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
