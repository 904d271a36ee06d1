import { holding, narrowed, type UintArray, uintArrayFor, withRoom } from './narrow-uint-arrays.js';
import { tokenize } from './tokenize.js';
import { withRoomUint32 } from './typed-array-growth.js';

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

// A query term with no exact posting is widened to vocabulary terms it prefixes (`calend` ->
// `calendar`), at a discount, and to at most this many of them.
const PREFIX_EXPANSION_LIMIT = 32;
const PREFIX_DISCOUNT = 0.5;
const MIN_PREFIX_LENGTH = 3;
/** A weighted term frequency is held in 16 bits; BM25 saturates long before this. */
const MAX_FREQUENCY = 0xffff;
/**
 * Documents added since the postings were built are scanned from the forward store by each
 * search; past this many (or an eighth of the catalog), the postings are rebuilt instead.
 */
const MIN_UNPOSTED_BEFORE_REBUILD = 64;
/** Recurring texts whose terms are remembered; a catalog has a few per server. */
const MAX_RECURRING_TEXTS = 4096;

/**
 * A document as the registry indexes a tool (see {@link Bm25Index.addFields}): ranked as the
 * {@link SearchDocument} whose name is `name` and `alias` joined by a space, whose description is
 * the parts joined by line breaks and whose tags are `tags` and `category`.
 */
export interface SearchFields {
  readonly name: string;
  /** A second name (an MCP tool's name on its server), weighted as the name. */
  readonly alias?: string | undefined;
  readonly description: readonly string[];
  readonly tags: readonly string[];
  readonly category?: string | undefined;
  readonly server?: string | undefined;
}

/**
 * An incremental BM25F-style index, packed for catalogs of thousands of tools. Each term is held
 * once, as a number; each document's terms go into one forward store (typed arrays: term number
 * and weighted frequency per entry), which is what adding and removing a document touch. The
 * postings a search reads (documents by term) are built from the forward store in one
 * counting-sort pass on the first search, into typed arrays; documents added later are scanned
 * from the forward store until there are enough of them to rebuild. A removed document's entries
 * stay behind as dead slots, skipped by searches and swept out once they outnumber the live ones.
 * Corpus statistics (document frequency per term, document count, average length) are running
 * totals, so a one-tool change never rebuilds anything.
 */
export class Bm25Index {
  /** Term number by term; a term no live document holds keeps its number until the next sweep. */
  #vocabulary = new Map<string, number>();
  /** Live documents holding each term (its document frequency), by term number. */
  #documentFrequency = new Uint32Array(0);
  /** Terms some live document holds. */
  #liveTerms = 0;
  /** The add that last met each term, by term number: finds a term's entry again within one document. */
  #lastAdd = new Uint32Array(0);
  /** The forward-store entry of each term in the document being added, by term number. */
  #lastEntry = new Uint32Array(0);
  #addCount = 0;
  /** The weighted length of the document being added. */
  #addedLength = 0;
  /** Term numbers of texts that recur across documents (tags, servers, notices); cleared by a sweep. */
  #recurring = new Map<string, readonly number[]>();

  /** Document id by slot; `undefined` marks a removed document whose slot is not reusable yet. */
  #ids: (string | undefined)[] = [];
  /** Weighted length by slot. */
  #lengths = new Uint32Array(0);
  /** Where each slot's entries start in the forward store; `#starts[slot + 1]` is where they end. */
  #starts = new Uint32Array(1);
  // Term number and weighted frequency per entry, each as narrow as the values so far allow.
  #entryTerms: UintArray = new Uint8Array(0);
  #entryFrequencies: UintArray = new Uint8Array(0);
  #entryCount = 0;
  readonly #slotOf = new Map<string, number>();
  #liveEntries = 0;
  #deadEntries = 0;
  #totalLength = 0;

