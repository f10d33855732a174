import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorSummary } from "~/components/forms";
import { refusalOf } from "~/http/refusal.server";
import { requireVendor } from "~/http/session.server";
import { INVITATION_DAYS, inviteMember, membersToInvite, pendingInvitations, withdrawInvitation } from "~/models/team/invitations.server";
import { invitableRoles, ROLE_LABEL } from "~/models/team/roles";
import { auditRequest } from "~/http/audit.server";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { formatDate } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";
import { InviteSchema, TITLE_MAX } from "./schema";

// /vendor/team/invite: the owner invites someone to the team by e-mail, as manager or stylist, a manager as stylist
// only (docs/domain.md, "Roles"), and sees the invitations still open.

export const meta: MetaFunction = () => [{ title: "Invite to your team · Vendor · Glow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "team-invite");
  const [members, pending] = await Promise.all([membersToInvite(vendor.vendorId, vendor.teamRole), pendingInvitations(vendor.vendorId)]);
  const roles = invitableRoles(vendor.teamRole);
  // INVITATION_DAYS reaches the page through its data: the browser's bundle has no .server module.
  return data({
    members,
    roles,
    days: INVITATION_DAYS,
    pending: pending.map((p) => ({ ...p, withdrawable: p.role === "stylist" || roles.includes("manager"), role: ROLE_LABEL[p.role] })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "team-invite");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: InviteSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  try {
    if (v.intent === "withdraw") {
      await withdrawInvitation(vendor.vendorId, v.id, vendor.teamRole);
      return redirectWithSuccess("/vendor/team/invite", "Invitation withdrawn: its link no longer works.", { status: 303 });
    }
    const who = v.member === "new" ? { name: v.name ?? "", title: v.title ?? "" } : { memberId: Number(v.member) };
    const { memberId, memberName } = await inviteMember(vendor.vendorId, {
      email: v.email,
      role: v.role,
      invitedBy: vendor.id,
      byRole: vendor.teamRole,
      ...who,
    });
    await auditRequest(request, {
      actor: vendor,
      action: "team.invite",
      record: { type: "team-member", id: memberId },
      vendorId: vendor.vendorId,
      detail: `${memberName} as ${ROLE_LABEL[v.role].toLowerCase()}`,
    });
    return redirectWithSuccess("/vendor/team/invite", `Invitation sent to ${v.email} for ${memberName}. The link works for ${INVITATION_DAYS} days.`, {
      status: 303,
    });
  } catch (error) {
    const refused = refusalOf(error);
    return data({ result: submission.reply({ formErrors: [refused.message] }) }, { status: refused.status });
  }
}

export default function InvitePage() {
  const { members, roles, days, pending } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const fields = answer?.result.initialValue as Record<string, string> | undefined;
  return (
    <div className="team-invite">
      <div className="dash-head">
        <div>
          <h1>Invite to your team</h1>
          <p className="dash-sub">
            They get an e-mail with a link that works once, for {days} days. A stylist sees only their own appointments, with clients&apos; phones masked; a
            manager runs the salon with the owner, except money and the team&apos;s roles
            {roles.includes("manager") ? "" : ", so a manager invites stylists only"}.
          </p>
        </div>
      </div>
      <section className="card hours-card" aria-labelledby="invite-title">
        <h2 id="invite-title" className="card__title">
          New invitation
        </h2>
        <Form method="post" className="form">
          <ErrorSummary errors={answer?.result.error} />
          <input type="hidden" name="intent" value="invite" />
          <label className="field">
            <span className="field__label">E-mail</span>
            <input type="email" name="email" className="input" required maxLength={254} autoComplete="off" defaultValue={fields?.email ?? ""} />
          </label>
          <label className="field">
            <span className="field__label">Role</span>
            <select name="role" className="input" defaultValue={fields?.role ?? "stylist"}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABEL[r]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">Who</span>
            <select name="member" className="input" defaultValue={fields?.member ?? "new"}>
              <option value="new">A new member (name below)</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">Name (for a new member)</span>
            <input type="text" name="name" className="input" maxLength={50} autoComplete="off" defaultValue={fields?.name ?? ""} />
          </label>
          <label className="field">
            <span className="field__label">Title (optional)</span>
            <input type="text" name="title" className="input" maxLength={TITLE_MAX} placeholder="Senior stylist" defaultValue={fields?.title ?? ""} />
          </label>
          <button type="submit" className="btn btn--primary">
            Send invitation
          </button>
        </Form>
      </section>
      <section className="card hours-card" aria-labelledby="pending-title">
        <h2 id="pending-title" className="card__title">
          Open invitations
        </h2>
        {pending.length ? (
          <ul className="hours-off">
            {pending.map((p) => (
              <li key={p.id} className="hours-off__item">
                <span>
                  <strong>{p.memberName}</strong> · {p.role} · {p.email}
                  <span className="dash-sub"> · until {formatDate(p.expiresAt)}</span>
                </span>
                {p.withdrawable ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="withdraw" />
                    <input type="hidden" name="id" value={p.id} />
                    <button type="submit" className="btn btn--outline btn--small" aria-label={`Withdraw the invitation of ${p.memberName}`}>
                      Withdraw
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="dash-sub">No invitations waiting.</p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
