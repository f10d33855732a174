import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { s3Store, type ObjectStore, type S3Settings } from "~/models/media/storage.server";

// A real S3-compatible server (s3rver: the S3 REST API over HTTP, objects in a temporary folder) for tests of the
// object-store backend. Listening on port 0 lets the system choose a free port, so parallel test workers and other
// servers on the machine never collide.

export interface S3TestServer {
  settings: S3Settings;
  store: ObjectStore;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = "glow-test"): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "glow-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  let port: number;
  try {
    const address = (await server.run()) as { port: number };
    port = address.port;
  } catch (error) {
    throw new Error(`The S3-compatible test server (s3rver) could not start: ${String(error)}. Is the s3rver dev dependency installed?`);
  }
  // s3rver accepts any signature for its default key pair; the client still signs every request (SigV4).
  const settings: S3Settings = { bucket, endpoint: `http://127.0.0.1:${port}`, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    settings,
    store: s3Store(settings),
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
