/** "gym center" -> "Gym Center" (every word's first letter upper-cased, the rest kept). */
export function titleCase(text: string): string {
  return text.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}
