import net from "node:net";
import type { AddressInfo } from "node:net";

// A minimal SMTP server standing in for the mail provider, on 127.0.0.1. A message counts as received only once
// the server has answered "250" to it on a connection still open, as a real provider accepts it; `replyDelayMs`
// makes each acceptance slow, so that a test can kill a sender in the middle of a delivery.

export interface Received {
  from: string;
  to: string[];
  data: string;
}

export interface FakeSmtp {
  url: string;
  received: Received[];
  close: () => Promise<void>;
}

export function startFakeSmtp(options: { port?: number; replyDelayMs?: number } = {}): Promise<FakeSmtp> {
  const received: Received[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let buffer = "";
    let current: Received = { from: "", to: [], data: "" };
    let inData = false;
    socket.write("220 localhost test SMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          const message = { ...current, data: buffer.slice(0, end) };
          buffer = buffer.slice(end + 5);
          inData = false;
          current = { from: "", to: [], data: "" };
          const accept = () => {
            if (socket.destroyed) return;
            socket.write("250 queued\r\n");
            received.push(message);
          };
          if (options.replyDelayMs) setTimeout(accept, options.replyDelayMs);
          else accept();
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") {
          socket.write("250-localhost\r\n250 8BITMIME\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 bye\r\n");
        } else {
          if (verb === "MAIL") current.from = line;
          if (verb === "RCPT") current.to.push(line);
          socket.write("250 ok\r\n");
        }
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        received,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    }),
  );
}
