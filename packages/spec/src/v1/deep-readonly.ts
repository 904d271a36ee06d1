/**
 * The type of a value frozen all the way down, as `ToolInvocation.params` is at run time.
 * Functions are left as they are; arrays become readonly arrays.
 */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer Item)[]
    ? readonly DeepReadonly<Item>[]
    : T extends object
      ? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
      : T;
