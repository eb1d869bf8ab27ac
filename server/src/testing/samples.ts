/** A growable list of latencies (ms). */
export class Samples {
  private data = new Float64Array(1 << 16);
  length = 0;
  push(value: number) {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  /** One list holding the values of several. */
  static merge(...lists: Samples[]): Samples {
    const merged = new Samples();
    for (const list of lists) for (let i = 0; i < list.length; i++) merged.push(list.data[i]!);
    return merged;
  }
  sorted(): Float64Array {
    return this.data.slice(0, this.length).sort();
  }
}
export const pct = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
