// The statistics `npm run bench` judges by: a mean with its 95% confidence interval (Student's
// t, for the handful of paired rounds a run makes) and percentiles. Written here rather than
// taken from a package: three formulas, and the t quantiles for up to 30 degrees of freedom.

/** Two-sided 95% quantiles of Student's t, by degrees of freedom (1–30); above 30, 1.96 is close enough. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export interface MeanCi {
  n: number;
  mean: number;
  /** The 95% confidence interval of the mean. */
  low: number;
  high: number;
}

/** The mean of `xs` and its 95% confidence interval (NaN bounds with fewer than two values). */
export function meanCi(xs: number[]): MeanCi {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { n, mean, low: NaN, high: NaN };
  const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  const half = (T95[n - 2] ?? 1.96) * Math.sqrt(variance / n);
  return { n, mean, low: mean - half, high: mean + half };
}

/** The `p` percentile (0–1) of `values`, nearest rank; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** The median of `values`. */
export const median = (values: number[]) => percentile(values, 0.5);

/**
 * Whether the machine itself slowed during a run: a round's rate of the bare page (pages/s, in
 * round order) below two thirds of an earlier round's. The bare page's work is the same in every
 * round, so such a fall is the machine (another process, a throttled CPU), not the product.
 * Answers the largest such fall, or null.
 */
export function machineSlowdown(rates: number[]): { from: number; to: number; fromRound: number; toRound: number } | null {
  let worst: { from: number; to: number; fromRound: number; toRound: number } | null = null;
  let best = 0;
  for (let i = 1; i < rates.length; i += 1) {
    if (rates[i - 1]! > rates[best]!) best = i - 1;
    const from = rates[best]!;
    const to = rates[i]!;
    if (to < (from * 2) / 3 && (!worst || to / from < worst.to / worst.from)) worst = { from, to, fromRound: best + 1, toRound: i + 1 };
  }
  return worst;
}
