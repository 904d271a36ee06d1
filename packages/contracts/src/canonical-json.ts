/**
 * JSON with object keys sorted, so that equal params give equal text whatever order a model
 * sent the keys in. Used for default permission signatures and call descriptions.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map((item) => canonicalJson(item) ?? 'null').join(',')}]`;
  }
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
    const entries: string[] = [];
    for (const key of Object.keys(value).sort()) {
      const item = canonicalJson((value as Record<string, unknown>)[key]);
      if (item !== undefined) {
        entries.push(`${JSON.stringify(key)}:${item}`);
      }
    }
    return `{${entries.join(',')}}`;
  }
  // Leaves (and typed arrays) follow JSON.stringify; `undefined` and functions drop out above.
  return JSON.stringify(value) as string;
}
