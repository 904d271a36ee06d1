/** Bytes of a stdio server's stderr kept: enough to explain a crash, never an unbounded buffer. */
const STDERR_TAIL_CHARACTERS = 2048;

/** The last output of a stdio server on stderr, quoted in errors about it. */
export class StderrTail {
  #tail = '';

  /** Keeps the end of `chunk` appended to what came before. */
  append(chunk: Uint8Array | string): void {
    this.#tail = (this.#tail + chunk.toString()).slice(-STDERR_TAIL_CHARACTERS);
  }

  /** `; its last output on stderr: "…"` for an error message, or `''` when there was none. */
  suffix(): string {
    const tail = this.#tail.trim();
    if (tail === '') return '';
    // A crash prints its reason first and a stack after it: quote from the first error line.
    const lines = tail.split('\n');
    const first = lines.findIndex((line) => /error|cannot|denied|not found/i.test(line));
    const quoted = first === -1 ? tail.slice(-300) : lines.slice(first).join('\n').slice(0, 300);
    return `; its last output on stderr: ${JSON.stringify(quoted)}`;
  }
}
