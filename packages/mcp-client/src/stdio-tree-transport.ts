import { randomUUID } from 'node:crypto';
import type { Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport, type StdioServerParameters } from '@modelcontextprotocol/client/stdio';
import {
  descendantsIn,
  type ProcessEntry,
  processesWithEnvironment,
  processTable,
  signalSurvivors,
} from './process-tree.js';
import { endProcesses, endProcessTree } from './process-tree-end.js';

/**
 * The SDK's stdio transport as this module extends it: its public face, and `_dispose`, the
 * SDK's internal end of an era-probe sibling (declared private there, so named here to be extended).
 */
interface SdkStdioTransport extends Transport {
  readonly pid: number | null;
  readonly stderr: StdioClientTransport['stderr'];
  close(): Promise<void>;
  _dispose(): Promise<void>;
}
const SdkStdio = StdioClientTransport as unknown as new (params: StdioServerParameters) => SdkStdioTransport;

/** The environment variable that marks every process a stdio transport started, however deep. */
const TREE_MARK = 'TOOLWRIGHT_MCP_PROCESS_TREE';

/**
 * A stdio transport that ends the whole process tree it started: on close (whoever asks: the
 * adapter, or the SDK after a failed handshake), and for the short-lived sibling process the
 * SDK spawns from the same parameters to probe the server's era (`server/discover`). The SDK
 * ends that sibling's own process only; what a launcher (`npx`, a shell script) started below
 * it would outlive the connect, so each sibling is this class too, and its disposal reads and
 * ends its descendants. A close also ends a sibling still probing: a connect abandoned mid-
 * probe (timed out, or closed by the host) leaves nothing behind once close resolves. Each
 * transport marks what it starts with its own value of `TOOLWRIGHT_MCP_PROCESS_TREE` in the
 * environment, so what a child that ended by itself left behind is still found (Linux).
 *
 * The SDK spawns the sibling through the session transport's constructor, and probes on a
 * sibling only for a class whose prototype carries `_dispose` itself; both hold here, so the
 * sibling probe (which spares a server that exits on an unknown request) is kept.
 */
export function processTreeStdioTransport(
  params: StdioServerParameters,
  graceMs: number,
): Transport & { readonly stderr: StdioClientTransport['stderr'] } {
  const siblings = new Set<TreeStdioTransport>();
  let session: TreeStdioTransport | undefined;

  class TreeStdioTransport extends SdkStdio {
    #ending: Promise<void> | undefined;

    /** This transport's mark in the environment of all it starts (a sibling gets its own). */
    readonly #mark: string;

    constructor(sdkParams: StdioServerParameters) {
      const mark = randomUUID();
      super({ ...sdkParams, env: { ...sdkParams.env, [TREE_MARK]: mark } });
      this.#mark = `${TREE_MARK}=${mark}`;
      if (session !== undefined) siblings.add(this);
    }

    /** The SDK's end of a probe sibling: signals first, as the SDK does, but to the whole tree. */
    override _dispose(): Promise<void> {
      this.#ending ??= this.#endTree(async (descendants) => {
        await Promise.all([super._dispose(), signalSurvivors(descendants, 'SIGTERM')]);
        await endProcesses(descendants, graceMs);
      });
      return this.#ending;
    }

    override close(): Promise<void> {
      this.#ending ??= this.#endTree(async (descendants, pid) => {
        await Promise.all([
          endProcessTree(pid, descendants, super.close(), graceMs),
          ...[...siblings].map((sibling) => sibling._dispose()),
        ]);
      });
      return this.#ending;
    }

    /**
     * Runs `end` with what the child started: its descendants, read while the child is still
     * their parent, and whatever else carries this transport's mark (left by a child that ended
     * by itself: a server that crashed, a launcher that exited).
     */
    async #endTree(
      end: (descendants: ProcessEntry[], pid: number | undefined) => Promise<void>,
    ): Promise<void> {
      const pid = this.pid ?? undefined;
      const table = await processTable();
      const below = new Map(
        (pid === undefined ? [] : descendantsIn(table, pid)).map((entry) => [entry.pid, entry]),
      );
      for (const marked of await processesWithEnvironment(table, this.#mark)) {
        if (marked.pid !== pid) below.set(marked.pid, marked);
      }
      await end([...below.values()], pid);
    }
  }

  session = new TreeStdioTransport(params);
  return session;
}
