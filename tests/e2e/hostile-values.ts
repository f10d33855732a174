import fc from "fast-check";

// The hostile values the property tests of tests/e2e/hostile.spec.ts send: huge, empty, wrong-typed, unicode
// edge cases, injection-shaped text, invalid encodings. Each string that could reach an HTML page carries MARK,
// so an unescaped echo is found by looking for the raw markers below in the response.

export const MARK = "glowXss";

/** Markup an attacker wants echoed verbatim; each arrives in a page only if something failed to escape it. */
export const XSS = [
  `<script>${MARK}(1)</script>`,
  `"><img src=x onerror=${MARK}(2)>`,
  `'><svg onload=${MARK}(3)>`,
  `" autofocus onfocus="${MARK}(4)`,
  `' autofocus onfocus='${MARK}(5)`,
  `</textarea></title></script><script>${MARK}(6)</script>`,
  `<a href="javascript:${MARK}(7)">x</a>`,
  `<iframe srcdoc="<script>${MARK}(8)</script>">`,
];

/**
 * What must never appear in an HTML response: the payloads' markup, unescaped. React escapes < > " ' & in text
 * and attributes, and Remix escapes < in the data it inlines into scripts, so an escaped echo never matches.
 * Tags are looked for everywhere. Attribute break-outs only outside <script> elements: inside one, the data
 * Remix inlines is a JSON string where a quote is harmless (and only a "</script>" could escape, which the tag
 * markers catch).
 */
const TAG_MARKERS = [`<script>${MARK}`, `<img src=x onerror=${MARK}`, `<svg onload=${MARK}`, `<iframe srcdoc=`];
const ATTRIBUTE_MARKERS = [`" autofocus onfocus="${MARK}`, `' autofocus onfocus='${MARK}`, `href="javascript:${MARK}`];

export function unescapedMarkers(body: string): string[] {
  const outsideScripts = body.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/gi, "$1$2");
  return [...TAG_MARKERS.filter((m) => body.includes(m)), ...ATTRIBUTE_MARKERS.filter((m) => outsideScripts.includes(m))];
}

const INJECTION = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '" OR ""="',
  "1; DROP TABLE users; --",
  "1' UNION SELECT password_hash FROM users --",
  "%' --",
  "admin'--",
  "\\",
  "'; SELECT pg_sleep(5); --",
  "../../../../etc/passwd",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "..\\..\\windows\\win.ini",
  "/\\evil.example",
  "//evil.example/",
  "https://evil.example/",
  "javascript:alert(1)",
  "\r\nSet-Cookie: glow_session=evil",
  "%0d%0aSet-Cookie:%20glow_session=evil",
  "\r\n\r\n<html>smuggled",
  "__proto__",
  "constructor",
  "prototype",
  '{"__proto__":{"isAdmin":true}}',
  "${7*7}",
  "{{7*7}}",
  "<%= 7*7 %>",
  "%s%s%s%n",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e309",
  "0x1F",
  "0b11",
  "1_000",
  "9007199254740993",
  "2147483648",
  "-2147483649",
  "99999999999999999999999",
  "[object Object]",
  "true",
  "[]",
  "{}",
  "*",
  "%",
  "_",
  "?",
  "#",
  "&",
  "=",
  "+",
  "%00",
  "%zz",
  "%E0%A4%A",
  "%C0%AF",
];

const UNICODE = [
  "\u202Egnp.exe",
  "\u202B\u05E9\u05DC\u05D5\u05DD\u202C",
  "مرحبا بالعالم",
  "Z\u0338\u0322\u031B\u0332\u034Ea\u0337l\u0334g\u0338o\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308",
  "e\u0301".repeat(40),
  "👩🏾‍🦱💇🏿‍♂️💅🏽",
  "\uD800",
  "\uDFFF",
  "a\uD83Db",
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u0003\u0007\u0008\u000B\u000C\u001B\u001F",
  "\u007F\u0080\u0085\u009F",
  "\u2028\u2029",
  "\uFEFF",
  "\u200B\u200C\u200D\u2060",
  "１２３４",
  "١٢٣٤٥",
  "ǅǈǋ",
  "İıſK",
  "\uFFFD\uFFFE\uFFFF",
  "\t\n\r ",
  "Ọlá Adébáyọ̀",
];

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...XSS) },
  { weight: 3, arbitrary: fc.constantFrom(...INJECTION) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), maxLength: 6 }) },
);