  /** Slots below this are in the postings; those from it on are scanned from the forward store. */
  #postedSlots = 0;
  /** Where each term's postings start, by term number (one more than the terms posted). */
  #postingStarts = new Uint32Array(1);
  #postingSlots: UintArray = new Uint8Array(0);
  #postingFrequencies: UintArray = new Uint8Array(0);

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
    return this.#liveTerms;
  }

  /** True when `id` is indexed. */
  has(id: string): boolean {
    return this.#slotOf.has(id);
  }

  /** An independent copy: changes to either index never show in the other. */
  clone(): Bm25Index {
    const copy = new Bm25Index({ k1: this.#k1, b: this.#b, fieldWeights: this.#weights });
    copy.#vocabulary = new Map(this.#vocabulary);
    copy.#documentFrequency = this.#documentFrequency.slice();
    copy.#liveTerms = this.#liveTerms;
    // The copy's own adds start afresh: a zero never matches its add count, which starts at 1.
    copy.#lastAdd = new Uint32Array(this.#lastAdd.length);
    copy.#lastEntry = new Uint32Array(this.#lastEntry.length);
    copy.#ids = this.#ids.slice();
    copy.#lengths = this.#lengths.slice();
    copy.#starts = this.#starts.slice();
    copy.#entryTerms = this.#entryTerms.slice(0, this.#entryCount);
    copy.#entryFrequencies = this.#entryFrequencies.slice(0, this.#entryCount);
    copy.#entryCount = this.#entryCount;
    for (const [id, slot] of this.#slotOf) copy.#slotOf.set(id, slot);
    copy.#liveEntries = this.#liveEntries;
    copy.#deadEntries = this.#deadEntries;
    copy.#totalLength = this.#totalLength;
    copy.#postedSlots = this.#postedSlots;
    copy.#postingStarts = this.#postingStarts.slice();
    copy.#postingSlots = this.#postingSlots.slice();
    copy.#postingFrequencies = this.#postingFrequencies.slice();
    return copy;
  }

  /** Indexes a document under `id`, replacing what was indexed under that id before. */
  add(id: string, document: SearchDocument): void {
    this.addFields(id, { ...document, description: [document.description] });
  }

  /**
   * {@link add} with the description in parts, as a tool has it: ranked as their join by line
   * breaks, but the parts after the first (an MCP server's notice, usage notes), tags and server,
   * which recur across a catalog, are tokenized once and their terms remembered.
   */
  addFields(id: string, fields: SearchFields): void {
    if (this.#slotOf.has(id)) this.remove(id);
    const slot = this.#ids.length;
    this.#addCount += 1;
    this.#addedLength = 0;
    const firstEntry = this.#entryCount;
    const weights = this.#weights;
    this.#count(fields.name, weights.name);
    if (fields.alias !== undefined) this.#count(fields.alias, weights.name);
    const { description } = fields;
    for (let part = 0; part < description.length; part += 1) {
      if (part === 0) this.#count(description[part] as string, weights.description);
      else this.#countRecurring(description[part] as string, weights.description);
    }
    for (const tag of fields.tags) this.#countRecurring(tag, weights.tags);
    if (fields.category !== undefined) this.#countRecurring(fields.category, weights.tags);
    if (fields.server !== undefined) this.#countRecurring(fields.server, weights.server);
    const length = this.#addedLength;
    this.#ids.push(id);
    this.#lengths = withRoomUint32(this.#lengths, slot + 1);
    this.#lengths[slot] = length;
    this.#starts = withRoomUint32(this.#starts, slot + 2);
    this.#starts[slot + 1] = this.#entryCount;
    this.#slotOf.set(id, slot);
    this.#liveEntries += this.#entryCount - firstEntry;
    this.#totalLength += length;
  }

  // The steps of addFields, as methods rather than closures made for every document.

  #count(text: string, weight: number): void {
    for (const term of tokenize(text))
      this.#countTerm(this.#vocabulary.get(term) ?? this.#newTerm(term), weight);
  }

  #countRecurring(text: string, weight: number): void {
    for (const termNumber of this.#recurringTermNumbers(text)) this.#countTerm(termNumber, weight);
  }

  /** Counts one occurrence of a term in the document being added. */
  #countTerm(termNumber: number, weight: number): void {
    this.#addedLength += weight;
    if (this.#lastAdd[termNumber] === this.#addCount) {
      // The term met this document before: its entry adds up.
      const entry = this.#lastEntry[termNumber] as number;
      const frequency = Math.min((this.#entryFrequencies[entry] as number) + weight, MAX_FREQUENCY);
      this.#entryFrequencies = holding(this.#entryFrequencies, frequency);
      this.#entryFrequencies[entry] = frequency;
      return;
    }
    this.#lastAdd[termNumber] = this.#addCount;
    this.#lastEntry[termNumber] = this.#entryCount;
    if (this.#documentFrequency[termNumber] === 0) this.#liveTerms += 1;
    this.#documentFrequency[termNumber] = (this.#documentFrequency[termNumber] as number) + 1;
    this.#appendEntry(termNumber, Math.min(weight, MAX_FREQUENCY));
  }

  /** Removes a document; returns false when it was not indexed. */
  remove(id: string): boolean {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return false;
    const start = this.#starts[slot] as number;
    const end = this.#starts[slot + 1] as number;
    for (let entry = start; entry < end; entry += 1) {
      const termNumber = this.#entryTerms[entry] as number;
      const frequency = (this.#documentFrequency[termNumber] as number) - 1;
      this.#documentFrequency[termNumber] = frequency;
      if (frequency === 0) this.#liveTerms -= 1;
    }
    this.#ids[slot] = undefined;
    this.#slotOf.delete(id);
    this.#liveEntries -= end - start;
    this.#deadEntries += end - start;
    this.#totalLength -= this.#lengths[slot] as number;
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
    const slotCount = this.#ids.length;
    const unposted = slotCount - this.#postedSlots;
    if (unposted > Math.max(MIN_UNPOSTED_BEFORE_REBUILD, this.#postedSlots >> 3)) this.#buildPostings();
    // Scores by slot in a flat array, plus the list of slots touched: no map per query.
    const scores = new Float64Array(slotCount);
    const touched: number[] = [];
    const averageLength = this.#totalLength / documentCount || 1;
    const k1 = this.#k1;
    const b = this.#b;
    const score = (slot: number, frequency: number, boostedIdf: number): void => {
      const normalised = frequency + k1 * (1 - b + (b * (this.#lengths[slot] as number)) / averageLength);
      if (scores[slot] === 0) touched.push(slot);
      scores[slot] = (scores[slot] as number) + (boostedIdf * frequency * (k1 + 1)) / normalised;
    };
    const postedTerms = this.#postingStarts.length - 1;
    for (const [termNumber, boost] of this.#expandQuery(query)) {
      const live = this.#documentFrequency[termNumber] as number;
      const idf = Math.log(1 + (documentCount - live + 0.5) / (live + 0.5));
      const weight = boost * idf;
      if (termNumber < postedTerms) {
        const end = this.#postingStarts[termNumber + 1] as number;
        for (let entry = this.#postingStarts[termNumber] as number; entry < end; entry += 1) {
          const slot = this.#postingSlots[entry] as number;
          if (this.#ids[slot] !== undefined) score(slot, this.#postingFrequencies[entry] as number, weight);
        }
      }
      for (let slot = this.#postedSlots; slot < slotCount; slot += 1) {
        if (this.#ids[slot] === undefined) continue;
        const end = this.#starts[slot + 1] as number;
        for (let entry = this.#starts[slot] as number; entry < end; entry += 1) {
          if (this.#entryTerms[entry] !== termNumber) continue;
          score(slot, this.#entryFrequencies[entry] as number, weight);
          break;
        }
      }
    }
    const candidates = touched.map((slot) => ({
      id: this.#ids[slot] as string,
      score: scores[slot] as number,
    }));
    return topHits(candidates, limit, accept);
  }

  /**
   * The numbers of the terms of a text that recurs across documents, in order (new terms
   * numbered), remembered up to a bound.
   */
  #recurringTermNumbers(text: string): readonly number[] {
    let numbers = this.#recurring.get(text);
    if (numbers === undefined) {
      numbers = tokenize(text).map((term) => this.#vocabulary.get(term) ?? this.#newTerm(term));
      if (this.#recurring.size < MAX_RECURRING_TEXTS) this.#recurring.set(text, numbers);
    }
    return numbers;
  }

  #newTerm(term: string): number {
    const termNumber = this.#vocabulary.size;
    this.#vocabulary.set(term, termNumber);
    const needed = termNumber + 1;
    if (needed > this.#documentFrequency.length) {
      this.#documentFrequency = withRoomUint32(this.#documentFrequency, needed);
      this.#lastAdd = withRoomUint32(this.#lastAdd, this.#documentFrequency.length);
      this.#lastEntry = withRoomUint32(this.#lastEntry, this.#documentFrequency.length);
    }
    return termNumber;
  }

  #appendEntry(termNumber: number, frequency: number): void {
    const entry = this.#entryCount;
    if (entry >= this.#entryTerms.length) {
      this.#entryTerms = withRoom(this.#entryTerms, entry + 1);
      this.#entryFrequencies = withRoom(this.#entryFrequencies, this.#entryTerms.length);
    }
    this.#entryTerms = holding(this.#entryTerms, termNumber);
    this.#entryFrequencies = holding(this.#entryFrequencies, frequency);
    this.#entryTerms[entry] = termNumber;
    this.#entryFrequencies[entry] = frequency;
    this.#entryCount = entry + 1;
  }

  /**
   * Builds the postings of every live document from the forward store: one pass counts each
   * term's documents, a second places them, slots ascending; no array grows on the way.
   */
  #buildPostings(): void {
    const termCount = this.#vocabulary.size;
    const slotCount = this.#ids.length;
    const starts = new Uint32Array(termCount + 1);
    let maxFrequency = 0;
    for (let slot = 0; slot < slotCount; slot += 1) {
      if (this.#ids[slot] === undefined) continue;
      const end = this.#starts[slot + 1] as number;
      for (let entry = this.#starts[slot] as number; entry < end; entry += 1) {
        const next = (this.#entryTerms[entry] as number) + 1;
        starts[next] = (starts[next] as number) + 1;
        maxFrequency = Math.max(maxFrequency, this.#entryFrequencies[entry] as number);
      }
    }
    for (let term = 0; term < termCount; term += 1) {
      starts[term + 1] = (starts[term + 1] as number) + (starts[term] as number);
    }
    const cursor = starts.slice(0, termCount);
    const slots = uintArrayFor(starts[termCount] as number, slotCount - 1);
    const frequencies = uintArrayFor(slots.length, maxFrequency);
    for (let slot = 0; slot < slotCount; slot += 1) {
      if (this.#ids[slot] === undefined) continue;
      const end = this.#starts[slot + 1] as number;
      for (let entry = this.#starts[slot] as number; entry < end; entry += 1) {
        const term = this.#entryTerms[entry] as number;
        const position = cursor[term] as number;
        cursor[term] = position + 1;
        slots[position] = slot;
        frequencies[position] = this.#entryFrequencies[entry] as number;
      }
    }
    this.#postingStarts = starts;
    this.#postingSlots = slots;
    this.#postingFrequencies = frequencies;
    this.#postedSlots = slotCount;
    // The catalog is in: the forward store gives back the room it reserved for growth, and the
    // width its values do not need (dead entries included: their values are below these bounds).
    let maxEntryFrequency = maxFrequency;
    for (let entry = 0; entry < this.#entryCount; entry += 1)
      maxEntryFrequency = Math.max(maxEntryFrequency, this.#entryFrequencies[entry] as number);
    this.#entryTerms = narrowed(this.#entryTerms, this.#entryCount, Math.max(termCount - 1, 0));
    this.#entryFrequencies = narrowed(this.#entryFrequencies, this.#entryCount, maxEntryFrequency);
  }

  /**
   * Drops removed documents and the terms only they held, renumbering slots and terms (amortised
   * over removals); the postings are rebuilt by the next search.
   */
  #sweep(): void {
    const renumberedTerms = new Uint32Array(this.#vocabulary.size);
    const vocabulary = new Map<string, number>();
    for (const [term, termNumber] of this.#vocabulary) {
      if (this.#documentFrequency[termNumber] === 0) continue;
      renumberedTerms[termNumber] = vocabulary.size;
      vocabulary.set(term, vocabulary.size);
    }
    const documentFrequency = new Uint32Array(vocabulary.size);
    for (const [, termNumber] of this.#vocabulary) {
      const frequency = this.#documentFrequency[termNumber] as number;
      if (frequency > 0) documentFrequency[renumberedTerms[termNumber] as number] = frequency;
    }
    const ids: string[] = [];
    const lengths = new Uint32Array(this.#slotOf.size);
    const starts = new Uint32Array(this.#slotOf.size + 1);
    const entryTerms = uintArrayFor(this.#liveEntries, Math.max(vocabulary.size - 1, 0));
    const entryFrequencies = uintArrayFor(this.#liveEntries, MAX_FREQUENCY);
    let entryCount = 0;
    for (let slot = 0; slot < this.#ids.length; slot += 1) {
      const id = this.#ids[slot];
      if (id === undefined) continue;
      const end = this.#starts[slot + 1] as number;
      for (let entry = this.#starts[slot] as number; entry < end; entry += 1) {
        entryTerms[entryCount] = renumberedTerms[this.#entryTerms[entry] as number] as number;
        entryFrequencies[entryCount] = this.#entryFrequencies[entry] as number;
        entryCount += 1;
      }
      lengths[ids.length] = this.#lengths[slot] as number;
      this.#slotOf.set(id, ids.length);
      ids.push(id);
      starts[ids.length] = entryCount;
    }
    this.#vocabulary = vocabulary;
    this.#recurring = new Map();
    this.#documentFrequency = documentFrequency;
    // Adds number on from here: a zero never matches the add count.
    this.#lastAdd = new Uint32Array(vocabulary.size);
    this.#lastEntry = new Uint32Array(vocabulary.size);
    this.#ids = ids;
    this.#lengths = lengths;
    this.#starts = starts;
    this.#entryTerms = entryTerms;
    this.#entryFrequencies = entryFrequencies;
    this.#entryCount = entryCount;
    this.#deadEntries = 0;
    this.#postedSlots = 0;
    this.#postingStarts = new Uint32Array(1);
    this.#postingSlots = new Uint8Array(0);
    this.#postingFrequencies = new Uint8Array(0);
  }

  /** Query terms (by number) with their boost: exact terms at 1, prefix expansions of unknown terms discounted. */
  #expandQuery(query: string): Map<number, number> {
    const expanded = new Map<number, number>();
    for (const term of tokenize(query)) {
      const exact = this.#vocabulary.get(term);
      if (exact !== undefined && this.#documentFrequency[exact] !== 0) {
        expanded.set(exact, Math.max(expanded.get(exact) ?? 0, 1));
        continue;
      }
      if (term.length < MIN_PREFIX_LENGTH) continue;
      let taken = 0;
      for (const [candidate, termNumber] of this.#vocabulary) {
        if (this.#documentFrequency[termNumber] === 0 || !candidate.startsWith(term)) continue;
        expanded.set(termNumber, Math.max(expanded.get(termNumber) ?? 0, PREFIX_DISCOUNT));
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
