/** The `code` of the warning {@link warnNoExecutor} emits, for `--disable-warning` or a `warning` listener. */
const NO_EXECUTOR_WARNING_CODE = 'TOOLWRIGHT_AI_SDK_NO_EXECUTOR';

/**
 * Once per process, not per tool set: a host builds a tool set per conversation, and a warning
 * per conversation would train people to ignore it.
 */
let warned = false;

/**
 * Warns once per process, when the first call runs without an executor, that nothing checked
 * it: no permission policy, approval, hooks or spill. A tool set built without an executor is
 * easy to reach by accident (the option is optional), and then every tool the model names runs
 * with whatever it asked for.
 */
export function warnNoExecutor(tool: string): void {
  if (warned) return;
  warned = true;
  process.emitWarning(
    `@toolwright/ai-sdk ran "${tool}" without an executor: no permission policy, approval, hooks or spill apply to any call of a tool set built without one, so every tool the model calls runs as asked. Pass \`executor\` (a ToolExecutor with a PermissionPolicy) to toAiSdkTools; to run unchecked on purpose, silence this with --disable-warning=${NO_EXECUTOR_WARNING_CODE}.`,
    { type: 'Warning', code: NO_EXECUTOR_WARNING_CODE },
  );
}
