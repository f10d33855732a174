import pg from "pg";

// With DATABASE_URL on PostgreSQL, each test file works in its own schema (tests/setup/vitest.setup.ts). They are
// dropped here, once, before and after the whole run — never while any worker may still be using the database.
async function dropTestSchemas(): Promise<void> {
  const url = process.env.DATABASE_URL ?? "";
  if (!url.startsWith("postgres")) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>("select nspname from pg_namespace where nspname like 't\\_%'");
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname.replace(/"/g, "")}" cascade`);
  } finally {
    await client.end();
  }
}

export async function setup(): Promise<void> {
  await dropTestSchemas();
}

export async function teardown(): Promise<void> {
  await dropTestSchemas();
}
