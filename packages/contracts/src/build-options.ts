import { checkOptions, type OptionTable } from '@toolwright/utils';
import { invalidOption } from './invalid-option.js';
import type { BuildOptions } from './tool.js';

const BUILD_OPTIONS: OptionTable<BuildOptions> = { nullAsAbsent: { kind: 'boolean' } };

/**
 * Throws `InvalidOptionError` for options of `Tool.build` (and `rebuildInvocation`) it cannot
 * honour: `nullAsAbsnet: true` would leave the nulls of a strict OpenAI call in the params, and
 * `nullAsAbsent: 'yes'` would be read as true.
 */
export function checkBuildOptions(options: unknown): void {
  checkOptions('BuildOptions', options, BUILD_OPTIONS, invalidOption);
}
