/** Nonces seen within the window; a second sighting is a replay. Swept lazily by time buckets
 *  so memory stays bounded by (request rate × window). */
export class NonceCache {
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
  claim(nonce: string): boolean {
    const t = this.now();
    // Two generations of `windowMs` each: a nonce is remembered for at least the window.
    if (t - this.rotatedAt >= this.windowMs) {
      this.previous = t - this.rotatedAt >= 2 * this.windowMs ? new Set() : this.current;
      this.current = new Set();
      this.rotatedAt = t;
    }
    if (this.current.has(nonce) || this.previous.has(nonce)) return false;
    this.current.add(nonce);
    return true;
  }
}
