import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

test("the app imports zod only through ~/utils/zod, which makes it jitless in the browser (no CSP violation)", () => {
  const direct = sources("app").filter(
    (file) => file !== path.join("app", "utils", "zod.ts") && /from ["']zod(\/[^"']*)?["']/.test(fs.readFileSync(file, "utf8")),
  );
  expect(direct).toEqual([]);
});

test("the router and the compiler are patched as patches/ says (npm install without scripts would skip them)", async () => {
  const { createRequire } = await import("node:module");
  const require = createRequire(import.meta.url);
  // The files Node loads for the server build: the packages' CommonJS entries.
  const patched = {
    "@remix-run/router": ["rankedBranchesCache", "compiledPaths", "firstMatchCache"],
    "react-router/dist/umd/react-router.production.min.js": ["glowAbsolutePaths"],
    "@remix-run/server-runtime/dist/data.js": ["url.href === request.url"],
    "@remix-run/server-runtime/dist/entry.js": ["entryRouteModulesCache"],
    "@remix-run/server-runtime/dist/server.js": ["lazyHandoffStream", "glowHandoffText"],
    "@remix-run/server-runtime/dist/single-fetch.js": ["encodeWholeViaTurboStream"],
    "turbo-stream": ["exports.encodeWhole = encodeWhole"],
    "react-router-dom/server": ["staticDataRoutesCache"],
    "@remix-run/react/dist/server.js": ["cachedServerRoutes", "context.glowHandoffText !== undefined"],
    "@remix-run/react/dist/single-fetch.js": ["streamTransferChunk"],
    "@remix-run/react/dist/components.js": ["glowAnchor", "glowNavAnchor"],
    "react-dom/cjs/react-dom-server.node.production.min.js": ["function x(a){return a}", "exports.glowByteMarkup=!0"],
    "react-dom/server": ["exports.glowByteMarkup = s.glowByteMarkup === true"],
    // The compiler's empty `.server` stand-ins are side-effect free (docs/decisions/002-per-route-server-modules.md).
    "@remix-run/dev/dist/compiler/plugins/emptyModules.js": ['namespace: "empty-module",\n            sideEffects: false'],
  };
  for (const [id, markers] of Object.entries(patched)) {
    // React DOM exports only its entry points; the production renderer is a file beside them.
    const file = id.startsWith("react-dom/cjs/") ? path.join(path.dirname(require.resolve("react-dom/package.json")), id.slice(10)) : require.resolve(id);
    const text = fs.readFileSync(file, "utf8");
    for (const marker of markers) expect(text, `${id} lacks ${marker}: run npm install (patch-package)`).toContain(marker);
  }
  expect(fs.readdirSync("patches").sort()).toEqual([
    "@remix-run+dev+2.17.5.patch",
    "@remix-run+react+2.17.5.patch",
    "@remix-run+router+1.23.3.patch",
    "@remix-run+server-runtime+2.17.5.patch",
    "react-dom+18.3.1.patch",
    "react-router+6.30.4.patch",
    "react-router-dom+6.30.4.patch",
    "turbo-stream+2.4.1.patch",
  ]);
});

// Citing a document a maintainer does not have: the product spec (in any wording), the design notes, an issue or a
// ticket, a work session. Playwright's spec files pass ("every spec", "hostile.spec.ts", "other spec files"); a
// public standard is named by its name (RFC 5545, the HTML standard).
const outside = new RegExp(
  [
    String.raw`DESIGN(\.md)?\s*§`,
    String.raw`\b[Ss]pec(ification)?\s*§`,
    String.raw`\bSTYLE(\.md\b| ")`,
    String.raw`§\s*\d`,
    String.raw`\b[Ss]pecification\b`,
    String.raw`\b[Tt]he\s+(?:product(?:['’]s)?\s+)?[Ss]pec\b(?!\.\w|\s+files?\b)`,
    String.raw`(?<![\w.-])[Ss]pec['’]s\b`,
    String.raw`\([Ss]pec\b`,
    String.raw`(?<![\w.-])[Ss]pec\s*:`,
    String.raw`(?<![\w.-])[Ss]pec\s+(?:samples?|says|said|requires?)\b`,
    String.raw`\b(?:[Pp]er|[Ss]ee)\s+(?:the\s+)?[Ss]pec\b(?!\.\w)`,
    String.raw`\b[Dd]esign\s+notes?\b`,
    String.raw`\b(?:[Ii]ssue|[Tt]icket|PR)\s+#?\d+`,
    String.raw`\b[Ss]ession\s+\d+\b`,
  ].join("|"),
);

