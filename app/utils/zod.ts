import * as z from "zod";

// zod, as every module of the app imports it (`import * as z from "~/utils/zod"`), never straight from "zod": so in
// the browser this line runs before any schema is made. When zod 4 makes its first object schema it tests whether
// it may compile parsers with `new Function`; our CSP has no 'unsafe-eval', so the test fails quietly but the
// browser still reports a CSP violation (a console error, and a lower Lighthouse Best Practices score). `jitless`
// skips the test and the compiled parsers. The server has no CSP and keeps them.
if (typeof document !== "undefined") z.config({ jitless: true });

export * from "zod";
