import type { WithdrawalStatus } from "~/db/schema";

// How a withdrawal's state reads on the vendor's and the operator's pages (one wording for both).

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: "Waiting for your code",
  cancelled: "Cancelled",
  processing: "Processing",
  paid: "Paid",
  failed: "Failed: returned to your balance",
  reversed: "Reversed: returned to your balance",
};

export type { WithdrawalStatus };
