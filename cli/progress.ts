/** A one-line progress bar on a terminal (stderr); silent otherwise, so pipes and scripts stay clean. */
export class Progress {
  readonly #total: number;
  readonly #label: string;
  readonly #enabled: boolean;
  #done = 0;

  constructor(total: number, label: string, enabled = Boolean(process.stderr.isTTY)) {
    this.#total = total;
    this.#label = label;
    this.#enabled = enabled;
  }

  tick(n: number): void {
    this.#done += n;
    if (!this.#enabled) return;
    const width = 30;
    const filled = Math.round((this.#done / Math.max(this.#total, 1)) * width);
    process.stderr.write(`\r${this.#label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.#done}/${this.#total}`);
  }

  finish(): void {
    if (this.#enabled) process.stderr.write('\n');
  }
}
