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
  readonly id: string;
  /**
   * The posting of each distinct term of the document, to find them again on removal. Postings,
   * not term strings: the index keeps one string per term, not one per term and document.
   */
  readonly postings: readonly Posting[];
  readonly length: number;
}

/**
 * The documents containing one term, as two parallel arrays of small integers (document slot and
 * weighted term frequency). Arrays of numbers are several times cheaper to build and scan than a
 * map per term. A removed document's entries stay behind as dead slots, skipped by searches and
 * swept out once they outnumber the live ones.
 */
interface Posting {
  /** The term, held once, here (the postings map's key is the same string). */
  readonly term: string;
  slots: number[];
  frequencies: number[];
  /** Live documents in this posting: the term's document frequency. */
  live: number;
}

// A query term with no exact posting is widened to vocabulary terms it prefixes (`calend` ->
// `calendar`), at a discount, and to at most this many of them.
const PREFIX_EXPANSION_LIMIT = 32;
const PREFIX_DISCOUNT = 0.5;
const MIN_PREFIX_LENGTH = 3;

/**
 * An incremental BM25F-style index. Adding or removing a document touches only that document's
 * postings; corpus statistics (document count, average length) are running totals read at query
 * time, so a one-tool catalog change never rebuilds the index. (Dead entries left by removals are
 * swept when they outnumber live ones: amortised, never per change.)
 */
