import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { OAuthCredentialKindV1, OAuthCredentialValueV1 } from '@toolwright/spec';
import { userStateDirectory } from '@toolwright/utils/private-files';
import { GuardedPrivateDirectory } from '../private-state.js';

/** What is kept per server, one file each. */
const FILES: Readonly<Record<OAuthCredentialKindV1, string>> = {
  tokens: 'tokens.json',
  client: 'client.json',
  discovery: 'discovery.json',
};

/**
 * The default place of the OAuth store: `$XDG_STATE_HOME/toolwright/mcp-oauth`, or
 * `~/.local/state/toolwright/mcp-oauth`.
 */
export function defaultOAuthStoreDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return join(userStateDirectory(env), 'mcp-oauth');
}

/**
 * The key of one server's credentials (and the name of its directory in the local store): its
 * name and a hash of its URL, so that tokens saved for one URL are never sent to another server
 * configured later under the same name. Every worker of a fleet derives the same key.
 */
export function serverStoreName(server: string, url: URL): string {
  const hash = createHash('sha256').update(url.href).digest('hex').slice(0, 16);
  return `${hash}-${server.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

/**
 * The tokens, client registration and discovery results of one server (`serverKey`, see
 * {@link serverStoreName}), in a `PrivateDirectory` of `@toolwright/utils/private-files` (0700,
 * files 0600, owner-checked, written crash-safely). The directory is opened on first use, so a
 * server whose tokens are never needed creates nothing.
 */
export class OAuthStore {
  readonly #root: string;
  readonly #name: string;
  #directory: GuardedPrivateDirectory | undefined;

  constructor(root: string, serverKey: string) {
    this.#root = root;
    this.#name = serverKey;
  }

  /** The directory this server's files are in. */
  get path(): string {
    return join(this.#root, this.#name);
  }

  #open(): GuardedPrivateDirectory {
    this.#directory ??= new GuardedPrivateDirectory('OAuthStore', this.#root, this.#name);
    return this.#directory;
  }

  /** The value kept under `kind`, or `undefined` when there is none. */
  read(kind: OAuthCredentialKindV1): OAuthCredentialValueV1 | undefined {
    const bytes = this.#open().read(FILES[kind]);
    if (bytes === undefined) return undefined;
    let value: OAuthCredentialValueV1 | undefined;
    try {
      value = JSON.parse(bytes.toString('utf8')) as OAuthCredentialValueV1;
    } catch {
      // Written whole or not at all, so only a hand edit breaks it: as good as missing.
    }
    return value;
  }

  /** Replaces the value kept under `kind`. */
  write(kind: OAuthCredentialKindV1, value: OAuthCredentialValueV1): void {
    this.#open().write(FILES[kind], Buffer.from(JSON.stringify(value)));
  }

  /** Forgets the value kept under `kind`; true when there was one. */
  remove(kind: OAuthCredentialKindV1): boolean {
    return this.#open().remove(FILES[kind]);
  }
}
