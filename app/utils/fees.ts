/** The marketplace keeps this share of every paid appointment, in basis points (1000 = 10%). */
export const PLATFORM_FEE_BPS = 1000;

export function platformFeeKobo(totalKobo: number): number {
  return Math.round((totalKobo * PLATFORM_FEE_BPS) / 10_000);
}