export class Bm25Index {
  readonly #postings = new Map<string, Posting>();
  /** Document by slot; `undefined` marks a removed document whose slot is not reusable yet. */
  #documents: (IndexedDocument | undefined)[] = [];
  readonly #slotOf = new Map<string, number>();
  #liveEntries = 0;
  #deadEntries = 0;
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
    return this.#slotOf.size;
  }

  /** Number of distinct terms indexed. */
  get vocabularySize(): number {
    return this.#postings.size;
  }

  /** True when `id` is indexed. */
  has(id: string): boolean {
    return this.#slotOf.has(id);
  }

  /** An independent copy: changes to either index never show in the other. */
  clone(): Bm25Index {
    const copy = new Bm25Index({ k1: this.#k1, b: this.#b, fieldWeights: this.#weights });
    const copied = new Map<Posting, Posting>();
    for (const [term, posting] of this.#postings) {
      const twin: Posting = {
        term,
        slots: posting.slots.slice(),
        frequencies: posting.frequencies.slice(),
        live: posting.live,
      };
      copied.set(posting, twin);
      copy.#postings.set(term, twin);
    }
    // Each document points at the copy's postings, never at this index's.
    copy.#documents = this.#documents.map((document) =>
      document === undefined
        ? undefined
        : {
            id: document.id,
            postings: document.postings.map((posting) => copied.get(posting) as Posting),
            length: document.length,
          },
    );
    for (const [id, slot] of this.#slotOf) copy.#slotOf.set(id, slot);
    copy.#liveEntries = this.#liveEntries;
    copy.#deadEntries = this.#deadEntries;
    copy.#totalLength = this.#totalLength;
    return copy;
  }

  /** Indexes a document under `id`, replacing what was indexed under that id before. */
  add(id: string, document: SearchDocument): void {
    if (this.#slotOf.has(id)) this.remove(id);
    // Terms go straight into their postings: the first time a term meets this document's slot it
    // gets an entry, and later occurrences add to that entry (no per-document map of counts).
    const slot = this.#documents.length;
    const postings: Posting[] = [];
    let length = 0;
    const count = (text: string, weight: number): void => {
      for (const term of tokenize(text)) {
        length += weight;
        const posting = this.#postings.get(term);
        if (posting === undefined) {
          // Arrays of one: most terms of a catalog (numbers, rare words) never get a second document,
          // and an array grown by push reserves room for 16 more.
          const created: Posting = { term, slots: [slot], frequencies: [weight], live: 1 };
          this.#postings.set(term, created);
          postings.push(created);
          continue;
        }
        const last = posting.slots.length - 1;
        if (posting.slots[last] === slot) {
          posting.frequencies[last] = (posting.frequencies[last] as number) + weight;
          continue;
        }
        posting.slots.push(slot);
        posting.frequencies.push(weight);
        posting.live += 1;
        postings.push(posting);
      }
    };
    count(document.name, this.#weights.name);
    count(document.description, this.#weights.description);
    for (const tag of document.tags) count(tag, this.#weights.tags);
    if (document.server !== undefined) count(document.server, this.#weights.server);
    // Trimmed to its length: it lives as long as the document, the growth reserve would too.
    this.#documents.push({ id, postings: postings.slice(), length });
    this.#slotOf.set(id, slot);
    this.#liveEntries += postings.length;
    this.#totalLength += length;
  }

  /** Removes a document; returns false when it was not indexed. */
  remove(id: string): boolean {
    const slot = this.#slotOf.get(id);
    const document = slot === undefined ? undefined : this.#documents[slot];
    if (slot === undefined || document === undefined) return false;
    for (const posting of document.postings) {
      posting.live -= 1;
      if (posting.live === 0) {
        this.#deadEntries -= posting.slots.length;
        this.#postings.delete(posting.term);
      }
    }
    this.#documents[slot] = undefined;
    this.#slotOf.delete(id);
    this.#liveEntries -= document.postings.length;
    this.#deadEntries += document.postings.length;
    this.#totalLength -= document.length;
    if (this.#deadEntries > this.#liveEntries) this.#sweep();
    return true;
  }

  /**
   * The best `limit` documents for `query`, highest score first (ties by id, code unit order),
   * skipping ids for which `accept` returns false. Documents matching no query term are absent.
   */
  search(query: string, limit: number, accept?: (id: string) => boolean): SearchHit[] {
    const documentCount = this.#slotOf.size;
    if (limit < 1 || documentCount === 0) return [];
    // Scores by slot in a flat array, plus the list of slots touched: no map per query.
    const scores = new Float64Array(this.#documents.length);
    const touched: number[] = [];
    const averageLength = this.#totalLength / documentCount || 1;
    for (const [term, boost] of this.#expandQuery(query)) {
      const posting = this.#postings.get(term);
      if (posting === undefined) continue;
      const idf = Math.log(1 + (documentCount - posting.live + 0.5) / (posting.live + 0.5));
      const { slots, frequencies } = posting;
      for (let entry = 0; entry < slots.length; entry += 1) {
        const slot = slots[entry] as number;
        const document = this.#documents[slot];
        if (document === undefined) continue;
        const frequency = frequencies[entry] as number;
        const normalised = frequency + this.#k1 * (1 - this.#b + (this.#b * document.length) / averageLength);
        if (scores[slot] === 0) touched.push(slot);
        scores[slot] = (scores[slot] as number) + (boost * idf * frequency * (this.#k1 + 1)) / normalised;
      }
    }
    const candidates = touched.map((slot) => ({
      id: (this.#documents[slot] as IndexedDocument).id,
      score: scores[slot] as number,
    }));
    return topHits(candidates, limit, accept);
  }

  /** Drops the entries of removed documents and compacts the slots (amortised over removals). */
  #sweep(): void {
    const renumbered = new Map<number, number>();
    const documents: IndexedDocument[] = [];
    for (const [slot, document] of this.#documents.entries()) {
      if (document === undefined) continue;
      renumbered.set(slot, documents.length);
      this.#slotOf.set(document.id, documents.length);
      documents.push(document);
    }
    // In place: documents point at their postings.
    for (const posting of this.#postings.values()) {
      const slots: number[] = [];
      const frequencies: number[] = [];
      for (let entry = 0; entry < posting.slots.length; entry += 1) {
        const slot = renumbered.get(posting.slots[entry] as number);
        if (slot === undefined) continue;
        slots.push(slot);
        frequencies.push(posting.frequencies[entry] as number);
      }
      posting.slots = slots;
      posting.frequencies = frequencies;
      posting.live = slots.length;
    }
    this.#documents = documents;
    this.#deadEntries = 0;
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
function topHits(
  candidates: readonly SearchHit[],
  limit: number,
  accept?: (id: string) => boolean,
): SearchHit[] {
  const best: SearchHit[] = [];
  for (const candidate of candidates) {
    const { id, score } = candidate;
    if (best.length === limit) {
      const worst = best[best.length - 1];
      if (worst !== undefined && compareHits({ id, score }, worst) >= 0) continue;
    }
    if (accept !== undefined && !accept(id)) continue;
    const hit = candidate;
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
