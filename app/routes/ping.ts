// GET /ping: a constant response through the whole framework (routing, loader, response) and nothing else.
// The benchmark uses it as the framework's own floor to compare our pages with.
export function loader() {
  return new Response("pong", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
