import { InvalidArgumentError } from 'commander';

/**
 * Parses `--base-url`: an `http://` or `https://` URL, as `baseUrl` in the config must be. A
 * bare `localhost:11434/v1` parses as a URL with the scheme `localhost:`, and the SDK would
 * only fail later with a vague connection error; it is refused here, naming what is accepted.
 */
export function parseBaseUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InvalidArgumentError(
      `--base-url must be an http:// or https:// URL, e.g. http://127.0.0.1:11434/v1; got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}