/**
 * The comment text of each line of a file ("" where it has none): line and block comments in code (a line comment
 * starts a line or follows a space, so "https://" is none), block comments in CSS, `#` in shell and nginx files.
 * String literals are left out: user-visible text and test names are the product's words, not citations.
 */
function commentsByLine(file: string, text: string): string[] {
  const lines = text.split("\n");
  if (/\.(sh|conf)$/.test(file) || file === path.join(".ci", "run")) return lines.map((line) => /(?:^|\s)#(.*)$/.exec(line)?.[1] ?? "");
  const lineComment = file.endsWith(".css") ? null : /(?:^|\s)\/\//;
  let inBlock = false;
  return lines.map((line) => {
    let comment = "";
    let rest = line;
    for (;;) {
      if (inBlock) {
        const end = rest.indexOf("*/");
        if (end < 0) return comment + " " + rest;
        comment += " " + rest.slice(0, end);
        rest = rest.slice(end + 2);
        inBlock = false;
      }
      const block = /(?:^|[\s{(])\/\*/.exec(rest);
      const slashes = lineComment?.exec(rest);
      if (slashes && (!block || slashes.index < block.index)) return comment + " " + rest.slice(slashes.index + slashes[0].length);
      if (!block) return comment;
      rest = rest.slice(block.index + block[0].length);
      inBlock = true;
    }
  });
}

test("the check for outside citations catches the spec in plain words, and not Playwright's spec files", () => {
  // Samples of the citations the check refuses, so this file holds none of its own: the section sign and an issue
  // number are put together here.
  const section = "\u00a7";
  const cites = [
    "// as the spec says",
    "/** The spec's sample note. */",
    "// (spec: New Request, Upcoming)",
    "// Pending (spec sample row)",
    "// Spec: five tabs",
    "// per the product spec",
    "// see the specification",
    "// the design notes say so",
    "// ticket #42",
    "// found in session 9",
    `// spec ${section}4`,
    `// Issue ${12}`,
    "# the spec asks for this",
  ];
  const fine = [
    "// Found by tests/e2e/hostile.spec.ts: ...",
    "// the demo customer is shared by every spec",
    "// they run beside other spec files",
    "// hidden by the reviews spec before this runs",
    "// a stolen session alone cannot send money",
    "// the issue's kind, the element or the address",
    "// RFC 5545 folds lines at 75 octets",
    'test("the spec\'s figures, computed from data", () => {});',
    'const url = "https://example.com/the spec";',
  ];
  const flagged = (line: string) => outside.test(commentsByLine(line.startsWith("#") ? "x.sh" : "x.ts", line)[0]!);
  expect(cites.filter((line) => !flagged(line))).toEqual([]);
  expect(fine.filter(flagged)).toEqual([]);
  const comments = commentsByLine("x.tsx", "a /* one\n two */ b {/* three */} // four\nc").map((c) => c.replace(/\s+/g, " ").trim());
  expect(comments).toEqual(["one", "two three four", ""]);
});

test("code cites only documents in the repository (docs/), never an issue number or an outside document", () => {
  // A maintainer who clones the repository has docs/ and the code; not the issue tracker, the product specification
  // or the design notes it came from. Say the why (a string the product requires word for word says so: "spelled as
  // the product requires; do not correct"), or point at docs/architecture.md, docs/domain.md or a docs/decisions/
  // record.
  const roots = ["app", "tests", "scripts", "server", "ops"].filter((dir) => fs.existsSync(dir));
  const files = [
    ...roots.flatMap((dir) =>
      fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .flatMap((entry) => (entry.isFile() && /\.(ts|tsx|mjs|js|css|conf|sh)$/.test(entry.name) ? [path.join(entry.parentPath, entry.name)] : [])),
    ),
    ...["remix.config.js", "vitest.config.ts", "playwright.config.ts", ".ci/run"].filter((file) => fs.existsSync(file)),
  ].filter((file) => file !== path.join("tests", "conventions.test.ts"));
  const cites = files.flatMap((file) => {
    const text = fs.readFileSync(file, "utf8");
    const lines = text.split("\n");
    return commentsByLine(file, text).flatMap((comment, i) => (outside.test(comment) ? [`${file}:${i + 1}: ${lines[i]!.trim()}`] : []));
  });
  expect(cites).toEqual([]);
});

// What a Markdown page may not say: who built what, in which sitting. Pages state what is true now, and a figure says
// what was measured, when, on what machine and at which commit; the history of the work is git's. So no work session
// ("session 9", "sessions 5–7", "this session", "in this sitting") and no issue, ticket or pull-request number ("issue
// 7", "issue #7", "ticket 3", "PR 12", "#42"). A sign-in session or a tattoo sitting without a number is a word like
// any other.
const workHistory = new RegExp(
  [
    String.raw`\b[Ss]essions?\s+#?\d+`,
    String.raw`\b[Tt]his\s+session\b`,
    String.raw`\b(?:[Tt]his|[Tt]hat|[Tt]he\s+same|[Tt]he\s+(?:previous|last|next)|[Oo]ne|[Ee]ach)\s+sitting\b`,
    String.raw`\b(?:[Ii]ssues?|[Tt]ickets?|PRs?|[Pp]ull\s+requests?)\s+#?\d+`,
    String.raw`(?<![\w&#/])#\d+\b`,
  ].join("|"),
);

/** The lines of a Markdown text with fenced code blocks blanked (a shell session's output is not prose). */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line;
  });
}

