// CSV for the spreadsheets salons open exports in (RFC 4180): every cell quoted when it holds a comma, a quote or a
// line break, quotes doubled, lines ended by CRLF. A cell a spreadsheet would run as a formula (starting with = + -
// @, a tab or a carriage return) gets a leading apostrophe, so a client's name like "=HYPERLINK(...)" stays text
// (docs/domain.md, "The report").

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number ("-1500.00") is no formula, whoever wrote it. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export type CsvValue = string | number | null;

export function csvCell(value: CsvValue): string {
  if (value === null) return "";
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvValue[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Kobo as a naira figure a spreadsheet adds up: 750000 -> "7500.00". */
export function nairaCell(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