/** A size from 100 KB to 2 MB: beyond every field's limit and most body limits. */
export const hugeSize = fc.constantFrom(100 * 1024, 300 * 1024, 1024 * 1024, 2 * 1024 * 1024);

/** A huge string made of a hostile piece repeated (a payload hidden at the end of a long value, too). */
export const hugeString = fc.tuple(hugeSize, fc.constantFrom("A", "é", "👩🏾", "<", "'", "\u0000", "%"), fc.constantFrom(...XSS)).map(([size, unit, tail]) => {
  const body = unit.repeat(Math.ceil(size / unit.length));
  return body.slice(0, size) + tail;
});

/** Text from the pools above: one piece, two joined, wrapped around a plausible word, or empty/blank. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: piece },
  { weight: 3, arbitrary: fc.tuple(piece, piece).map(([a, b]) => a + b) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom("Ada", "hair", "Lekki", "a@b.co", "1"), piece).map(([a, b]) => a + b) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "   ", "\t\n") },
);

/** Hostile text, sometimes huge (kept rare: each huge value costs a megabyte or two on the wire). */
export const hostileOrHuge: fc.Arbitrary<string> = fc.oneof({ weight: 12, arbitrary: hostileText }, { weight: 1, arbitrary: hugeString });

/**
 * Numbers no row id can be: out of range, not integers, not numbers. (Not "0x10" or "1e1": forms read numbers
 * with Number(), for which those are 16 and 10.)
 */
export const badNumber = fc.constantFrom(
  "0",
  "-1",
  "-0",
  "1.5",
  "2147483648",
  "4294967296",
  "9007199254740993",
  "1e21",
  "1e309",
  "-1e309",
  "NaN",
  "Infinity",
  " ",
  "",
  "1,000",
  "١",
  "１",
  "[1]",
  "99999999999999999999",
);

/** A row id that is not there (valid shape, no such row). */
export const missingId = fc.constantFrom("999999", "2147483647", "123456789");

/** Raw bytes that are not UTF-8 (overlong '/', a lone surrogate in CESU-8, stray continuation bytes, BOMs). */
export const badBytes = fc.constantFrom(
  Buffer.from([0xff, 0xfe, 0x00, 0x41]),
  Buffer.from([0xc0, 0xaf, 0xc0, 0xae]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0x80, 0x80, 0x80]),
  Buffer.from([0xef, 0xbb, 0xbf, 0x3c, 0x73, 0x3e]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
);

/** Field names an attacker tries: prototype pollution, conform's nested/array syntax with absurd indexes. */
export const hostileKey = fc.constantFrom(
  "__proto__",
  "__proto__[isAdmin]",
  "__proto__.role",
  "constructor",
  "constructor[prototype][role]",
  "constructor.prototype.role",
  "prototype",
  "hasOwnProperty",
  "toString",
  "valueOf",
  "role",
  "user_id",
  "vendorId",
  "isAdmin",
  "total",
  "price_kobo",
  "m[4294967294]",
  "materials[99999999].name",
  "code[1000000]",
  "a[b][c][d][e][f][g][h][i][j]",
  "x".repeat(10_000),
  "",
  "\u0000",
  "é",
);

/** A file where a field expects text, or a gallery upload that is not an image or video. */
export const hostileFile = fc.record({
  name: fc.constantFrom(
    "../../../etc/passwd",
    `"><img src=x onerror=${MARK}(9)>.jpg`,
    "photo.jpg\u0000.html",
    "a\r\nb.jpg",
    "",
    "x".repeat(300) + ".png",
    "shell.php.jpg",
    "CON.png",
    "ресница.webp",
  ),
  type: fc.constantFrom("image/jpeg", "text/html", "application/x-msdownload", "image/svg+xml", "", "multipart/form-data", "*/*"),
  content: fc.oneof(
    fc.constantFrom(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="${MARK}(10)"/>`),
      Buffer.from(`<html><script>${MARK}(11)</script></html>`),
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"),
      Buffer.from("GIF8"),
      Buffer.from([0x89, 0x50, 0x4e]),
      Buffer.alloc(0),
    ),
    hugeSize.map((n) => Buffer.alloc(n, 0x41)),
  ),
});
