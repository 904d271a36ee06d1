import {
  type JsonSchema,
  type ProviderTarget,
  projectSchema,
  type SchemaValidator,
  ToolSchemaError,
} from '@toolwright/validation';
import { deepFreeze } from './deep-freeze.js';
import {
  assertProviderTarget,
  type FunctionDeclaration,
  INPUT_EXAMPLE_TARGETS,
} from './function-declaration.js';
import { inputExamplesOf, renderToolDescription, type ToolDescription } from './tool-description.js';

/** What a tool's declarations are rendered from. */
export interface DeclarationSource {
  readonly name: string;
  readonly description: ToolDescription;
  readonly validator: SchemaValidator;
  readonly strict: boolean;
}

/**
 * Returns a function that renders a tool's declaration for a target once and then serves the
 * same frozen object. Rendering happens on first request per target: most tools are only ever
 * declared to one provider, and deferred tools may never be declared at all.
 */
export function createDeclarationCache(
  source: DeclarationSource,
): (target: ProviderTarget) => FunctionDeclaration {
  const declarations = new Map<ProviderTarget, FunctionDeclaration>();
  // Two renderings at most: with every example in the text, and without the structured ones for
  // targets that take them as input examples. Each is rendered once and shared.
  let renderedDescription: string | undefined;
  let descriptionWithoutInputExamples: string | undefined;
  // Read on the first declaration, not at createTool: most tools are created and never declared.
  let inputExamples: readonly Readonly<Record<string, unknown>>[] | undefined;

  return (target) => {
    const cached = declarations.get(target);
    if (cached !== undefined) {
      return cached;
    }
    assertProviderTarget(target);
    inputExamples ??= Object.freeze(inputExamplesOf(source.description));
    const examplesApart = inputExamples.length > 0 && INPUT_EXAMPLE_TARGETS.includes(target);
    let description: string;
    if (examplesApart) {
      descriptionWithoutInputExamples ??= renderToolDescription(source.description, {
        structuredExamplesSentApart: true,
      });
      description = descriptionWithoutInputExamples;
    } else {
      renderedDescription ??= renderToolDescription(source.description);
      description = renderedDescription;
    }
    const isOpenAi = target === 'openai-chat' || target === 'openai-responses';
    const projected = projectFor(source, target, isOpenAi && source.strict);
    // Validation caches its projections; the declaration gets its own frozen copy so that
    // freezing it never touches another package's cache.
    const parameters = deepFreeze(structuredClone(projected));
    const { name, strict } = source;
    // The Responses API assumes strict when the flag is missing, so it is always stated there;
    // chat gets it only when set.
    const declaration: FunctionDeclaration = Object.freeze(
      target === 'openai-responses' || (target === 'openai-chat' && strict)
        ? { name, description, parameters, target, strict }
        : examplesApart
          ? { name, description, parameters, target, inputExamples }
          : { name, description, parameters, target },
    );
    declarations.set(target, declaration);
    return declaration;
  };
}

/** The tool's schema in the target's dialect; a schema the dialect cannot hold is named with its tool. */
function projectFor(source: DeclarationSource, target: ProviderTarget, strict: boolean): JsonSchema {
  try {
    return projectSchema(source.validator.toJsonSchema(), target, strict ? { strict: true } : undefined);
  } catch (error) {
    if (!ToolSchemaError.isInstance(error)) throw error;
    throw new ToolSchemaError(error.code, `tool "${source.name}": ${error.message}`, { cause: error });
  }
}
