/** A range read's answer as sent: the JSON bytes and their strong ETag. */
export interface RangeAnswer {
  body: Buffer;
  etag: string;
}

interface Kept {
  version: string;
  answer: RangeAnswer;
  /** when its build started: a build started later read the version later */
  started: number;
}

/** The bytes one process keeps by default: some hundreds of month grids. */
export const RANGE_ANSWERS_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The answers of GET /api/events?from&to kept by one process, each under its key (the caller's
 * rights and the range) with the calendar version it was read at. An answer is given only for the
 * version it was kept with: every committed write that can change any range answer draws a new
 * version (triggers, migration 0033), so a kept answer is never older than the database, whichever
 * process wrote. Bounded by bytes, the least recently used go first. Requests for the same key and
 * version while it is being built share that build.
 */
export class RangeAnswers {
  private readonly kept = new Map<string, Kept>();
  private readonly building = new Map<string, { version: string; answer: Promise<RangeAnswer> }>();
  private bytes = 0;
  private builds = 0;

  constructor(private readonly maxBytes = RANGE_ANSWERS_MAX_BYTES) {}

  get(key: string, version: string, build: () => Promise<RangeAnswer>): Promise<RangeAnswer> {
    const hit = this.kept.get(key);
    if (hit?.version === version) {
      // most recently used last
      this.kept.delete(key);
      this.kept.set(key, hit);
      return Promise.resolve(hit.answer);
    }
    const pending = this.building.get(key);
    if (pending?.version === version) return pending.answer;
    const started = ++this.builds;
    const answer = build().then(
      (built) => {
        if (this.building.get(key)?.answer === answer) this.building.delete(key);
        this.keep(key, { version, answer: built, started });
        return built;
      },
      (error: unknown) => {
        if (this.building.get(key)?.answer === answer) this.building.delete(key);
        throw error;
      },
    );
    this.building.set(key, { version, answer });
    return answer;
  }

  /** How many answers are kept and their bytes. */
  get size() {
    return { answers: this.kept.size, bytes: this.bytes };
  }

  private keep(key: string, entry: Kept) {
    // an older build finishing last does not replace what a newer one kept
    if ((this.kept.get(key)?.started ?? 0) > entry.started) return;
    this.drop(key);
    if (entry.answer.body.length > this.maxBytes) return;
    this.kept.set(key, entry);
    this.bytes += entry.answer.body.length;
    for (const [oldest] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string) {
    const old = this.kept.get(key);
    if (!old) return;
    this.kept.delete(key);
    this.bytes -= old.answer.body.length;
  }
}
