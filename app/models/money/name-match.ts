// Whether the name a bank holds for an account is the vendor's own (docs/domain.md "Money"). Pure: tested alone.
//
// The rule: the vendor's surname and at least one other of their names both appear among the account's names, in
// any order and case, ignoring punctuation, accents and titles. "ALABI RONKE TEMITOPE" matches Ronke Alabi;
// "RONKE'S BEAUTY LOUNGE" and "ALABI FUNMI" do not. A name that does not match is not refused: the account waits
// for an operator's approval.

const TITLES = new Set(["mr", "mrs", "miss", "ms", "dr", "chief", "alhaji", "alhaja", "pastor", "engr", "prof"]);

/** The words of a name: lowercase letters only, accents dropped, titles left out. */
export function nameWords(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 1 && !TITLES.has(w));
}

export function namesMatch(accountName: string, person: { firstName: string; lastName: string }): boolean {
  const account = new Set(nameWords(accountName));
  const surnames = nameWords(person.lastName);
  const others = nameWords(person.firstName);
  if (surnames.length === 0 || others.length === 0) return false;
  return surnames.some((s) => account.has(s)) && others.some((o) => account.has(o));
}
