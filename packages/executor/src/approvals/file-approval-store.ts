import { readdirSync } from 'node:fs';
import type { ApprovalStoreV1, PendingApprovalV1 } from '@toolwright/spec';
import { PrivateDirectory, userStateDirectory } from '@toolwright/utils/private-files';

const RECORD_ID = /^[0-9a-f]{32}$/;

/**
 * The default approval store: one JSON file per pending approval, `<id>.json`, in a private
 * directory (0700, files 0600, written crash-safely) — by default `approvals` under the user's
 * toolwright state directory, so a second process of the same user (a CLI answering later, the
 * agent after a restart) finds what the first one left. `delete` unlinks the file, which only one
 * of two processes answering at once can do.
 */
export class FileApprovalStore implements ApprovalStoreV1 {
  readonly specificationVersion = 'v1' as const;
  readonly #directory: PrivateDirectory;

  /** `root` is the state directory to keep `approvals` under (default `userStateDirectory()`). */
  constructor(options: { readonly root?: string } = {}) {
    this.#directory = new PrivateDirectory(options.root ?? userStateDirectory(), 'approvals');
  }

  /** The directory the records are in. */
  get path(): string {
    return this.#directory.path;
  }

  async get(id: string): Promise<PendingApprovalV1 | undefined> {
    if (!RECORD_ID.test(id)) return undefined;
    const bytes = this.#directory.read(`${id}.json`);
    return bytes === undefined ? undefined : (JSON.parse(bytes.toString('utf8')) as PendingApprovalV1);
  }

  async put(record: PendingApprovalV1): Promise<void> {
    if (!RECORD_ID.test(record.id))
      throw new TypeError(`An approval id is 32 lowercase hex digits; got ${JSON.stringify(record.id)}.`);
    this.#directory.write(`${record.id}.json`, Buffer.from(JSON.stringify(record), 'utf8'));
  }

  async delete(id: string): Promise<boolean> {
    return RECORD_ID.test(id) ? this.#directory.remove(`${id}.json`) : false;
  }

  async list(): Promise<readonly PendingApprovalV1[]> {
    const records: PendingApprovalV1[] = [];
    for (const name of readdirSync(this.#directory.path)) {
      const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
      if (!RECORD_ID.test(id)) continue;
      const record = await this.get(id);
      if (record !== undefined) records.push(record);
    }
    return records;
  }
}
