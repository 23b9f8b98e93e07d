/** Where the signature hook claims nonces: false when the nonce was already seen within the window. */
export interface NonceStore {
  claim(accessKeyId: string, nonce: string): boolean | Promise<boolean>;
}

/** Nonces seen within the window; a second sighting is a replay. Swept lazily by time buckets
 *  so memory stays bounded by (request rate × window). One process only: replicas share
 *  `SharedNonces` (nonce-store.ts), which puts this in front of the database. */
export class NonceCache implements NonceStore {
  private current = new Set<string>();
  private previous = new Set<string>();
  private rotatedAt: number;

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {
    this.rotatedAt = now();
  }

  /** Records the nonce; false if it was already seen within the window. */
  claim(accessKeyId: string, nonce: string): boolean {
    const t = this.now();
    // Two generations of `windowMs` each: a nonce is remembered for at least the window.
    if (t - this.rotatedAt >= this.windowMs) {
      this.previous = t - this.rotatedAt >= 2 * this.windowMs ? new Set() : this.current;
      this.current = new Set();
      this.rotatedAt = t;
    }
    const key = `${accessKeyId}\n${nonce}`;
    if (this.current.has(key) || this.previous.has(key)) return false;
    this.current.add(key);
    return true;
  }
}
