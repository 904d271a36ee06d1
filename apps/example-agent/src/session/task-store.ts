import { lstatSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PrivateDirectory, PrivateFileError } from '@toolwright/utils/private-files';
import { AgentError, AgentErrorCode } from '../errors.js';

/** The states a task moves through. */
export const TASK_STATUSES = ['pending', 'in_progress', 'completed'] as const;
/** One of {@link TASK_STATUSES}. */
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A task on the session's list. */
export interface TaskRecord {
  id: string;
  subject: string;
  description: string;
  status: TaskStatus;
  createdAt: string;
  updatedAt: string;
}

/** A change to one task, as TaskUpdate accepts it. */
export interface TaskPatch {
  subject?: string;
  description?: string;
  status?: TaskStatus;
}

interface TaskFile {
  nextId: number;
  tasks: TaskRecord[];
}

const TASK_FILE = 'tasks.json';

/**
 * The session's task list, persisted as `tasks.json` in the session directory so that it
 * survives a restart of the agent. Every write replaces the file atomically (temporary file,
 * then rename) and writes are serialised, so a crash or two concurrent updates never leave a
 * torn or lost list.
 *
 * The session directory is private: a real directory of this user with mode 0700 (created so
 * on the first write, not before), in a parent that only this user or root owns, and the file
 * is this user's with mode 0600 and one link, opened without following links. Under a state
 * directory other users can write to, another user could otherwise plant a directory or a
 * `tasks.json` whose tasks the model would read as its own; such a directory or file, or a
 * link, is refused with an `AgentError` (`unsafe_state_directory`) naming it.
 */
export class TaskStore {
  /** Absolute path of the JSON file. */
  readonly filePath: string;
  readonly #sessionDirectory: string;
  #state: TaskFile;
  #writes: Promise<void> = Promise.resolve();

  /** @throws AgentError `unsafe_state_directory` when the directory or the file is not private. */
  constructor(sessionDirectory: string) {
    this.#sessionDirectory = sessionDirectory;
    this.filePath = join(sessionDirectory, TASK_FILE);
    // A session that never wrote has no directory: reading must not create one.
    const exists = lstatSync(sessionDirectory, { throwIfNoEntry: false }) !== undefined;
    this.#state = exists ? parseTaskFile(this.#private((directory) => directory.read(TASK_FILE))) : EMPTY;
  }

  /** Every task, oldest first (copies). */
  list(): TaskRecord[] {
    return this.#state.tasks.map((task) => ({ ...task }));
  }

  /** One task by id, or undefined. */
  get(id: string): TaskRecord | undefined {
    const task = this.#state.tasks.find((candidate) => candidate.id === id);
    return task === undefined ? undefined : { ...task };
  }

  /** Adds a pending task and persists the list; ids are never reused within a session. */
  async create(subject: string, description: string): Promise<TaskRecord> {
    const now = new Date().toISOString();
    const task: TaskRecord = {
      id: String(this.#state.nextId),
      subject,
      description,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    };
    this.#state = { nextId: this.#state.nextId + 1, tasks: [...this.#state.tasks, task] };
    await this.#persist();
    return { ...task };
  }

  /** Applies a patch and persists; undefined when no task has that id. */
  async update(id: string, patch: TaskPatch): Promise<TaskRecord | undefined> {
    const existing = this.#state.tasks.find((task) => task.id === id);
    if (existing === undefined) return undefined;
    const updated: TaskRecord = { ...existing, ...patch, updatedAt: new Date().toISOString() };
    this.#state = {
      nextId: this.#state.nextId,
      tasks: this.#state.tasks.map((task) => (task.id === id ? updated : task)),
    };
    await this.#persist();
    return { ...updated };
  }

  #persist(): Promise<void> {
    const snapshot = JSON.stringify(this.#state, null, 2);
    const write = this.#writes.then(() => {
      this.#private((directory) => directory.write(TASK_FILE, Buffer.from(snapshot, 'utf8')));
    });
    // A failed write must not poison every later one; the caller still sees its own failure.
    this.#writes = write.catch(() => undefined);
    return write;
  }

  /**
   * Runs `use` on the session directory, opened (and created when missing) as a private
   * directory and checked anew on every use, so a directory swapped after an earlier check is
   * refused too; its refusals become the agent's.
   */
  #private<T>(use: (directory: PrivateDirectory) => T): T {
    try {
      return use(new PrivateDirectory(dirname(this.#sessionDirectory), basename(this.#sessionDirectory)));
    } catch (error) {
      if (!PrivateFileError.isInstance(error)) throw error;
      throw new AgentError(
        AgentErrorCode.UnsafeStateDirectory,
        `Refusing the session's task list in ${this.#sessionDirectory}: ${error.message} ` +
          'Another user may have planted it; remove it, or set TOOLWRIGHT_HOME to a directory only you can write to.',
        { cause: error },
      );
    }
  }
}

const EMPTY: TaskFile = { nextId: 1, tasks: [] };

function parseTaskFile(bytes: Buffer | undefined): TaskFile {
  if (bytes === undefined) return EMPTY;
  const parsed = JSON.parse(bytes.toString('utf8')) as Partial<TaskFile>;
  return {
    nextId: typeof parsed.nextId === 'number' ? parsed.nextId : 1,
    tasks: Array.isArray(parsed.tasks) ? parsed.tasks : [],
  };
}
