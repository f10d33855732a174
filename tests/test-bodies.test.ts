import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

// A test that asserts nothing passes whatever the code does. This reads every test file (vitest and Playwright) and
// fails on a test whose body neither calls expect/assert, nor throws, nor calls a helper that does. A helper is
// recognised by name: any function (or method, or arrow function assigned to a name) in a test or test-support file
// under tests/ or app/ whose body asserts, directly or through another such helper. Matching by name errs on the
// side of no false alarm: a test that calls a same-named asserting helper is believed. What a reading cannot see is
// a test that returns before its assertions on some runs; such tests must not be written (generate a test only when
// there is something to check, as tests/cross-site.test.ts does, and fail rather than skip).

const ROOTS = ["app", "tests"];
const TEST_FILE = /\.(test|spec)\.tsx?$/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : files(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const isTestSupport = (file: string) => TEST_FILE.test(file) || file.startsWith(`tests${path.sep}`);
const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);

/** The name a call is made through: `expect(...)` -> expect, `checks.assertWhole(...)` -> assertWhole. */
function calledName(call: ts.CallExpression): string | undefined {
  let callee: ts.Expression = call.expression;
  while (ts.isCallExpression(callee)) callee = callee.expression; // expect(x).toBe -> handled via the root below
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) {
    let root: ts.Expression = callee;
    // expect(x).not.toBe(y), expect.poll(fn).toBe(y): the chain's root names the assertion
    while (ts.isPropertyAccessExpression(root) || ts.isCallExpression(root)) root = root.expression;
    if (ts.isIdentifier(root) && ASSERTING.has(root.text)) return root.text;
    return callee.name.text;
  }
  return undefined;
}

const ASSERTING = new Set(["expect", "assert", "expectTypeOf", "assertType"]);

/** Whether a function body asserts: an assertion call, a throw, or a call of a name in `helpers`. */
function asserts(body: ts.Node, helpers: Set<string>): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (ts.isThrowStatement(node)) found = true;
    else if (ts.isCallExpression(node)) {
      const name = calledName(node);
      if (name && (ASSERTING.has(name) || helpers.has(name))) found = true;
    }
    if (!found) ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** Named functions in a file: declarations, methods, and functions assigned to a name or a property. */
function namedFunctions(source: ts.SourceFile): { name: string; body: ts.Node }[] {
  const out: { name: string; body: ts.Node }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name && node.body) {
      out.push({ name: node.name.getText(source), body: node.body });
    } else if ((ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)) && node.initializer) {
      const init = node.initializer;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) out.push({ name: node.name.getText(source), body: init.body });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const TEST_CALLEES = new Set(["test", "it", "test.only", "it.only", "test.concurrent", "it.concurrent", "test.fails", "it.fails"]);

/** Every test declared in a file: `test("name", fn)`, `it(...)`, `test.each(rows)("name", fn)` and the like. */
function declaredTests(source: ts.SourceFile): { name: string; line: number; body: ts.Node }[] {
  const out: { name: string; line: number; body: ts.Node }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      let callee: ts.Expression = node.expression;
      if (ts.isCallExpression(callee) && ts.isPropertyAccessExpression(callee.expression) && callee.expression.name.text === "each") {
        callee = callee.expression.expression; // test.each(rows)(...) is a test
      }
      const [title] = node.arguments;
      const fn = node.arguments[node.arguments.length - 1];
      if (
        TEST_CALLEES.has(callee.getText(source)) &&
        title &&
        (ts.isStringLiteralLike(title) || ts.isTemplateExpression(title) || ts.isIdentifier(title) || ts.isPropertyAccessExpression(title)) &&
        fn &&
        (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))
      ) {
        out.push({ name: title.getText(source), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, body: fn.body });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

export function hollowTests(all: string[]): string[] {
  const sources = all.filter(isTestSupport).map(parse);
  const functions = sources.flatMap(namedFunctions);
  // Fixed point: a helper asserts when its body asserts or calls a helper that does.
  const helpers = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const { name, body } of functions) {
      if (!helpers.has(name) && asserts(body, helpers)) {
        helpers.add(name);
        grew = true;
      }
    }
  }
  return sources
    .filter((source) => TEST_FILE.test(source.fileName))
    .flatMap((source) => declaredTests(source).filter(({ body }) => !asserts(body, helpers)).map(({ name, line }) => `${source.fileName}:${line} ${name}`));
}

test("every test asserts something (expect/assert, a throw, or a helper that asserts)", () => {
  const all = ROOTS.flatMap(files);
  expect(all.filter((file) => TEST_FILE.test(file)).length).toBeGreaterThan(40);
  expect(hollowTests(all)).toEqual([]);
});

test("the check catches a hollow test and believes one that asserts through a helper", () => {
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "hollow-"));
  try {
    const helper = path.join(dir, "tests", "helper.ts");
    const spec = path.join(dir, "x.test.ts");
    fs.mkdirSync(path.dirname(helper));
    fs.writeFileSync(helper, "export async function mustWork(x: number) { if (!x) throw new Error('no'); }\n");
    fs.writeFileSync(
      spec,
      [
        'test("hollow", async () => { const r = await load(); if (!r) return; });',
        'test("direct", () => { expect(1).toBe(1); });',
        'test("through a helper", async () => { await mustWork(1); });',
        'test.each([1, 2])("each %s", (n) => { expect(n).toBeGreaterThan(0); });',
        'test.describe("group", () => { test("nested hollow", async ({ page }) => { await page.goto("/"); }); });',
      ].join("\n"),
    );
    // Paths as the scan sees them: relative, with the helper under tests/.
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(hollowTests([path.relative(dir, helper), path.relative(dir, spec)])).toEqual([
        'x.test.ts:1 "hollow"',
        'x.test.ts:5 "nested hollow"',
      ]);
    } finally {
      process.chdir(cwd);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
