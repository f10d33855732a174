// Money is an integer number of kobo everywhere below the UI; this is the one place it becomes text.

const whole = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });
const withKobo = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 750000 -> "₦7,500"; 750050 -> "₦7,500.50" */
export function formatNaira(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const abs = Math.abs(kobo);
  const text = abs % 100 === 0 ? whole.format(abs / 100) : withKobo.format(abs / 100);
  return `${sign}₦${text}`;
}

/** "7500" or "7,500.50" typed in naira -> kobo; null when it is not an amount. */
export function parseNairaInput(input: string): number | null {
  const text = input
    .trim()
    .replace(/[₦,\s]/g, "")
    .replace(/^N(GN)?/i, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [naira, kobo = ""] = text.split(".");
  return Number(naira) * 100 + Number(kobo.padEnd(2, "0"));
}
