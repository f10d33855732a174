import { getDb } from "~/db/db.server";
import { deliverMail, queueMails } from "~/models/messaging/mail.server";
import { DomainError } from "~/models/refusal";
import { getEnv } from "~/utils/env.server";
import { hashPassword } from "~/utils/password.server";
import { randomToken, sha256 } from "~/utils/random.server";
import { invitableRoles, ROLE_LABEL, type InvitableRole, type TeamRole } from "./roles";

// Invitations to a salon's team (docs/domain.md, "Roles"; docs/decisions/018-acting-member.md). The owner invites a
// member by e-mail: a single-use link whose token (256 random bits) is only in the e-mail, the table keeping its
// SHA-256, as password resets and e-mail changes do. Opening it, the person sets a password (a new account with that
// e-mail) or signs in to the account that has it, and joins: the member is linked to the account, which then signs
// in to the salon's dashboard with the member's role.

export const INVITATION_DAYS = 7;
const TOKEN_MAX = 200;

export interface PendingInvitation {
  id: number;
  email: string;
  memberName: string;
  role: TeamRole;
  expiresAt: string;
}

/** The sentence for a manager who tries to give or take away the manager's role: the owner's alone. */
const OWNER_MAKES_MANAGERS = "Only the salon's owner can invite or make a manager. Invite them as a stylist.";

/** The members an invitation by a member of `byRole` may name: active, not the owner, with no account yet; a manager's, stylists only. */
export async function membersToInvite(vendorId: number, byRole: TeamRole): Promise<{ id: number; name: string; role: TeamRole }[]> {
  const db = await getDb();
  return db
    .selectFrom("team_members")
    .select(["id", "name", "role"])
    .where("vendor_id", "=", vendorId)
    .where("role", "in", ["stylist", ...invitableRoles(byRole)])
    .where("active", "=", 1)
    .where("user_id", "is", null)
    .orderBy("sort")
    .orderBy("id")
    .execute();
}

/** The vendor's invitations not yet used nor expired, newest first. */
export async function pendingInvitations(vendorId: number, now: Date = new Date()): Promise<PendingInvitation[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("team_invitations as i")
    .innerJoin("team_members as m", "m.id", "i.member_id")
    .select(["i.id", "i.email", "i.expires_at", "m.name", "m.role"])
    .where("i.vendor_id", "=", vendorId)
    .where("i.used_at", "is", null)
    .where("i.expires_at", ">", now.toISOString())
    .orderBy("i.id", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, memberName: r.name, role: r.role, expiresAt: r.expires_at }));
}

/** `byRole`: the inviter's role in the team; a manager invites stylists only (app/models/team/roles.ts). */
export type InviteInput = { email: string; role: InvitableRole; invitedBy: number; byRole: TeamRole } & (
  { memberId: number } | { name: string; title: string }
);

/**
 * Invites someone to the team: names one of `membersToInvite` (another vendor's member, or one who joined, is
 * "not found") or adds a new member, gives the member the role, and e-mails the link. A new invitation for the
 * same member replaces the unused ones before it. Returns the member's id and name.
 */
