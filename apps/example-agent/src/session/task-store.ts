import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

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

/**
 * The session's task list, persisted as `tasks.json` in the session directory so that it
 * survives a restart of the agent. Every write replaces the file atomically (temporary file,
 * then rename) and writes are serialised, so a crash or two concurrent updates never leave a
 * torn or lost list.
 */
export class TaskStore {
  /** Absolute path of the JSON file. */
  readonly filePath: string;
  #state: TaskFile;
  #writes: Promise<void> = Promise.resolve();

  constructor(sessionDirectory: string) {
    this.filePath = join(sessionDirectory, 'tasks.json');
    this.#state = readTaskFile(this.filePath);
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
    const write = this.#writes.then(async () => {
      mkdirSync(dirname(this.filePath), { recursive: true, mode: 0o700 });
      const temporary = `${this.filePath}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, snapshot, { mode: 0o600, flag: 'wx' });
      await rename(temporary, this.filePath);
    });
    // A failed write must not poison every later one; the caller still sees its own failure.
    this.#writes = write.catch(() => undefined);
    return write;
  }
}

function readTaskFile(path: string): TaskFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { nextId: 1, tasks: [] };
  }
  const parsed = JSON.parse(text) as Partial<TaskFile>;
  return {
    nextId: typeof parsed.nextId === 'number' ? parsed.nextId : 1,
    tasks: Array.isArray(parsed.tasks) ? parsed.tasks : [],
  };
}
