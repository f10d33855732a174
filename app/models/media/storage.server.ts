import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { getEnv } from "~/utils/env.server";

// Where uploaded files' bytes live: one seam, two backends. The data folder is the embedded default; with S3_BUCKET
// set, any S3-compatible object store (AWS S3, Cloudflare R2, MinIO...) holds them so every app server sees the same
// files. Keys are random and never reused, so whatever serves them may cache them forever.
// See docs/decisions/011-uploads-storage.md.

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP's Range header. */
  end: number;
}

export interface ObjectStore {
  readonly name: "folder" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Stores a file's bytes from its path (an upload as received), without holding them in memory where it can. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The object's bytes (or a slice of them); undefined when it does not exist. */
  get(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined>;
  /** Deletes every listed key; a missing key is not an error. */
  delete(keys: string[]): Promise<void>;
  /** The keys present, sorted. */
  list(): Promise<string[]>;
  /** The objects present with when each was written (the orphan sweep keeps young ones: an upload may be under way). */
  entries(): Promise<StoredEntry[]>;
}

export interface StoredEntry {
  key: string;
  modifiedAt: Date;
}

const SAFE_KEY = /^[A-Za-z0-9_-]{1,64}\.[a-z0-9]{2,5}$/;

/** A folder store's half-written file (see put): listed and deletable, so the orphan sweep removes what a crash left. */
const PART_KEY = /^[A-Za-z0-9_-]{1,64}\.[a-z0-9]{2,5}\.part$/;
const isFolderKey = (key: string) => SAFE_KEY.test(key) || PART_KEY.test(key);

function checkKey(key: string, allowed = (k: string) => SAFE_KEY.test(k)) {
  // Keys are made by the app, never taken from a request unchecked; this is the last guard against a path escape.
  if (!allowed(key)) throw new Error(`not a storage key: ${JSON.stringify(key).slice(0, 80)}`);
}

/** Beside the SQLite file (data/uploads for the default data/glow.sqlite); data/uploads for PostgreSQL. */
export function uploadsDir(): string {
  const env = getEnv();
  const url = env.DATABASE_URL;
  // Tests: a folder per worker process (its test files run one after another, each with a private database), so
  // one file's orphan sweep never meets the objects of a file running beside it.
  if (env.NODE_ENV === "test" || url === "file::memory:") return path.join(os.tmpdir(), `glow-test-uploads-${process.pid}`);
  if (url.startsWith("file:")) return path.join(path.dirname(path.resolve(url.slice("file:".length))), "uploads");
  return path.resolve("data/uploads");
}

export function folderStore(dir: string): ObjectStore {
  // Written beside and renamed: a reader never sees half a file, and a crash leaves only a .part to sweep.
  const writeThenRename = async (key: string, write: (partial: string) => Promise<void>) => {
    checkKey(key);
    await fsp.mkdir(dir, { recursive: true });
    const partial = path.join(dir, `${key}.part`);
    await write(partial);
    await fsp.rename(partial, path.join(dir, key));
  };
  return {
    name: "folder",
    async put(key, bytes) {
      await writeThenRename(key, (partial) => fsp.writeFile(partial, bytes));
    },
    async putFile(key, file) {
      await writeThenRename(key, (partial) => fsp.copyFile(file, partial));
    },
    async get(key, range) {
      checkKey(key);
      const file = path.join(dir, key);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return Readable.toWeb(fs.createReadStream(file, range ? { start: range.start, end: range.end } : {})) as ReadableStream<Uint8Array>;
    },
    async delete(keys) {
      for (const key of keys) checkKey(key, isFolderKey);
      await Promise.all(keys.map((key) => fsp.rm(path.join(dir, key), { force: true })));
    },
    async list() {
      const names = await fsp.readdir(dir).catch(() => [] as string[]);
      return names.filter((n) => SAFE_KEY.test(n)).sort();
    },
    async entries() {
      const names = (await fsp.readdir(dir).catch(() => [] as string[])).filter(isFolderKey).sort();
      const found = await Promise.all(
        names.map(async (key) => {
          const stat = await fsp.stat(path.join(dir, key)).catch(() => undefined);
          return stat?.isFile() ? { key, modifiedAt: stat.mtime } : undefined;
        }),
      );
      return found.filter((e): e is StoredEntry => e !== undefined);
    },
  };
}

export interface S3Settings {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * An S3-compatible bucket through signed fetch requests (aws4fetch: SigV4 in a few KB, no SDK). Path-style
 * addresses (endpoint/bucket/key), which AWS, R2, MinIO and the test server all accept.
 */
export function s3Store(settings: S3Settings): ObjectStore {
  const client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, service: "s3" });
  const base = `${settings.endpoint.replace(/\/$/, "")}/${encodeURIComponent(settings.bucket)}`;
  const fail = async (what: string, response: Response) => {
    const text = (await response.text().catch(() => "")).slice(0, 200);
    return new Error(`object store: ${what} answered ${response.status} ${text}`);
  };
  return {
    name: "s3",
    async put(key, bytes, contentType) {
      checkKey(key);
      const response = await client.fetch(`${base}/${key}`, {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: { "Content-Type": contentType, "Cache-Control": "public, max-age=31536000, immutable" },
      });
      if (!response.ok) throw await fail(`PUT ${key}`, response);
      await response.arrayBuffer();
    },
    async putFile(key, file, contentType) {
      // Read whole for the signed PUT (S3 wants its length and aws4fetch signs a known body): at most a 25 MB
      // video, and only as many at once as there are upload slots (app/http/upload-slots.server.ts).
      await this.put(key, await fsp.readFile(file), contentType);
    },
    async get(key, range) {
      checkKey(key);
      const response = await client.fetch(`${base}/${key}`, range ? { headers: { Range: `bytes=${range.start}-${range.end}` } } : {});
      if (response.status === 404) {
        await response.arrayBuffer();
        return undefined;
      }
      if (!response.ok || !response.body) throw await fail(`GET ${key}`, response);
      return response.body;
    },
    async delete(keys) {
      for (const key of keys) checkKey(key);
      // One DELETE per key: multi-object delete needs a Content-MD5 that not every S3-compatible store checks alike.
      await Promise.all(
        keys.map(async (key) => {
          const response = await client.fetch(`${base}/${key}`, { method: "DELETE" });
          if (!response.ok && response.status !== 404) throw await fail(`DELETE ${key}`, response);
          await response.arrayBuffer();
        }),
      );
    },
    async list() {
      return (await entries()).map((e) => e.key);
    },
    entries,
  };

