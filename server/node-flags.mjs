// The V8 flags the app server runs with, for `npm start` and for the benches that time it.
// At V8's default (16 MB semi-spaces) the short-lived objects of 50 pages rendered at a time outgrow the young
// generation and the collector copies them out again and again; with 32 MB semi-spaces a signed-in page takes about
// a tenth less of the server's CPU, and 64 MB buys nothing more (docs/performance.md, "Signed-in pages: the young
// generation, the encoder, compiled reads"; docs/decisions/029-signed-in-page-cost.md). The operator's NODE_OPTIONS
// value wins.

/** @param {Record<string, string | undefined>} env */
export function serverNodeFlags(env) {
  return /--max-semi-space-size/.test(env.NODE_OPTIONS ?? "") ? [] : ["--max-semi-space-size=32"];
}
