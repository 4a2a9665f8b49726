/** All time in the backend goes through a Clock, so tests and simulations can move time by hand. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string | number = Date.UTC(2026, 0, 15, 12)) {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  set(at: Date | string | number): void {
    this.#ms = new Date(at).getTime();
  }
}
