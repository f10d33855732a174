import { getDb } from "~/db/db.server";
import { teamNames, type MemberName } from "~/models/team/members.server";

// The "Stylist" filter of the vendor's reports (Finance's Breakdown, reviews): `?member=ID` of one of the salon's
// members, or nothing for all of them. An id that is not one of theirs (malformed, unknown, another salon's) is
// "not found", never an empty list that looks like a true answer.

export interface MemberFilter {
  /** The salon's members to choose from; empty for a salon of one (no filter is offered). */
  members: MemberName[];
  /** The member chosen; null: all stylists. */
  member: number | null;
}

export async function readMemberFilter(url: URL, vendorId: number): Promise<MemberFilter> {
  const team = await teamNames(await getDb(), vendorId);
  const members = team.length > 1 ? team : [];
  const param = url.searchParams.get("member") ?? "";
  if (param === "") return { members, member: null };
  const id = /^\d{1,9}$/.test(param) ? Number(param) : null;
  if (id === null || !team.some((m) => m.id === id)) {
    throw new Response("We couldn't find that team member among yours.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return { members, member: id };
}