export async function inviteMember(vendorId: number, input: InviteInput, now: Date = new Date()): Promise<{ memberId: number; memberName: string }> {
  const db = await getDb();
  const email = input.email.trim().toLowerCase();
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString();
  const mayGive = invitableRoles(input.byRole);
  if (!mayGive.includes(input.role)) throw new DomainError("forbidden", OWNER_MAKES_MANAGERS, { field: "role" });
  const { mails, memberId, memberName } = await db.transaction().execute(async (tx) => {
    const vendor = await tx.selectFrom("vendors").select(["business_name", "user_id"]).where("id", "=", vendorId).executeTakeFirstOrThrow();
    const owner = await tx.selectFrom("users").select("email").where("id", "=", vendor.user_id).executeTakeFirstOrThrow();
    if (owner.email === email) throw new DomainError("invalid", "That is your own e-mail: you are the owner already.", { field: "email" });
    let memberId: number;
    let memberName: string;
    if ("memberId" in input) {
      const member = await tx
        .selectFrom("team_members")
        .select(["id", "name"])
        .where("id", "=", input.memberId)
        .where("vendor_id", "=", vendorId)
        // A manager's invitation may not take the manager's role away from a member who has it.
        .where("role", "in", ["stylist", ...mayGive])
        .where("active", "=", 1)
        .where("user_id", "is", null)
        .executeTakeFirst();
      if (!member) throw new DomainError("not-found", "We couldn't find that member on your team.", { field: "member" });
      await tx.updateTable("team_members").set({ role: input.role }).where("id", "=", member.id).execute();
      await tx.deleteFrom("team_invitations").where("member_id", "=", member.id).where("used_at", "is", null).execute();
      memberId = member.id;
      memberName = member.name;
    } else {
      const last = await tx
        .selectFrom("team_members")
        .select((eb) => eb.fn.max("sort").as("sort"))
        .where("vendor_id", "=", vendorId)
        .executeTakeFirst();
      const created = await tx
        .insertInto("team_members")
        .values({
          vendor_id: vendorId,
          user_id: null,
          name: input.name,
          title: input.title,
          photo: null,
          role: input.role,
          sort: Number(last?.sort ?? 0) + 1,
          week_hours: null,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      memberId = created.id;
      memberName = input.name;
    }
    await tx
      .insertInto("team_invitations")
      .values({
        vendor_id: vendorId,
        member_id: memberId,
        email,
        token_hash: sha256(token),
        invited_by: input.invitedBy,
        expires_at: expiresAt,
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    const mails = await queueMails(
      tx,
      [
        {
          to: email,
          subject: `Join ${vendor.business_name} on Glow`,
          text: [
            `Hello ${memberName},`,
            "",
            `${vendor.business_name} invites you to its team on Glow as ${ROLE_LABEL[input.role].toLowerCase()}. Open this link to join:`,
            "",
            `${getEnv().APP_URL}/team/join/${token}`,
            "",
            `The link works once, for ${INVITATION_DAYS} days. If you did not expect it, ignore this e-mail.`,
            "",
            "Glow",
          ].join("\n"),
        },
      ],
      now,
    );
    return { mails, memberId, memberName };
  });
  for (const mail of mails) await deliverMail(mail);
  return { memberId, memberName };
}

/** Withdraws an invitation not yet used; another vendor's is "not found", and so is a manager's invitation to a manager. */
export async function withdrawInvitation(vendorId: number, id: number, byRole: TeamRole): Promise<void> {
  const db = await getDb();
  const done = await db
    .deleteFrom("team_invitations")
    .where("id", "=", id)
    .where("vendor_id", "=", vendorId)
    .where("used_at", "is", null)
    .where("member_id", "in", (eb) =>
      eb
        .selectFrom("team_members")
        .select("id")
        .where("role", "in", ["stylist", ...invitableRoles(byRole)]),
    )
    .executeTakeFirst();
  if (Number(done.numDeletedRows) === 0) throw new DomainError("not-found", "We couldn't find that invitation. It may have been used already.");
}

export type InvitationLook =
  { kind: "open"; email: string; businessName: string; memberName: string; role: TeamRole; accountExists: boolean } | { kind: "unknown" | "used" | "expired" };

/** What a link leads to: an invitation to accept, or why it cannot be (unknown covers a forged or withdrawn link). */
export async function lookUpInvitation(token: string, now: Date = new Date()): Promise<InvitationLook> {
  if (token.length === 0 || token.length > TOKEN_MAX) return { kind: "unknown" };
  const db = await getDb();
  const row = await db
    .selectFrom("team_invitations as i")
    .innerJoin("team_members as m", "m.id", "i.member_id")
    .innerJoin("vendors as v", "v.id", "i.vendor_id")
    .select(["i.email", "i.used_at", "i.expires_at", "m.name", "m.role", "m.active", "v.business_name"])
    .where("i.token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row || row.active !== 1) return { kind: "unknown" };
  if (row.used_at !== null) return { kind: "used" };
  if (row.expires_at <= now.toISOString()) return { kind: "expired" };
  const account = await db.selectFrom("users").select("id").where("email", "=", row.email).executeTakeFirst();
  return { kind: "open", email: row.email, businessName: row.business_name, memberName: row.name, role: row.role, accountExists: account !== undefined };
}

/** Why a link cannot be used, in the words its page shows. */
export const CLOSED_INVITATION = {
  used: "This invitation was used already. Sign in to open your salon's dashboard.",
  expired: "This invitation has expired. Ask the salon's owner to invite you again.",
  unknown: "This link is not a Glow invitation, or the owner withdrew it.",
} as const;

function closedInvitation(kind: keyof typeof CLOSED_INVITATION): DomainError {
  return new DomainError(kind === "used" ? "conflict" : kind === "expired" ? "invalid" : "not-found", CLOSED_INVITATION[kind]);
}

export type JoinAs = { kind: "signed-in"; userId: number } | { kind: "new-account"; firstName: string; lastName: string; password: string };

/**
 * Joins the team through a link: links the member to the signed-in account (which must have the invited e-mail) or
 * to a new account with that e-mail, and uses the link up, all in one transaction whose update of `used_at` only
 * succeeds once, so two tabs cannot both join. An account that runs a salon, is an administrator, or is already on
 * a team cannot join. A customer account becomes a staff account: it signs in to the salon's dashboard.
 */
export async function acceptInvitation(token: string, as: JoinAs, now: Date = new Date()): Promise<{ userId: number; role: TeamRole; businessName: string }> {
  const look = await lookUpInvitation(token, now);
  if (look.kind !== "open") throw closedInvitation(look.kind);
  const { role, businessName } = look;
  const passwordHash = as.kind === "new-account" ? await hashPassword(as.password) : null;
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const invitation = await tx
      .selectFrom("team_invitations")
      .select(["id", "member_id", "email"])
      .where("token_hash", "=", sha256(token))
      .executeTakeFirstOrThrow();
    const used = await tx
      .updateTable("team_invitations")
      .set({ used_at: now.toISOString() })
      .where("id", "=", invitation.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw closedInvitation("used");
    let userId: number;
    if (as.kind === "signed-in") {
      const user = await tx.selectFrom("users").select(["id", "email", "role"]).where("id", "=", as.userId).executeTakeFirstOrThrow();
      if (user.email !== invitation.email) throw new DomainError("invalid", "This invitation is for another e-mail. Sign out, then open the link again.");
      if (user.role === "admin") throw new DomainError("invalid", "An administrator's account cannot join a salon's team.");
      const owns = await tx.selectFrom("vendors").select("id").where("user_id", "=", user.id).executeTakeFirst();
      if (owns) throw new DomainError("invalid", "This account runs its own salon on Glow, so it cannot join another team.");
      const member = await tx.selectFrom("team_members").select("id").where("user_id", "=", user.id).executeTakeFirst();
      if (member) throw new DomainError("conflict", "This account is on a salon's team already.");
      if (user.role !== "vendor") await tx.updateTable("users").set({ role: "vendor" }).where("id", "=", user.id).execute();
      userId = user.id;
    } else {
      const taken = await tx.selectFrom("users").select("id").where("email", "=", invitation.email).executeTakeFirst();
      if (taken) throw new DomainError("conflict", "A Glow account has this e-mail already: sign in to it to join.");
      const created = await tx
        .insertInto("users")
        .values({
          email: invitation.email,
          password_hash: passwordHash!,
          first_name: as.firstName,
          last_name: as.lastName,
          role: "vendor",
          phone: null,
          address: null,
          city: null,
          state: null,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userId = created.id;
    }
    await tx.updateTable("team_members").set({ user_id: userId }).where("id", "=", invitation.member_id).execute();
    return { userId, role, businessName };
  });
}
