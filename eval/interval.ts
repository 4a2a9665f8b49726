// How sure a lead on the development half is: the mean per-store difference between two systems,
// with a 95 % interval from resampling whole channels (a cluster bootstrap). The held-out half is
// other channels, so a channel, not a store, is the unit that varies between the halves: the
// stores of one channel share its writing and rise or fall together.
import { mulberry32 } from '../server/lib/random.ts';

export interface PairedInterval {
  /** mean of a − b over the stores */
  diff: number;
  /** 2.5th and 97.5th percentiles of that mean over the resamples */
  low: number;
  high: number;
}

/** Resamples: enough that the percentiles move by less than the third decimal between seeds. */
const DRAWS = 2000;

/**
 * The mean of a − b over the stores, and its interval: each draw takes as many channels as there
 * are, with replacement, and every store of a drawn channel. Deterministic (a fixed seed), so two
 * runs of `npm run eval` print the same interval.
 */
export function pairedInterval(
  stores: readonly { channel: string; a: number; b: number }[],
): PairedInterval {
  const byChannel = new Map<string, number[]>();
  for (const s of stores) {
    const list = byChannel.get(s.channel);
    if (list) list.push(s.a - s.b);
    else byChannel.set(s.channel, [s.a - s.b]);
  }
  const groups = [...byChannel.values()].map((d) => ({
    sum: d.reduce((x, y) => x + y, 0),
    n: d.length,
  }));
  const total = groups.reduce((x, g) => x + g.sum, 0);
  const diff = stores.length ? total / stores.length : 0;
  if (groups.length < 2) return { diff, low: diff, high: diff };
  const random = mulberry32(0x5eed);
  const means = new Float64Array(DRAWS);
  for (let d = 0; d < DRAWS; d++) {
    let sum = 0;
    let n = 0;
    for (let k = 0; k < groups.length; k++) {
      const g = groups[Math.floor(random() * groups.length)]!;
      sum += g.sum;
      n += g.n;
    }
    means[d] = sum / n;
  }
  means.sort();
  return {
    diff,
    low: means[Math.floor(0.025 * DRAWS)]!,
    high: means[Math.ceil(0.975 * DRAWS) - 1]!,
  };
}
