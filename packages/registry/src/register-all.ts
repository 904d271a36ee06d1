import type { Tool } from '@toolwright/contracts';
import {
  RegisterAllError,
  type RegistrationFailure,
  RegistryError,
  RegistryErrorCode,
} from './registry-error.js';

/** What `registerAll` needs from the registry: the checks of `register`, and `register` itself. */
export interface BuiltinRegistrar {
  check(tool: Tool): void;
  register(tool: Tool): void;
}

function nameForFailure(tool: unknown, position: number): string {
  const name = typeof tool === 'object' && tool !== null ? (tool as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : `#${position}`;
}

function asRegistryError(error: unknown): RegistryError {
  if (RegistryError.isInstance(error)) return error;
  return new RegistryError(
    RegistryErrorCode.InvalidTool,
    `Registration failed unexpectedly: ${error instanceof Error ? error.message : String(error)}.`,
    { cause: error },
  );
}

/** Atomic: every tool is checked (duplicates within the batch too) before any is registered. */
function registerAtomically(batch: readonly Tool[], registrar: BuiltinRegistrar): void {
  const failures: RegistrationFailure[] = [];
  const seen = new Set<string>();
  for (const [position, tool] of batch.entries()) {
    try {
      registrar.check(tool);
      if (seen.has(tool.name)) {
        throw new RegistryError(
          RegistryErrorCode.DuplicateInBatch,
          `Tool "${tool.name}" appears more than once in the batch; each name may be registered once.`,
          { toolName: tool.name },
        );
      }
      seen.add(tool.name);
    } catch (error) {
      failures.push({ name: nameForFailure(tool, position), error: asRegistryError(error) });
    }
  }
  if (failures.length > 0) throw new RegisterAllError(failures, [], { atomic: true, size: batch.length });
  for (const tool of batch) registrar.register(tool);
}

/**
 * Registers a batch of built-ins. By default one by one: a failing tool does not stop the others,
 * and afterwards one {@link RegisterAllError} lists every failure; the tools that succeeded stay
 * registered. With `{ atomic: true }` nothing is registered if any tool fails.
 */
export function registerBatch(batch: readonly Tool[], atomic: boolean, registrar: BuiltinRegistrar): void {
  if (atomic) {
    registerAtomically(batch, registrar);
    return;
  }
  const failures: RegistrationFailure[] = [];
  const registered: string[] = [];
  for (const [position, tool] of batch.entries()) {
    try {
      registrar.register(tool);
      registered.push(tool.name);
    } catch (error) {
      failures.push({ name: nameForFailure(tool, position), error: asRegistryError(error) });
    }
  }
  if (failures.length > 0) {
    throw new RegisterAllError(failures, registered, { atomic: false, size: batch.length });
  }
}
