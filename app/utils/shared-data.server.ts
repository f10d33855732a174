import { onWrite } from "~/db/write-watch.server";
import { carriesOurCookies } from "./cache.server";

// Data that is the same for every anonymous visitor (throughput).
//
// Most visitors are not signed in, and what they see (the catalogue, Home's blocks, the shell) changes only when a
// vendor, an editor or a customer's favourite changes it. Reading it once and keeping it in memory is what lets an
// anonymous page cost little more than the framework itself. Two things keep it fresh:
// - any write this process makes to a table these pages read drops everything at once (subscribed below to
//   app/db/write-watch.server.ts), and
// - another app process's writes are seen after at most TTL_MS, well within the 60 s that shared HTTP caches
//   are already allowed to keep these pages (cache.server.ts).

const TTL_MS = 10_000;
const MAX_ENTRIES = 1_000;

interface Entry {
  at: number;
  value: unknown;
}

const entries = new Map<string, Entry>();

/**
 * `load()`'s value for `key`, shared by everyone for a short while. Only values are kept, never failures: a
 * thrown Response (a 404, a redirect) has a body that can be read once, so each request gets its own.
 */
export async function shared<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && now - hit.at <= TTL_MS) {
    // Map order is our recency order: the least recently used entry is the first to go.
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as T;
  }
  const generationAtStart = generation;
  const value = await load();
  // A write while we read may have made this value old already: keep it only if none happened.
  if (generation === generationAtStart) {
    entries.delete(key);
    entries.set(key, { at: now, value });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }
  return value;
}

/**
 * A loader's value for everyone who carries none of our cookies (no session, no toast, no viewer id): the same
 * URL gives them the same data. Anyone else gets their own.
 * Call it inside `export function loader`: a top-level `export const loader = wrap(...)` is a call the browser
 * build keeps, and there this module is empty ("sharedLoader is not a function" broke hydration once).
 */
export function sharedForAnonymous<T>(name: string, request: Request, load: () => Promise<T>): Promise<T> {
  return carriesOurCookies(request) ? load() : sharedForUrl(name, request, load);
}

/**
 * What every visitor of a URL sees alike, signed in or not (the catalogue on it, never a person's own data): read
 * once for everyone for a short while. The caller adds what is the viewer's own, such as their hearts.
 */
export function sharedForUrl<T>(name: string, request: Request, load: () => Promise<T>): Promise<T> {
  if (request.method !== "GET") return load();
  const url = new URL(request.url);
  return shared(`${name} ${url.pathname}${url.search}`, load);
}

const MAX_BY_ID = 5_000;
const byId = new Map<string, Entry>();

/**
 * Values of many ids at once (service cards), each shared by everyone as `shared` keeps a value: `load` reads the
 * ids that are not kept, in one go, and answers with those it found; an id it did not find is kept as null (a
 * service that is not public), so it is not asked for again on every page.
 */
export async function sharedByIds<T>(
  name: string,
  ids: number[],
  load: (ids: number[]) => Promise<Map<number, T>>,
  now = Date.now(),
): Promise<Map<number, T | null>> {
  const out = new Map<number, T | null>();
  const missing: number[] = [];
  for (const id of ids) {
    const key = `${name} ${id}`;
    const hit = byId.get(key);
    if (hit && now - hit.at <= TTL_MS) {
      // Most recently used last, as `shared` keeps its entries: the first are the ones to drop.
      byId.delete(key);
      byId.set(key, hit);
      out.set(id, hit.value as T | null);
    } else missing.push(id);
  }
  if (missing.length === 0) return out;
  const generationAtStart = generation;
  const loaded = await load(missing);
  for (const id of missing) {
    const value = loaded.get(id) ?? null;
    out.set(id, value);
    if (generation !== generationAtStart) continue;
    const key = `${name} ${id}`;
    byId.delete(key);
    byId.set(key, { at: now, value });
  }
  while (byId.size > MAX_BY_ID) byId.delete(byId.keys().next().value as string);
  return out;
}

let generation = 0;

export function forgetSharedData(): void {
  generation++;
  entries.clear();
  byId.clear();
}

// Tables whose writes leave the shared data as it is. A write to any other table (including one added later)
// drops it. Appointments are not here: a service's page shows the free times, and a time just taken must vanish.
// recently_viewed is, though "also viewed" reads it: it is written on every signed-in view, and a suggestion
// list a few seconds old harms no one. favorites too: a heart is one person's (added per request to shared cards),
// and the one shared list that counts hearts, Home's "most saved", may be seconds old; dropping everything on each
// heart made every page of everyone read its data again whenever anyone saved a service.
const UNSHARED_TABLES = new Set([
  "sessions",
  "recently_viewed",
  "favorites",
  "newsletter",
  "payments",
  "credit_entries",
  "ledger_entries",
  "bank_accounts",
  "withdrawals",
  "uploads",
  "conversations",
  "messages",
  "outbox",
  "rate_limits",
  "password_resets",
  "remembered_reset_emails",
  "webhook_events",
]);

// Drops the shared data after a write that could change it (the database handle tells us of every write).
onWrite("shared-data", (tables) => {
  if (tables === null || tables.some((t) => !UNSHARED_TABLES.has(t))) forgetSharedData();
});
