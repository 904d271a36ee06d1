import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type {
  OAuthClientInformationMixed,
  OAuthDiscoveryState,
  OAuthTokens,
} from '@modelcontextprotocol/client';
import { userStateDirectory } from '@toolwright/utils/private-files';
import { GuardedPrivateDirectory } from '../private-state.js';

/** What is kept per server, one file each. */
const FILES = {
  tokens: 'tokens.json',
  client: 'client.json',
  discovery: 'discovery.json',
} as const;

/** Tokens as stored: the SDK's, plus when the access token expires (the SDK keeps only `expires_in`). */
export type StoredTokens = OAuthTokens & { readonly expires_at?: number };

/**
 * The default place of the OAuth store: `$XDG_STATE_HOME/toolwright/mcp-oauth`, or
 * `~/.local/state/toolwright/mcp-oauth`.
 */
export function defaultOAuthStoreDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return join(userStateDirectory(env), 'mcp-oauth');
}

/**
 * The directory of one server: its name and a hash of its URL, so that tokens saved for one
 * URL are never sent to another server configured later under the same name.
 */
export function serverStoreName(server: string, url: URL): string {
  const hash = createHash('sha256').update(url.href).digest('hex').slice(0, 16);
  return `${hash}-${server.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

/**
 * The tokens, client registration and discovery results of one server, in a
 * `PrivateDirectory` of `@toolwright/utils/private-files` (0700, files 0600, owner-checked, written
 * crash-safely). The directory is opened on first use, so a server whose tokens are never
 * needed creates nothing.
 */
export class OAuthStore {
  readonly #root: string;
  readonly #name: string;
  #directory: GuardedPrivateDirectory | undefined;

  constructor(root: string, server: string, url: URL) {
    this.#root = root;
    this.#name = serverStoreName(server, url);
  }

  /** The directory this server's files are in. */
  get path(): string {
    return join(this.#root, this.#name);
  }

  #open(): GuardedPrivateDirectory {
    this.#directory ??= new GuardedPrivateDirectory('OAuthStore', this.#root, this.#name);
    return this.#directory;
  }

  #read<T>(file: string): T | undefined {
    const bytes = this.#open().read(file);
    if (bytes === undefined) return undefined;
    const text = bytes.toString('utf8');
    let value: T | undefined;
    try {
      value = JSON.parse(text) as T;
    } catch {
      // Written whole or not at all, so only a hand edit breaks it: as good as missing.
    }
    return value;
  }

  #write(file: string, value: unknown): void {
    this.#open().write(file, Buffer.from(JSON.stringify(value)));
  }

  tokens(): StoredTokens | undefined {
    return this.#read<StoredTokens>(FILES.tokens);
  }

  /** Saves `tokens` with when they expire, and returns them as saved. */
  saveTokens(tokens: OAuthTokens, now = Date.now()): StoredTokens {
    const stored: StoredTokens =
      typeof tokens.expires_in === 'number'
        ? { ...tokens, expires_at: now + tokens.expires_in * 1000 }
        : tokens;
    this.#write(FILES.tokens, stored);
    return stored;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.#read<OAuthClientInformationMixed>(FILES.client);
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.#write(FILES.client, information);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#read<OAuthDiscoveryState>(FILES.discovery);
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#write(FILES.discovery, state);
  }

  /** Forgets what `scope` names (the SDK's `invalidateCredentials` scopes). */
  clear(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'verifier') return;
    const directory = this.#open();
    if (scope === 'all' || scope === 'tokens') directory.remove(FILES.tokens);
    if (scope === 'all' || scope === 'client') directory.remove(FILES.client);
    if (scope === 'all' || scope === 'discovery') directory.remove(FILES.discovery);
  }
}
