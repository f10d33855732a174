import { getDb } from "~/db/db.server";

// "Meet the team" on the public vendor profile (docs/domain.md, "The team"): the salon's active members in display
// order, each rated by the reviews of the visits they did (a review counts for the member of its appointment; a
// review Glow hid counts for no one, as on the service's own rating). A salon that never added anyone (the owner
// alone) has no team to show.

export interface TeamCard {
  id: number;
  name: string;
  title: string;
  photo: string | null;
  /** The average of the ratings of their reviewed visits, to one decimal; null: no reviews yet. */
  rating: number | null;
  reviewCount: number;
}

/** The average of whole-star ratings to one decimal (4.45 shows as 4.5); null for none. */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** The vendor's active members with their ratings; empty when the owner is the only active member. */
export async function meetTheTeam(vendorId: number): Promise<TeamCard[]> {
  const db = await getDb();
  const members = await db
    .selectFrom("team_members")
    .select(["id", "name", "title", "photo"])
    .where("vendor_id", "=", vendorId)
    .where("active", "=", 1)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  if (members.length < 2) return [];
  const ratings = await db
    .selectFrom("reviews as r")
    .innerJoin("appointments as a", "a.id", "r.appointment_id")
    .select(["a.member_id", (eb) => eb.fn.sum<string | number>("r.rating").as("total"), (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("a.vendor_id", "=", vendorId)
    .where("r.hidden_at", "is", null)
    .groupBy("a.member_id")
    .execute();
  const of = new Map(ratings.map((r) => [r.member_id, { total: Number(r.total), n: Number(r.n) }]));
  return members.map((m) => {
    const r = of.get(m.id) ?? { total: 0, n: 0 };
    return { id: m.id, name: m.name, title: m.title, photo: m.photo, rating: averageRating(r.total, r.n), reviewCount: r.n };
  });
}
