import { PrivateDirectory, userStateDirectory } from '@toolwright/utils/private-files';
import { hasHostSignature, hostSignature } from './host-signature.js';

/** One "always allow": a tool, as it was defined when the person said so. */
export interface AlwaysAllowEntry {
  readonly toolName: string;
  readonly toolFingerprint: string;
  readonly fingerprintFromServer: boolean;
  /** When set, only calls with exactly these arguments (their hash) are allowed. */
  readonly argumentsHash?: string;
  /** When set, only calls this allow rule (the tool's name and an argument pattern) covers. */
  readonly rule?: string;
  readonly signature: string;
}

const FILE = 'always-allow.json';

/**
 * The "always allow" answers a host keeps, each bound to the tool's fingerprint: a tool whose
 * definition changes (an MCP server's rug pull, an edited declaration) is not covered any more.
 * One private file beside the pending approvals; every entry is signed with the host key, so an
 * entry written into the file by anyone else is ignored.
 */
export class AlwaysAllowList {
  readonly #root: string | undefined;
  readonly #key: Uint8Array;
  #opened: PrivateDirectory | undefined;

  constructor(key: Uint8Array, root?: string) {
    this.#key = key;
    this.#root = root;
  }

  /** Opened at first use, so that making a desk touches no disk. */
  get #directory(): PrivateDirectory {
    this.#opened ??= new PrivateDirectory(this.#root ?? userStateDirectory(), 'approvals');
    return this.#opened;
  }

  /** The entries this host signed. */
  entries(): AlwaysAllowEntry[] {
    const bytes = this.#directory.read(FILE);
    if (bytes === undefined) return [];
    const parsed = JSON.parse(bytes.toString('utf8')) as unknown;
    return Array.isArray(parsed)
      ? (parsed as AlwaysAllowEntry[]).filter((entry) => this.#signedByUs(entry))
      : [];
  }

  add(entry: Omit<AlwaysAllowEntry, 'signature'>): void {
    const signed = { ...entry, signature: hostSignature(entry, this.#key) };
    this.#directory.write(FILE, Buffer.from(JSON.stringify([...this.entries(), signed]), 'utf8'));
  }

  #signedByUs(entry: AlwaysAllowEntry): boolean {
    if (typeof entry !== 'object' || entry === null || typeof entry.signature !== 'string') return false;
    const { signature, ...unsigned } = entry;
    return hasHostSignature(unsigned, signature, this.#key);
  }
}
