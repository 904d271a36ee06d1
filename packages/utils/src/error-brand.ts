/**
 * How an error key is spelled: `toolwright.<package>.<ClassName>`, the package as in its npm name
 * without the scope (`mcp-adapter`) and the class name as written in its source.
 */
const ERROR_KEY = /^toolwright\.([a-z][a-z0-9-]*)\.([A-Z][A-Za-z0-9]*)$/;

/** Options of {@link brandErrorClass}. */
export interface ErrorBrandOptions {
  /**
   * Keys this class was recognised by in earlier releases. They are set on the prototype and
   * accepted by `isInstance` too, so that a copy of an earlier release installed beside this one
   * still recognises this copy's errors, and the other way round.
   */
  readonly formerKeys?: readonly string[];
}

/** The `isInstance` a branded error class gets. */
export type ErrorClassGuard<T> = (value: unknown) => value is T;

/**
 * Brands an error class with its key `toolwright.<package>.<ClassName>`, which gives it three
 * things a toolwright error class needs:
 *
 * - a marker: `Symbol.for(key)` set to `true` on the prototype (not enumerable, not writable), so
 *   every instance carries it without defining it per error, and a second installed copy of the
 *   package (another version in the same tree, or the CJS build beside the ESM one) sets and reads
 *   the same key;
 * - its name: the class's `name`, and through it every instance's `name`, is `<ClassName>` as
 *   written, also after a bundler renamed the class (esbuild emits
 *   `var RegistryError = class _RegistryError` for a class that refers to itself);
 * - a static `isInstance(value)` that checks this class's own marker only: it accepts this class's
 *   errors (and its subclasses') from any installed copy, and refuses its parent's, its siblings'
 *   and everything else. Being a plain function, it can be passed around (`errors.filter(...)`).
 *
 * Call it once, in the class's static block; declare the guard for TypeScript in the class body.
 *
 * @example
 * ```ts
 * export class RegistryError extends ToolwrightError<RegistryErrorCode> {
 *   declare static readonly isInstance: ErrorClassGuard<RegistryError>;
 *   static {
 *     brandErrorClass(RegistryError, 'toolwright.registry.RegistryError');
 *   }
 * }
 * ```
 */
export function brandErrorClass(
  errorClass: abstract new (...args: never[]) => Error,
  key: string,
  options: ErrorBrandOptions = {},
): void {
  const className = ERROR_KEY.exec(key)?.[2];
  if (className === undefined) {
    throw new TypeError(
      `brandErrorClass: key ${JSON.stringify(key)} is not of the form "toolwright.<package>.<ClassName>" ` +
        '(a lowercase package name without its scope, and the class name as written, e.g. "toolwright.registry.RegistryError").',
    );
  }
  const markers = [key, ...(options.formerKeys ?? [])].map((each) => Symbol.for(each));
  for (const marker of markers) Object.defineProperty(errorClass.prototype, marker, { value: true });
  Object.defineProperty(errorClass, 'name', { value: className, configurable: true });
  Object.defineProperty(errorClass.prototype, 'name', {
    value: className,
    writable: true,
    configurable: true,
  });
  const isInstance = (value: unknown): boolean =>
    typeof value === 'object' &&
    value !== null &&
    markers.some((marker) => (value as Record<symbol, unknown>)[marker] === true);
  Object.defineProperty(errorClass, 'isInstance', { value: isInstance, configurable: true });
}
