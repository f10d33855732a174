import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

// A test that asserts nothing passes whatever the code does. This reads every test file (vitest and Playwright) and
// fails on a test that does not assert on every run. What counts as asserting:
//
// - a matcher: `expect(x).toBe(y)`, `expect(x).not.toX()`, `.resolves/.rejects`, `expect.soft(x).toX()`,
//   `expect.poll(fn).toX()`, `expect(fn).toPass()`; a bare `expect(x)` checks nothing, nor does `expect.any(...)`;
// - `assert(...)` and `assert.x(...)`;
// - a throw, except one in a catch clause (a rethrow fails on an error, it checks nothing of its own);
// - a call of a helper that asserts on every run. The call is resolved by the TypeScript checker to the function it
//   runs (a function, method or arrow function of a test or test-support file), so `Promise.all(...)` or
//   `page.close()` do not count because a helper somewhere happens to be called `all` or `close`.
//
// "On every run": an assertion counts only when no path skips it. One inside a loop body (`for`, `while`,
// `rows.forEach(...)`, `rows.map(...)`) may run zero times, unless the loop goes over an array written out in the code
// (`[a, b]`, or a `const` holding one) or counts between written bounds (`i = 0; i < 24`). One inside one branch of an
// `if` (or `? :`, `&&`) may not run; one after an early `return` may not be reached; one inside a `try` whose `catch`
// swallows the error does not fail the test. Two kinds of branch are accepted: a guard (`if (bad) throw ...` asserts
// that `bad` is false), and a branch on the Playwright project (JavaScript on or off, phone or desktop: `hasJs(info)`,
// `info.project.name`, `js`), which runs each way in some project.

const ROOTS = ["app", "tests"];
const TEST_FILE = /\.(test|spec)\.tsx?$/;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : files(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const isTestSupport = (file: string) => !file.includes("node_modules") && (TEST_FILE.test(file) || file.startsWith(`tests${path.sep}`));

/**
 * The test and test-support files, typed, so a call can be followed to the function it runs. Only they are read
 * (`noResolve`, no packages' types): helpers live there, and leaving the app and node_modules out keeps this at about
 * 2 s instead of 7. A call whose receiver is typed by an unread module is not followed, which can only make the check
 * stricter (a false alarm shows itself), never more lenient.
 */
function program(all: string[]): ts.Program {
  const configHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} };
  const config = fs.existsSync("tsconfig.json") ? ts.getParsedCommandLineOfConfigFile("tsconfig.json", {}, configHost) : undefined;
  const options = config?.options ?? { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
  const host = ts.createCompilerHost(options);
  host.getCurrentDirectory = () => process.cwd(); // ts.sys remembers the first directory it was asked in; the self-test moves
  const rootNames = all.filter(isTestSupport).map((file) => path.resolve(file));
  return ts.createProgram({ rootNames, options: { ...options, noEmit: true, incremental: false, noResolve: true, types: [] }, host });
}

// --- What a single call is ------------------------------------------------------------------------------------------

const ASSERT_ROOTS = new Set(["expect", "expectTypeOf"]);
/** Methods every object has; `expect(x).toString()` is no matcher. */
const NOT_MATCHERS = new Set(["toString", "toLocaleString", "toJSON"]);

/** The identifier a chain of calls and property accesses starts from: `expect.poll(f).not.toBe` -> expect. */
function chainRoot(node: ts.Expression): ts.Expression {
  while (ts.isPropertyAccessExpression(node) || ts.isCallExpression(node) || ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node))
    node = node.expression;
  return node;
}

/** `expect(...)...toX(...)`: a matcher called on an expectation. `expect(x)` alone, or `expect.any(String)`, is none. */
function isMatcherCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !/^to[A-Z]/.test(callee.name.text) || NOT_MATCHERS.has(callee.name.text)) return false;
  const root = chainRoot(callee.expression);
  return ts.isIdentifier(root) && ASSERT_ROOTS.has(root.text) && callee.expression !== root; // `expect.toBe()` has no subject
}

/** `assert(x)`, `assert.equal(a, b)`. */
function isAssertCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  return (
    (ts.isIdentifier(callee) && callee.text === "assert") ||
    (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === "assert")
  );
}

/** Array methods whose callback runs once per element, so possibly never. */
const PER_ELEMENT = new Set(["forEach", "map", "flatMap", "filter", "some", "every", "find", "findIndex", "findLast", "reduce", "reduceRight"]);

