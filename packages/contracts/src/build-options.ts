import { checkBooleanOption, checkOptionNames, optionNames } from './check-options.js';

const BUILD_OPTION_NAMES = optionNames('BuildOptions', ['nullAsAbsent']);

/**
 * Throws `InvalidOptionError` for options of `Tool.build` (and `rebuildInvocation`) it cannot
 * honour: `nullAsAbsnet: true` would leave the nulls of a strict OpenAI call in the params, and
 * `nullAsAbsent: 'yes'` would be read as true.
 */
export function checkBuildOptions(options: unknown): void {
  checkOptionNames(BUILD_OPTION_NAMES, options);
  checkBooleanOption(
    BUILD_OPTION_NAMES.owner,
    'nullAsAbsent',
    (options as { nullAsAbsent?: unknown }).nullAsAbsent,
  );
}
