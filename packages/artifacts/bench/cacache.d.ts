// cacache ships no types; the benchmark uses only `put`.
declare module 'cacache' {
  /** Stores `data` under `key` in the cache at `cache`; resolves to its SRI integrity string. */
  export function put(
    cache: string,
    key: string,
    data: Uint8Array,
    options?: { algorithms?: string[] },
  ): Promise<string>;
}
