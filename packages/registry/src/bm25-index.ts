import { tokenize } from './tokenize.js';

/** The text of one document (a tool) the index ranks. */
export interface SearchDocument {
  name: string;
  description: string;
  tags: readonly string[];
  server?: string | undefined;
}

/** A ranked hit. */
export interface SearchHit {
  id: string;
  score: number;
}

/** Tuning of the ranking; the defaults are the usual BM25 values and field boosts. */
export interface Bm25Options {
  /** Term-frequency saturation, default 1.2. */
  k1?: number;
  /** Length normalisation, default 0.75. */
  b?: number;
  /** How much a term in each field counts; defaults name 3, tags 2, server 2, description 1. */
  fieldWeights?: Partial<Record<keyof SearchDocument, number>>;
}

interface IndexedDocument {
  /** Each distinct term of the document, to find its postings again on removal. */
  terms: string[];
  length: number;
}

// A query term with no exact posting is widened to vocabulary terms it prefixes (`calend` ->
// `calendar`), at a discount, and to at most this many of them.
const PREFIX_EXPANSION_LIMIT = 32;
const PREFIX_DISCOUNT = 0.5;
const MIN_PREFIX_LENGTH = 3;

/**
 * An incremental BM25F-style index. Adding or removing a document touches only that document's
 * postings; corpus statistics (document count, average length) are running totals read at query
 * time, so a one-tool catalog change never rebuilds the index.
 */
export class Bm25Index {
  readonly #postings = new Map<string, Map<string, number>>();
  readonly #documents = new Map<string, IndexedDocument>();
  #totalLength = 0;
  readonly #k1: number;
  readonly #b: number;
  readonly #weights: Record<keyof SearchDocument, number>;

  /** Creates an empty index. */
  constructor(options: Bm25Options = {}) {
    this.#k1 = options.k1 ?? 1.2;
    this.#b = options.b ?? 0.75;
    this.#weights = { name: 3, tags: 2, server: 2, description: 1, ...options.fieldWeights };
  }

  /** Number of documents indexed. */
  get size(): number {
    return this.#documents.size;
  }

  /** Number of distinct terms indexed. */
  get vocabularySize(): number {
    return this.#postings.size;
  }

  /** True when `id` is indexed. */
  has(id: string): boolean {
    return this.#documents.has(id);
  }

  /** An independent copy: changes to either index never show in the other. */
  clone(): Bm25Index {
    const copy = new Bm25Index({ k1: this.#k1, b: this.#b, fieldWeights: this.#weights });
    for (const [term, posting] of this.#postings) copy.#postings.set(term, new Map(posting));
    for (const [id, document] of this.#documents) copy.#documents.set(id, document);
    copy.#totalLength = this.#totalLength;
    return copy;
  }

  /** Indexes a document under `id`, replacing what was indexed under that id before. */
  add(id: string, document: SearchDocument): void {
    if (this.#documents.has(id)) this.remove(id);
    const frequencies = new Map<string, number>();
    let length = 0;
    const count = (text: string, weight: number): void => {
      for (const term of tokenize(text)) {
        frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
        length += weight;
      }
    };
    count(document.name, this.#weights.name);
    count(document.description, this.#weights.description);
    for (const tag of document.tags) count(tag, this.#weights.tags);
    if (document.server !== undefined) count(document.server, this.#weights.server);

    for (const [term, frequency] of frequencies) {
      let posting = this.#postings.get(term);
      if (posting === undefined) {
        posting = new Map();
        this.#postings.set(term, posting);
      }
      posting.set(id, frequency);
    }
    this.#documents.set(id, { terms: [...frequencies.keys()], length });
    this.#totalLength += length;
  }

  /** Removes a document; returns false when it was not indexed. */
  remove(id: string): boolean {
    const document = this.#documents.get(id);
    if (document === undefined) return false;
    for (const term of document.terms) {
      const posting = this.#postings.get(term);
      if (posting === undefined) continue;
      posting.delete(id);
      if (posting.size === 0) this.#postings.delete(term);
    }
    this.#documents.delete(id);
    this.#totalLength -= document.length;
    return true;
  }

  /**
   * The best `limit` documents for `query`, highest score first (ties by id, code unit order),
   * skipping ids for which `accept` returns false. Documents matching no query term are absent.
   */
  search(query: string, limit: number, accept?: (id: string) => boolean): SearchHit[] {
    if (limit < 1 || this.#documents.size === 0) return [];
    const scores = new Map<string, number>();
    const documentCount = this.#documents.size;
    const averageLength = this.#totalLength / documentCount || 1;
    for (const [term, boost] of this.#expandQuery(query)) {
      const posting = this.#postings.get(term);
      if (posting === undefined) continue;
      const documentFrequency = posting.size;
      const idf = Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
      for (const [id, frequency] of posting) {
        const length = this.#documents.get(id)?.length ?? averageLength;
        const normalised = frequency + this.#k1 * (1 - this.#b + (this.#b * length) / averageLength);
        const score = (boost * idf * frequency * (this.#k1 + 1)) / normalised;
        scores.set(id, (scores.get(id) ?? 0) + score);
      }
    }
    return topHits(scores, limit, accept);
  }

  /** Query terms with their boost: exact terms at 1, prefix expansions of unknown terms discounted. */
  #expandQuery(query: string): Map<string, number> {
    const expanded = new Map<string, number>();
    for (const term of tokenize(query)) {
      if (this.#postings.has(term)) {
        expanded.set(term, Math.max(expanded.get(term) ?? 0, 1));
        continue;
      }
      if (term.length < MIN_PREFIX_LENGTH) continue;
      let taken = 0;
      for (const candidate of this.#postings.keys()) {
        if (!candidate.startsWith(term)) continue;
        expanded.set(candidate, Math.max(expanded.get(candidate) ?? 0, PREFIX_DISCOUNT));
        taken += 1;
        if (taken >= PREFIX_EXPANSION_LIMIT) break;
      }
    }
    return expanded;
  }
}

/** Orders hits by score, then id; the order every ranking in this package uses. */
export function compareHits(left: SearchHit, right: SearchHit): number {
  if (left.score !== right.score) return right.score - left.score;
  return left.id < right.id ? -1 : left.id > right.id ? 1 : 0;
}

/**
 * Keeps the best `limit` hits with a small sorted buffer instead of sorting every candidate: a
 * common term can match thousands of tools while the caller wants five.
 */
function topHits(scores: Map<string, number>, limit: number, accept?: (id: string) => boolean): SearchHit[] {
  const best: SearchHit[] = [];
  for (const [id, score] of scores) {
    if (best.length === limit) {
      const worst = best[best.length - 1];
      if (worst !== undefined && compareHits({ id, score }, worst) >= 0) continue;
    }
    if (accept !== undefined && !accept(id)) continue;
    const hit = { id, score };
    let position = best.length;
    while (position > 0) {
      const previous = best[position - 1];
      if (previous === undefined || compareHits(previous, hit) <= 0) break;
      position -= 1;
    }
    best.splice(position, 0, hit);
    if (best.length > limit) best.pop();
  }
  return best;
}
