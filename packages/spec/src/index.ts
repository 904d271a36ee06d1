/**
 * `@toolwright/spec`: the versioned interfaces the toolwright packages speak to each other and
 * to a host, and nothing else that runs but the markers their shapes carry and the small
 * recognisers and adapters of their versions. Every package imports the interfaces from here,
 * so there is one definition of each; the interfaces of one version sit side by side under
 * `src/v1`, and a breaking change adds a `V2` beside its `V1`.
 *
 * @packageDocumentation
 */

export type { ToolMode } from './v1/tool-mode.js';
