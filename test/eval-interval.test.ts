import { describe, expect, it } from 'vitest';
import { pairedInterval } from '../eval/interval.ts';

/** Stores of `channels` channels, `per` each, whose difference a − b the function gives. */
const stores = (channels: number, per: number, diffOf: (ch: number, k: number) => number) =>
  Array.from({ length: channels * per }, (_, i) => {
    const ch = Math.floor(i / per);
    return { channel: `ch${ch}`, a: 0.5 + diffOf(ch, i % per), b: 0.5 };
  });

describe('the eval’s paired interval (resampling channels)', () => {
  it('is the mean difference, and collapses onto it where every store differs alike', () => {
    const m = pairedInterval(stores(12, 3, () => 0.1));
    expect(m.diff).toBeCloseTo(0.1, 12);
    expect(m.low).toBeCloseTo(0.1, 12);
    expect(m.high).toBeCloseTo(0.1, 12);
  });

  it('tells a lead every channel shares from one a single channel makes', () => {
    const shared = pairedInterval(stores(30, 4, (ch) => 0.05 + (ch % 3) * 0.02));
    expect(shared.low).toBeGreaterThan(0);
    expect(shared.high).toBeGreaterThan(shared.low);
    // one channel far ahead, the others a little behind: the mean is positive, the lead is not sure
    const one = pairedInterval(stores(30, 4, (ch) => (ch === 0 ? 0.9 : -0.01)));
    expect(one.diff).toBeGreaterThan(0);
    expect(one.low).toBeLessThan(0);
    expect(one.high).toBeGreaterThan(one.diff);
  });

  it('draws whole channels: many stores of few channels make a wide interval', () => {
    const diffOf = (ch: number) => (ch % 2 === 0 ? 0.2 : -0.1);
    const few = pairedInterval(stores(4, 30, diffOf));
    const many = pairedInterval(stores(60, 2, diffOf));
    expect(few.diff).toBeCloseTo(many.diff, 12);
    expect(few.high - few.low).toBeGreaterThan(2 * (many.high - many.low));
  });

  it('is the same on every run, and a single channel has no interval but its mean', () => {
    const input = stores(20, 3, (ch, k) => ((ch * 7 + k * 3) % 5) / 10 - 0.2);
    expect(pairedInterval(input)).toEqual(pairedInterval(input));
    const alone = pairedInterval(stores(1, 5, (_, k) => k / 10));
    expect(alone).toEqual({ diff: alone.diff, low: alone.diff, high: alone.diff });
    expect(pairedInterval([])).toEqual({ diff: 0, low: 0, high: 0 });
  });
});
