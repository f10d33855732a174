import { recordAudit, type AuditEvent } from "~/models/system/audit.server";
import { clientIp } from "~/utils/client-ip.server";

/** Records an audit event for a request: the caller's address is taken from it (app/utils/client-ip.server.ts). */
export function auditRequest(request: Request, event: Omit<AuditEvent, "ip">): Promise<void> {
  return recordAudit({ ...event, ip: clientIp(request) });
}
