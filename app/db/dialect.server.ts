export type Dialect = "sqlite" | "postgres";

export function dialectOf(url: string): Dialect {
  return url.startsWith("postgres") ? "postgres" : "sqlite";
}