const isNonEmptyArrayLiteral = (node: ts.Expression): boolean => {
  while (ts.isAsExpression(node) || ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression;
  return ts.isArrayLiteralExpression(node) && node.elements.length > 0 && !node.elements.some(ts.isSpreadElement);
};

/** `for (let i = 0; i < 24; i++)`: a counting loop whose written bounds let its body run at least once. */
function countsFromWrittenBounds(loop: ts.ForStatement): boolean {
  const init = loop.initializer;
  const condition = loop.condition;
  if (!init || !ts.isVariableDeclarationList(init) || init.declarations.length !== 1 || !condition || !ts.isBinaryExpression(condition)) return false;
  const [counter] = init.declarations;
  if (!counter?.initializer || !ts.isNumericLiteral(counter.initializer) || !ts.isIdentifier(counter.name)) return false;
  if (!ts.isIdentifier(condition.left) || condition.left.text !== counter.name.text || !ts.isNumericLiteral(condition.right)) return false;
  const [from, to] = [Number(counter.initializer.text), Number(condition.right.text)];
  return condition.operatorToken.kind === ts.SyntaxKind.LessThanToken
    ? from < to
    : condition.operatorToken.kind === ts.SyntaxKind.LessThanEqualsToken && from <= to;
}

/**
 * Conditions on the Playwright project: JavaScript on or off, phone or desktop. A branch on one runs one way in one
 * project and the other way in the other, so an assertion in either branch runs in some project.
 */
const PROJECT_WORDS = new Set(["hasJs", "js", "noJs", "phone", "isPhone", "desktop", "isMobile", "javaScriptEnabled"]);

function isAboutProject(condition: ts.Expression): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && PROJECT_WORDS.has(node.text)) found = true;
    else if (ts.isPropertyAccessExpression(node) && node.name.text === "project") found = true; // info.project.name
    if (!found) ts.forEachChild(node, visit);
  };
  visit(condition);
  return found;
}

// --- Whether a piece of code asserts on every run -------------------------------------------------------------------

type FunctionBody = ts.ConciseBody;

