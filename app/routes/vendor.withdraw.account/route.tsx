import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CodeForm, CodePage, wrongCodeMessage } from "~/components/code-form";
import { GeneralErrorBoundary } from "~/components/common";
import { CODE_MESSAGE, readCodeForm } from "../vendor.withdraw.verify/schema";
import { assertSameOrigin, idQueryParam, invariantResponse, readForm } from "~/utils/http.server";
import { getBankAccount, maskAccount, verifyBankAccount } from "~/models/money/bank-accounts.server";
import { lockoutMessage } from "~/models/money/confirmation-codes.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { requireVendor } from "~/http/session.server";
import { auditRequest } from "~/http/audit.server";

// /vendor/withdraw/account?id=: the code e-mailed for a new bank account. Only the right code makes the account
// one that withdrawals can pay into.

export const meta: MetaFunction = () => [{ title: "Confirm bank account | Vendor dashboard | Glow" }];

const NOT_FOUND = "We couldn't find that bank account among yours.";

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "money");
  const account = await getBankAccount(vendor.vendorId, idQueryParam(request, NOT_FOUND));
  invariantResponse(account, NOT_FOUND, 404);
  return data({ account: { ...account, number: maskAccount(account.number) } });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "money");
  const id = idQueryParam(request, NOT_FOUND);
  const formData = await readForm(request);
  const parsed = readCodeForm(formData);
  if (!parsed.success || parsed.data.intent !== "verify") return data({ error: CODE_MESSAGE }, { status: 400 });
  const result = await verifyBankAccount(vendor.vendorId, id, parsed.data.code);
  if (result.ok) {
    await auditRequest(request, { actor: vendor, action: "bank-account.verify", record: { type: "bank-account", id }, vendorId: vendor.vendorId });
    const account = await getBankAccount(vendor.vendorId, id);
    const message =
      account?.approval === "approved"
        ? "Bank account confirmed. You can now withdraw to it."
        : "Bank account confirmed. The bank's name for it is not the one on your profile, so Glow's team checks it before you can withdraw to it.";
    return redirectWithSuccess("/vendor/withdraw", message, { status: 303 });
  }
  switch (result.reason) {
    case "not-found":
      throw new Response(NOT_FOUND, { status: 404 });
    case "verified":
      return redirectWithSuccess("/vendor/withdraw", "This bank account is already confirmed.", { status: 303 });
    case "wrong":
      return data({ error: wrongCodeMessage(result.triesLeft) }, { status: 400 });
    case "locked":
      return data({ error: lockoutMessage(result.retryAt) }, { status: 429 });
    case "expired":
      return redirectWithError("/vendor/withdraw", "That code has expired. Please add the account again for a new code.", { status: 303 });
    case "cancelled":
      return redirectWithError("/vendor/withdraw", "Too many wrong codes, so this account was not added. Please add it again.", { status: 303 });
  }
}

export default function ConfirmAccountPage() {
  const { account: a } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <CodePage
      step="Confirm account"
      title="Confirm bank account"
      what={
        <>
          {a.bankName} {a.number} · {a.holder}
        </>
      }
    >
      {a.resolvedName ? (
        <p className={a.approval === "approved" ? "notice" : "notice notice--error"} role="note">
          Your bank says this account belongs to <strong>{a.resolvedName}</strong>.
          {a.approval === "approved"
            ? " Enter the code only if that is you."
            : " That is not the name on your profile, so after you confirm, Glow's team checks it before you can withdraw to it."}
        </p>
      ) : null}
      {a.verified ? (
        <p>
          This account is confirmed. <Link to="/vendor/withdraw">Withdraw to it</Link>
        </p>
      ) : (
        <CodeForm error={error} expiresAt={a.codeExpiresAt} triesLeft={a.triesLeft} submitLabel="Confirm account" />
      )}
    </CodePage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