  /** ListObjectsV2, page by page (at most 1000 keys each), with each object's LastModified. */
  async function entries(): Promise<StoredEntry[]> {
    const found: StoredEntry[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ "list-type": "2", ...(token ? { "continuation-token": token } : {}) });
      const response = await client.fetch(`${base}?${query}`);
      if (!response.ok) throw await fail("LIST", response);
      const xml = await response.text();
      for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = /<Key>([^<]{1,200})<\/Key>/.exec(m[1]!)?.[1];
        const modified = /<LastModified>([^<]{1,40})<\/LastModified>/.exec(m[1]!)?.[1];
        if (key && modified) found.push({ key, modifiedAt: new Date(modified) });
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? /<NextContinuationToken>([^<]{1,1024})<\/NextContinuationToken>/.exec(xml)?.[1] : undefined;
    } while (token);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}

let store: ObjectStore | undefined;

/** The configured store: S3 when S3_BUCKET is set, else the data folder. */
export function getStore(): ObjectStore {
  if (store) return store;
  const env = getEnv();
  store = env.s3 ? s3Store(env.s3) : folderStore(uploadsDir());
  return store;
}

/** Tests point the app at another store (a real S3-compatible server) and back. */
export function setStoreForTests(next: ObjectStore | undefined) {
  store = next;
}

/** Where browsers fetch an object: the public bucket/CDN when one is configured, else the app's /uploads route. */
export function publicUploadsBase(): string {
  return getEnv().S3_PUBLIC_URL?.replace(/\/$/, "") ?? "/uploads";
}