/** Reads test bodies against a program: whether they assert, following helper calls through the checker. */
function reader(checker: ts.TypeChecker, helperNames: Set<string>) {
  const verdicts = new Map<FunctionBody, boolean>();

  /** The bodies of the test-support functions a call may run (none for a library's function). */
  function calleeBodies(call: ts.CallExpression): FunctionBody[] {
    const callee = call.expression;
    const name = ts.isIdentifier(callee) ? callee : ts.isPropertyAccessExpression(callee) ? callee.name : undefined;
    if (!name || !helperNames.has(name.text)) return []; // no test-support function has this name: no need to ask the checker
    let symbol = checker.getSymbolAtLocation(name);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return (symbol?.declarations ?? []).filter((d) => isTestSupport(path.relative(process.cwd(), d.getSourceFile().fileName))).flatMap(bodyOf);
  }

  /** Whether a helper asserts on every run; a function is taken not to assert while its own verdict is pending (recursion). */
  function helperAsserts(body: FunctionBody): boolean {
    const known = verdicts.get(body);
    if (known !== undefined) return known;
    verdicts.set(body, false);
    const verdict = bodyAsserts(body);
    verdicts.set(body, verdict);
    return verdict;
  }

  /**
   * An array the code writes out, non-empty: `[a, b]`, or a `const` holding such a literal (`const pages = [...]`;
   * `for (const p of pages)` runs). Any other array may be empty.
   */
  function isWrittenNonEmpty(node: ts.Expression): boolean {
    if (isNonEmptyArrayLiteral(node)) return true;
    if (!ts.isIdentifier(node)) return false;
    const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
    return (
      declaration !== undefined &&
      ts.isVariableDeclaration(declaration) &&
      ts.isVariableDeclarationList(declaration.parent) &&
      (declaration.parent.flags & ts.NodeFlags.Const) !== 0 &&
      declaration.initializer !== undefined &&
      isNonEmptyArrayLiteral(declaration.initializer)
    );
  }

  /**
   * Whether a function expression is run where it is written: passed to a call (a test step, `toPass`, a promise), but
   * not as the per-element callback of `rows.map(...)` and the like (unless `rows` is written out and non-empty), and
   * not stored in a variable or an object (then it runs only where it is called, which the helper rule follows).
   */
  function runsWhereWritten(fn: ts.ArrowFunction | ts.FunctionExpression): boolean {
    const call = fn.parent;
    if (!(ts.isCallExpression(call) || ts.isNewExpression(call)) || !call.arguments?.includes(fn)) return false;
    const callee = call.expression;
    if (ts.isPropertyAccessExpression(callee) && PER_ELEMENT.has(callee.name.text)) return isWrittenNonEmpty(callee.expression);
    return true;
  }

  const callAsserts = (call: ts.CallExpression) => isMatcherCall(call) || isAssertCall(call) || calleeBodies(call).some(helperAsserts);

  function bodyAsserts(body: FunctionBody): boolean {
    return ts.isBlock(body) ? statementAsserts(body) : expressionAsserts(body);
  }

  /** An expression asserts when a call in it that surely runs asserts. */
  function expressionAsserts(node: ts.Node): boolean {
    if (ts.isCallExpression(node) && callAsserts(node)) return true;
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return runsWhereWritten(node) && bodyAsserts(node.body);
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return false; // declared here, run elsewhere
    if (ts.isConditionalExpression(node)) {
      return expressionAsserts(node.condition) || branches(node.condition, expressionAsserts(node.whenTrue), expressionAsserts(node.whenFalse));
    }
    if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)
    ) {
      return expressionAsserts(node.left) || branches(node.left, expressionAsserts(node.right), false);
    }
    return ts.forEachChild(node, (child) => expressionAsserts(child) || undefined) ?? false;
  }

  /**
   * Two ways a condition may go, and whether each asserts. Both must, unless the condition is the project's (each way
   * runs in some project).
   */
  const branches = (condition: ts.Expression, yes: boolean, no: boolean) => (yes && no) || (isAboutProject(condition) && (yes || no));

  /** Statements in order: one of them asserts before any of them may leave early. */
  function statementsAssert(statements: readonly ts.Statement[]): boolean {
    for (const statement of statements) {
      if (statementAsserts(statement)) return true;
      if (leavesEarly(statement)) return false;
    }
    return false;
  }

  function statementAsserts(node: ts.Statement): boolean {
    if (ts.isBlock(node)) return statementsAssert(node.statements);
    if (ts.isExpressionStatement(node)) return expressionAsserts(node.expression);
    if (ts.isVariableStatement(node)) return node.declarationList.declarations.some((d) => d.initializer !== undefined && expressionAsserts(d.initializer));
    if (ts.isReturnStatement(node)) return node.expression !== undefined && expressionAsserts(node.expression);
    if (ts.isThrowStatement(node)) return true; // in a catch clause it is judged by tryAsserts
    if (ts.isIfStatement(node)) return ifAsserts(node);
    if (ts.isTryStatement(node)) return tryAsserts(node);
    if (ts.isDoStatement(node)) return statementAsserts(node.statement) || expressionAsserts(node.expression);
    if (ts.isForOfStatement(node)) return expressionAsserts(node.expression) || (isWrittenNonEmpty(node.expression) && statementAsserts(node.statement));
    if (ts.isForStatement(node)) return countsFromWrittenBounds(node) && statementAsserts(node.statement);
    if (ts.isForInStatement(node) || ts.isWhileStatement(node)) return false; // the body may run zero times
    if (ts.isSwitchStatement(node)) return switchAsserts(node);
    if (ts.isLabeledStatement(node)) return statementAsserts(node.statement);
    return false;
  }

  /** Both branches assert; or one is a guard that throws (`if (!row) throw ...` asserts `row`); or a branch on the project. */
  function ifAsserts(node: ts.IfStatement): boolean {
    if (expressionAsserts(node.expression)) return true;
    if (endsInThrow(node.thenStatement) || (node.elseStatement && endsInThrow(node.elseStatement))) return true;
    return branches(node.expression, statementAsserts(node.thenStatement), node.elseStatement !== undefined && statementAsserts(node.elseStatement));
  }

  /**
   * The `try` block's assertions count when an error in it still fails the test: no catch clause, or one that throws
   * again or asserts on every path. Assertions in the catch clause alone run only when something failed.
   */
  function tryAsserts(node: ts.TryStatement): boolean {
    if (node.finallyBlock && statementAsserts(node.finallyBlock)) return true;
    if (!statementAsserts(node.tryBlock)) return false;
    return !node.catchClause || statementAsserts(node.catchClause.block);
  }

  function switchAsserts(node: ts.SwitchStatement): boolean {
    const clauses = node.caseBlock.clauses;
    return clauses.some(ts.isDefaultClause) && clauses.every((c) => c.statements.length === 0 || statementsAssert(c.statements));
  }

  return { bodyAsserts };
}

