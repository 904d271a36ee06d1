import { createRequire } from 'node:module';
import type * as TypeBoxRoot from '@sinclair/typebox';
import type * as TypeBoxCompiler from '@sinclair/typebox/compiler';
import type * as TypeBoxErrors from '@sinclair/typebox/errors';
import type * as TypeBoxValue from '@sinclair/typebox/value';
import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';

/** The parts of `@sinclair/typebox` 0.32–0.34 this package uses. */
interface TypeBox034 {
  readonly Type: typeof TypeBoxRoot.Type;
  readonly TypeCompiler: typeof TypeBoxCompiler.TypeCompiler;
  readonly Value: typeof TypeBoxValue.Value;
  readonly ValueErrorType: typeof TypeBoxErrors.ValueErrorType;
}

let loaded: TypeBox034 | undefined;

/**
 * `@sinclair/typebox` is an optional peer: it is loaded on first use — when a TypeBox 0.34
 * schema is compiled or `ToolSchemas` builds one — never when this package is imported, so that
 * a project with only Zod, Valibot, ArkType or `typebox` 1.x installs and runs without it. The
 * load is synchronous (`createTool` is), through Node's `require`: TypeBox's CommonJS build.
 * Schemas made with its ES module build work alike (TypeBox marks kinds with `Symbol.for`); only
 * formats registered in the other build's `FormatRegistry` are not seen.
 */
function typeBox034(): TypeBox034 {
  if (loaded === undefined) {
    // Resolved from this file: `__filename` in the CommonJS build, `import.meta.url` in the ES one.
    // (A bare `require` would be replaced by the bundler's ESM stub, which refuses to load.)
    const load = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
    try {
      loaded = {
        Type: (load('@sinclair/typebox') as typeof TypeBoxRoot).Type,
        TypeCompiler: (load('@sinclair/typebox/compiler') as typeof TypeBoxCompiler).TypeCompiler,
        Value: (load('@sinclair/typebox/value') as typeof TypeBoxValue).Value,
        ValueErrorType: (load('@sinclair/typebox/errors') as typeof TypeBoxErrors).ValueErrorType,
      };
    } catch (error) {
      throw new ToolSchemaError(
        ValidationErrorCode.SchemaCompileFailed,
        `@sinclair/typebox could not be loaded (${(error as Error).message}); TypeBox 0.34 schemas and ToolSchemas need it installed (npm install @sinclair/typebox@^0.34)`,
        { cause: error },
      );
    }
  }
  return loaded;
}

/** A stand-in for one of TypeBox's namespace objects that loads TypeBox on first property access. */
function lazyNamespace<K extends keyof TypeBox034>(key: K): TypeBox034[K] {
  return new Proxy({} as TypeBox034[K], {
    get: (_target, property) => (typeBox034()[key] as unknown as Record<PropertyKey, unknown>)[property],
  });
}

/** `Type` of `@sinclair/typebox`, loaded on first use. */
export const Type = lazyNamespace('Type');
/** `TypeCompiler` of `@sinclair/typebox/compiler`, loaded on first use. */
export const TypeCompiler = lazyNamespace('TypeCompiler');
/** `Value` of `@sinclair/typebox/value`, loaded on first use. */
export const Value = lazyNamespace('Value');
/** `ValueErrorType` of `@sinclair/typebox/errors`, loaded on first use. */
export const ValueErrorType = lazyNamespace('ValueErrorType');
