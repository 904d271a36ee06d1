import { ToolValidationError } from '@toolwright/validation';
import { checkBuildOptions } from './build-options.js';
import { ContractsErrorCode, ToolInvocationError } from './errors.js';
import { formatValue } from './format-value.js';
import { CONTRACTS_ACCEPTS } from './specification-version.js';
import type { BuildOptions, Tool } from './tool.js';
import {
  describeInvocationVersionProblem,
  isToolInvocation,
  retireInvocation,
  type ToolInvocation,
} from './tool-invocation.js';

/**
 * Applies a hook's change to an invocation's params by building a new invocation.
 *
 * The patch is merged over the old params (a key set to `undefined` is removed, so its default
 * applies again) and the result goes through `tool.build` — validation, coercion and defaults
 * run as for a call from the model. The old invocation is retired whether or not the change
 * was valid: a hook asked for different params, so the old ones must not run; executing it
 * rejects with `invocation_superseded`.
 *
 * Throws `ToolValidationError` (same code and issues as `build` would give, the message saying
 * the hook's change was invalid) when the merged params are rejected, and `ToolInvocationError`
 * when the invocation belongs to another tool or the patch is not a plain object.
 */
export function rebuildInvocation<P>(
  tool: Tool<P>,
  invocation: ToolInvocation<P>,
  patch: Readonly<Record<string, unknown>>,
  options?: BuildOptions,
): ToolInvocation<P> {
  const versionProblem = describeInvocationVersionProblem(invocation, CONTRACTS_ACCEPTS);
  if (versionProblem !== undefined) {
    throw new ToolInvocationError(
      ContractsErrorCode.UnsupportedSpecificationVersion,
      tool.name,
      `rebuildInvocation: ${versionProblem}; rebuild it with the contracts that built it.`,
    );
  }
  if (!isToolInvocation(invocation) || invocation.toolName !== tool.name) {
    throw new ToolInvocationError(
      ContractsErrorCode.InvocationToolMismatch,
      tool.name,
      `rebuildInvocation: the invocation belongs to ${isToolInvocation(invocation) ? `"${invocation.toolName}"` : formatValue(invocation)}, ` +
        `not to "${tool.name}"; pass the tool that built it.`,
    );
  }
  if (!isPlainRecord(patch)) {
    throw new ToolInvocationError(
      ContractsErrorCode.InvalidInvocationPatch,
      tool.name,
      `rebuildInvocation: the patch for "${tool.name}" is ${formatValue(patch)}; expected a plain object of params to change.`,
    );
  }
  // Checked before the old invocation is retired: a typo in the options is the caller's bug and
  // must not cost the invocation.
  if (options !== undefined) {
    checkBuildOptions(options);
  }
  retireInvocation(invocation);

  const current = invocation.params;
  const merged: Record<string, unknown> =
    typeof current === 'object' && current !== null ? { ...(current as Record<string, unknown>) } : {};
  for (const key of Object.keys(patch)) {
    if (patch[key] === undefined) {
      delete merged[key];
    } else {
      // A data property even for "__proto__", so that validation sees the key (and refuses it)
      // instead of the merge quietly changing the object's prototype.
      Object.defineProperty(merged, key, {
        value: patch[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }

  try {
    return tool.build(merged, options);
  } catch (error) {
    if (!ToolValidationError.isInstance(error)) {
      throw error;
    }
    const changedKeys =
      Object.keys(patch)
        .map((key) => `"${key}"`)
        .join(', ') || 'none';
    throw new ToolValidationError(
      error.code,
      `A hook's change to the params of "${tool.name}" was invalid (changed: ${changedKeys}); ` +
        `the original invocation is retired and will not run.\n${error.message}`,
      { toolName: error.toolName ?? tool.name, issues: error.issues },
      { cause: error },
    );
  }
}

function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