/** A branch that always ends by throwing. */
function endsInThrow(node: ts.Statement): boolean {
  if (ts.isThrowStatement(node)) return true;
  return ts.isBlock(node) && node.statements.length > 0 && ts.isThrowStatement(node.statements[node.statements.length - 1]!);
}

/**
 * Whether a statement may leave the function (or, in a loop body, the iteration) before what follows it: a `return`,
 * or a `break`/`continue` not inside a loop or switch of its own. A branch on the project may: each way runs somewhere.
 */
function leavesEarly(statement: ts.Statement): boolean {
  let found = false;
  const visit = (node: ts.Node, inOwnLoop: boolean) => {
    if (found || ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isIfStatement(node) && isAboutProject(node.expression)) return;
    if (ts.isReturnStatement(node) || (!inOwnLoop && (ts.isBreakStatement(node) || ts.isContinueStatement(node)))) found = true;
    const loop = ts.isIterationStatement(node, false) || ts.isSwitchStatement(node);
    ts.forEachChild(node, (child) => visit(child, inOwnLoop || loop));
  };
  visit(statement, false);
  return found;
}

/** The body of a function a declaration names: `function f`, a method, `const f = () => ...`, `{ f: () => ... }`. */
function bodyOf(declaration: ts.Declaration): FunctionBody[] {
  if ((ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) && declaration.body) return [declaration.body];
  if ((ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration) || ts.isPropertyDeclaration(declaration)) && declaration.initializer) {
    const init = declaration.initializer;
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return [init.body];
  }
  return [];
}

