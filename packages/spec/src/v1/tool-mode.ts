/**
 * Which tools reach the model: `'plan'` keeps only `ReadOnly` tools. The registry filters the
 * declarations by it and the executor's permission policy refuses by it, so it is part of the
 * interface both speak rather than of either package.
 */
export type ToolMode = 'default' | 'plan';
