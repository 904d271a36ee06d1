import {
  describeOutputIssues,
  isToolResult,
  type LlmContentPart,
  structuredOutputIssues,
  type Tool,
  type ToolResult,
  ToolResults,
} from '@toolwright/contracts';
import { findOptionsProblem, type OptionTable, previewValue } from '@toolwright/utils';
import type { ExecutorEvent, PostToolHook, PostToolHookInput, PostToolHookResult } from './executed-call.js';
import { ExecutorError, ExecutorErrorCode } from './executor-error.js';

/** The outcome of a call once every post-tool hook has seen it. */
export interface AfterHooks {
  readonly status: PostToolHookInput['status'];
  readonly result: ToolResult;
  /** Set when a hook stopped the turn (the last reason given wins). */
  readonly stopTurn?: string;
}

/** What a hook may answer, checked as any options object is (unknown keys named, with the nearest). */
const ANSWER: OptionTable<Exclude<PostToolHookResult, undefined>> = {
  result: { kind: 'custom', accepts: 'a ToolResult (build one with ToolResults)' },
  note: { kind: 'string', nonEmpty: true },
  stopTurn: { kind: 'string', nonEmpty: true },
};

/** Why a hook's answer cannot be used, naming what is accepted; undefined when it can. */
function answerProblem(answer: unknown): string | undefined {
  const problem = findOptionsProblem('PostToolHookResult', answer, ANSWER);
  if (problem !== undefined) return `its answer is refused (${problem.message.replace(/\.$/, '')})`;
  const { result } = answer as { result?: unknown };
  if (result !== undefined && !isToolResult(result))
    return `its result ${previewValue(result)} is not a ToolResult (build one with ToolResults)`;
  return undefined;
}

/**
 * Why a replacement breaks the tool's output schema, as the tool's own result would have: a
 * success of a tool that declares one carries matching `structuredContent` (a hook that redacts
 * the text redacts the structured value too, within the schema). Undefined when it does not.
 */
function outputSchemaProblem(tool: Tool, replacement: ToolResult): string | undefined {
  const validator = tool.outputValidator;
  if (validator === undefined || replacement.error !== undefined) return undefined;
  if (replacement.structuredContent === undefined)
    return `its result has no structuredContent, but ${tool.name} declares an outputSchema (give the redacted value with ToolResults.structured)`;
  const issues = structuredOutputIssues(validator, replacement.structuredContent);
  return issues.length === 0
    ? undefined
    : `its result's structuredContent does not match the outputSchema of ${tool.name}:\n${describeOutputIssues(issues)}`;
}

/** The result with `note` as one more text part after its content. */
function withNote(result: ToolResult, note: string): ToolResult {
  const parts: readonly LlmContentPart[] =
    typeof result.llmContent === 'string' ? [{ type: 'text', text: result.llmContent }] : result.llmContent;
  const noted: LlmContentPart = { type: 'text', text: note };
  return Object.freeze({ ...result, llmContent: [...parts, noted] });
}

/** A replaced result keeps a failure's own status (a timeout stays one); any other failure is `error`. */
function statusOf(result: ToolResult, before: PostToolHookInput['status']): PostToolHookInput['status'] {
  if (result.error === undefined) return 'success';
  return before === 'success' ? 'error' : before;
}

/**
 * Runs the post-tool hooks over a call that ran, in order. Every hook runs, even after one asked
 * to stop the turn: a later hook may be the one that redacts. A hook that throws, or answers
 * something unusable, fails the call as `hook_failed` with the output withheld (it may have been
 * meant to redact it), and no later hook runs.
 */
export async function applyPostToolHooks(
  hooks: readonly PostToolHook[],
  input: PostToolHookInput,
  onEvent: ((event: ExecutorEvent) => void) | undefined,
): Promise<AfterHooks> {
  let { status, result } = input;
  let stopTurn: string | undefined;
  for (const [index, hook] of hooks.entries()) {
    let answer: PostToolHookResult;
    try {
      answer = await hook({ ...input, status, result });
    } catch (error) {
      return hookFailed(
        input,
        index,
        `it threw: ${error instanceof Error ? error.message : previewValue(error)}`,
      );
    }
    if (answer === undefined) continue;
    const problem = answerProblem(answer);
    if (problem !== undefined) return hookFailed(input, index, problem);
    if (answer.result !== undefined) {
      const broken = outputSchemaProblem(input.tool, answer.result);
      if (broken !== undefined) return hookFailed(input, index, broken);
      result = answer.result;
      status = statusOf(result, status);
    }
    if (answer.note !== undefined) result = withNote(result, answer.note);
    if (answer.stopTurn !== undefined) stopTurn = answer.stopTurn;
    onEvent?.({
      type: 'post-hook',
      callId: input.call.id,
      call: input.call,
      replaced: answer.result !== undefined,
      ...(answer.note === undefined ? {} : { note: answer.note }),
      ...(answer.stopTurn === undefined ? {} : { stopTurn: answer.stopTurn }),
    });
  }
  return stopTurn === undefined ? { status, result } : { status, result, stopTurn };
}

function hookFailed(input: PostToolHookInput, index: number, problem: string): AfterHooks {
  const failure = new ExecutorError(
    ExecutorErrorCode.HookFailed,
    `Post-tool hook ${index + 1} failed after ${input.call.name}: ${problem}. The tool's output is withheld.`,
  );
  return { status: 'error', result: ToolResults.executionError(failure) };
}

/** The reason the calls a stopped turn left unfinished are aborted with. */
export function turnStopped(toolName: string, reason: string): ExecutorError {
  return new ExecutorError(
    ExecutorErrorCode.TurnStopped,
    `Not run to the end: a post-tool hook stopped the turn after ${toolName}: ${reason}`,
  );
}
