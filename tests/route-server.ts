import http from "node:http";
import type { AddressInfo } from "node:net";

// A route module served over real HTTP on 127.0.0.1, so a fake provider can call our webhook as the provider would
// (a POST across the network, its headers and raw body as sent) without building and starting the whole app.

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response> | Response;

export async function serveRoute(route: { action?: Handler; loader?: Handler }) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
        const method = req.method ?? "GET";
        const request = new Request(`http://localhost:3000${req.url ?? "/"}`, {
          method,
          headers,
          body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks),
        });
        const handler = method === "GET" ? route.loader : route.action;
        const response = handler ? await handler({ request, params: {}, context: {} }) : new Response("Method not allowed.", { status: 405 });
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })().catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