/** Names of the functions declared in test-support files; a call by another name cannot be a helper. */
function functionNames(source: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isVariableDeclaration(node) ||
        ts.isPropertyAssignment(node) ||
        ts.isPropertyDeclaration(node)) &&
      node.name
    ) {
      if (bodyOf(node).length) out.push(node.name.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const TEST_CALLEES = new Set(["test", "it", "test.only", "it.only", "test.concurrent", "it.concurrent", "test.fails", "it.fails"]);

/** Every test declared in a file: `test("name", fn)`, `it(...)`, `test.each(rows)("name", fn)` and the like. */
function declaredTests(source: ts.SourceFile): { name: string; line: number; body: FunctionBody }[] {
  const out: { name: string; line: number; body: FunctionBody }[] = [];
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

/** `file:line "name"` of every test that does not assert on every run. Paths are relative to the working directory. */
export function hollowTests(all: string[]): string[] {
  const built = program(all);
  const sources = all.filter(isTestSupport).map((file) => built.getSourceFile(path.resolve(file))!);
  const { bodyAsserts } = reader(built.getTypeChecker(), new Set(sources.flatMap(functionNames)));
  return sources
    .filter((source) => TEST_FILE.test(source.fileName))
    .flatMap((source) =>
      declaredTests(source)
        .filter(({ body }) => !bodyAsserts(body))
        .map(({ name, line }) => `${path.relative(process.cwd(), source.fileName)}:${line} ${name}`),
    );
}

test("every test asserts something on every run (a matcher, assert, a guard's throw, or a helper that asserts)", { timeout: 60_000 }, () => {
  const all = ROOTS.flatMap(files);
  expect(all.filter((file) => TEST_FILE.test(file)).length).toBeGreaterThan(40);
  expect(hollowTests(all)).toEqual([]);
});

/** Runs `body` with the working directory in a fresh temporary folder holding `files`. */
function inFolder(files: Record<string, string>, body: () => void) {
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "hollow-"));
  const cwd = process.cwd();
  try {
    process.chdir(dir);
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(name), { recursive: true });
      fs.writeFileSync(name, text);
    }
    body();
  } finally {
    process.chdir(cwd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Helpers of every kind, some asserting on every run and some not; `all` is named like Promise.all on purpose.
const HELPERS = `
export async function mustWork(x: number) { if (!x) throw new Error("no"); }
export async function all(xs: unknown[]) { expect(xs.length).toBeGreaterThan(0); }
export async function sometimes(x: number) { if (x > 1) expect(x).toBe(2); }
export async function wraps(fn: () => Promise<unknown>) { try { await fn(); } catch (e) { throw new Error("wrapped: " + String(e)); } }
export const checks = { whole(x: number) { expect(x).toBe(1); } };
export class Probe { look(x: number) { expect(x).toBe(1); } }
`;

// One test a line; the title says whether the check must find it ("hollow") or believe it ("ok").
const CASES = [
  'test("hollow: returns before asserting", async () => { const r = await load(); if (!r) return; });',
  'test.describe("group", () => { test("hollow: nested", async ({ page }) => { await page.goto("/"); }); });',
  'test("hollow: Promise.all is not the helper all", async () => { await Promise.all([load()]); });',
  'test("hollow: a rethrow in a catch checks nothing", async () => { try { await load(); } catch (e) { throw e; } });',
  'test("hollow: a bare expect", () => { expect(1); });',
  'test("hollow: expect.any is no assertion", () => { load(expect.any(Number)); });',
  'test("hollow: only in an if", async () => { const r = await load(); if (r) expect(r).toBe(1); });',
  'test("hollow: only in a loop", async () => { for (const r of await load()) expect(r).toBe(1); });',
  'test("hollow: only per element", async () => { (await load()).forEach((r) => expect(r).toBe(1)); });',
  'test("hollow: after an early return", async () => { const r = await load(); if (!r) return; expect(r).toBe(1); });',
  'test("hollow: swallowed by a catch", async () => { try { expect(await load()).toBe(1); } catch {} });',
  'test("hollow: only in the catch", async () => { try { await load(); } catch (e) { expect(e).toBeTruthy(); } });',
  'test("hollow: a helper that asserts only sometimes", async () => { await sometimes(1); });',
  'test("hollow: a helper that only rethrows", async () => { await wraps(load); });',
  'test("hollow: only on one side of &&", async () => { const r = await load(); r && expect(r).toBe(1); });',
  'test("hollow: a callback kept, not run", () => { const check = () => expect(1).toBe(1); });',
  'test("ok: direct", () => { expect(1).toBe(1); });',
  'test("ok: through a helper", async () => { await mustWork(1); });',
  'test("ok: through the helper all", async () => { await all([1]); });',
  'test.each([1, 2])("ok: each %s", (n) => { expect(n).toBeGreaterThan(0); });',
  'test("ok: not", () => { expect(1).not.toBe(2); });',
  'test("ok: resolves", async () => { await expect(load()).resolves.toBe(1); });',
  'test("ok: rejects", async () => { await expect(load()).rejects.toThrow("x"); });',
  'test("ok: poll", async () => { await expect.poll(load).toBe(1); });',
  'test("ok: soft", () => { expect.soft(1).toBe(1); });',
  'test("ok: toPass", async () => { await expect(async () => { await load(); }).toPass(); });',
  'test("ok: a guard", async () => { const r = await load(); if (!r) throw new Error("no row"); });',
  'test("ok: both branches", async () => { if (await load()) expect(1).toBe(1); else expect(2).toBe(2); });',
  'test("ok: a branch on the project", async ({ page }, info) => { if (hasJs(info)) await expect(page).toHaveURL("/"); });',
  'test("ok: an object helper", () => { checks.whole(1); });',
  'test("ok: a class helper", () => { const probe = new Probe(); probe.look(1); });',
  'test("ok: a loop over written values", () => { for (const n of [1, 2]) expect(n).toBeGreaterThan(0); });',
  'test("ok: a step", async () => { await test.step("s", async () => { expect(1).toBe(1); }); });',
  'test("ok: rethrown from the catch", async () => { try { expect(await load()).toBe(1); } catch (e) { await load(); throw e; } });',
  'test("ok: a local helper", async () => { const check = async () => expect(await load()).toBe(1); await check(); });',
];

test("the check finds each kind of hollow test and believes each kind of assertion", { timeout: 60_000 }, () => {
  const spec = ['import { all, checks, mustWork, Probe, sometimes, wraps } from "./tests/helper";', ...CASES].join("\n");
  inFolder({ "tests/helper.ts": HELPERS, "x.test.ts": spec }, () => {
    const expected = CASES.flatMap((line, i) => (line.includes('"hollow: ') ? [`x.test.ts:${i + 2} ${line.match(/"hollow: [^"]*"/)![0]}`] : []));
    expect(expected.length).toBeGreaterThan(10);
    expect(hollowTests(["tests/helper.ts", "x.test.ts"])).toEqual(expected);
  });
});