test("the check for work history catches sessions, sittings and issue numbers, and not the product's own words", () => {
  // Built from parts, as above, so this file holds no such line of its own.
  const n = 7;
  const cites = [
    `Measured in session ${n}.`,
    `After sessions ${n - 2}–${n}, the pages were heavier.`,
    "The figures of this session, on an Intel Xeon.",
    "Everything was rewritten in this sitting.",
    `Against issue ${n}'s targets:`,
    `See issue #${n}.`,
    `Closes ticket ${n - 4}.`,
    `Merged in PR ${n + 5}.`,
    `Fixed upstream (#${n}).`,
  ];
  const fine = [
    "Sessions: a random token in an httpOnly SameSite=Lax cookie, 30 days.",
    "Sign-out ends the session at once; the session row is deleted.",
    "A tattoo sitting of three hours is booked as three slots.",
    "The issue's kind, the element or the address.",
    "Tickets: none; questions go to the admin.",
    "See [the gates](testing.md#the-gates) and `#error-summary`.",
    "Commit 4cb163d, 8 min 47 s, 416 tests passed.",
  ];
  expect(cites.filter((line) => !workHistory.test(line))).toEqual([]);
  expect(fine.filter((line) => workHistory.test(line))).toEqual([]);
  expect(proseLines("a\n```sh\nsession 1\n```\nb")).toEqual(["a", "", "", "", "b"]);
});

test("Markdown pages say what is, not who built it in which session, nor an issue or ticket number", () => {
  // Every Markdown file of the repository: README.md, docs/ (decision records included), ops/, and any other; not
  // what is installed, built or measured (ignored by git).
  const ignored = new Set(["build", path.join("public", "build"), "data", "bench-results", "test-results", "playwright-report", ".cache", ".tmp", ".git"]);
  const markdown = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "node_modules" || ignored.has(full) ? [] : markdown(full);
      return entry.name.endsWith(".md") ? [full] : [];
    });
  const files = markdown(".");
  expect(files).toContain("README.md");
  expect(files).toContain(path.join("docs", "domain.md"));
  const found = files.flatMap((file) =>
    proseLines(fs.readFileSync(file, "utf8")).flatMap((line, i) => (workHistory.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});
