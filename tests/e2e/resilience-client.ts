import type { FakePaystack } from "../fake-paystack";
import type { SqlHandle } from "./resilience-lib";

// Simulated customers for the resilience tests: each one is a sequential HTTP client with its own cookies and its
// own client address (X-Forwarded-For, as the proxy in front would set it), doing what people do on Glow: browse,
// sign in through /login, book a time, pay online (through the fake Paystack), in person or with AutoCredit,
// cancel, reschedule. Every request states the statuses it may get; anything else, a connection error or a timeout
// is an error of the run. Every booking and payment the server acknowledged is recorded, with the state the
// appointment must then be in, so the tests can check afterwards that none was lost.

export interface Sample {
  label: string;
  status: number;
  ms: number;
}

/** What an appointment must look like in the database, as far as a client knows. */
export interface ApptState {
  status: "held" | "requested" | "cancelled";
  payment_status: "unpaid" | "paid" | "refunded";
  payment_method: "online" | "vendor" | "credit" | null;
  starts_at: string;
}

export interface Ack {
  ref: string;
  customerId: number;
  /** Whether a customer's cancellation is refunded: the flag of the service's category (categories.refundable). */
  refundable: boolean;
  /** The days its vendor opens, to move it to. */
  days: string[];
  /** The state after the last acknowledged change. */
  state: ApptState;
  /** The state a change in flight would leave (set before sending it, cleared once the answer is known). */
  pending: ApptState | null;
  /** Online payments started for this order: the provider's reference. */
  references: string[];
}

export interface Service {
  id: number;
  vendorId: number;
  /** Whether a customer's cancellation is refunded (categories.refundable). */
  refundable: boolean;
  /** Lagos days (yyyy-MM-dd) on which the vendor opens, from the day after tomorrow on. */
  days: string[];
}

export class Run {
  readonly samples: Sample[] = [];
  readonly errors: string[] = [];
  /** Failures of requests that were in flight when the test killed the server, or sent after: expected. */
  readonly cutOff: string[] = [];
  readonly acks = new Map<string, Ack>();
  conflicts = 0;
  /** Book Now refused because the customer already had the most open unpaid bookings allowed (the cap on squatting). */
  atCap = 0;
  signIns = 0;
  bookings = 0;
  payments = { online: 0, failedOnline: 0, vendor: 0, credit: 0, webhooks: 0 };
  cancels = 0;
  reschedules = 0;
  /** Set just before the test kills the server. */
  crashing = false;
  startedAt = 0;
  endedAt = 0;

  constructor(
    readonly base: string,
    readonly fake: FakePaystack,
    readonly services: Service[],
    /** The services of one vendor on a few days, which many clients book at once. */
    readonly hot: Service[],
    readonly timeoutMs = 30_000,
  ) {}

  error(message: string) {
    if (this.crashing) this.cutOff.push(message);
    else if (this.errors.length < 500) this.errors.push(message);
  }

  summary() {
    const ms = this.samples.map((s) => s.ms).sort((a, b) => a - b);
    const pct = (p: number) => (ms.length ? Math.round(ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))]!) : 0);
    const seconds = (this.endedAt - this.startedAt) / 1000;
    const statuses: Record<number, number> = {};
    for (const s of this.samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
    const byKind: Record<string, { n: number; p50: number; p99: number }> = {};
    for (const kind of new Set(this.samples.map((s) => s.label.split(" ")[0]!))) {
      const list = this.samples
        .filter((s) => s.label.split(" ")[0] === kind)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      byKind[kind] = {
        n: list.length,
        p50: Math.round(list[Math.floor(list.length / 2)]!),
        p99: Math.round(list[Math.min(list.length - 1, Math.floor(0.99 * list.length))]!),
      };
    }
    return {
      requests: this.samples.length,
      seconds: Math.round(seconds * 10) / 10,
      rps: Math.round(this.samples.length / seconds),
      p50: pct(50),
      p90: pct(90),
      p99: pct(99),
      max: pct(100),
      statuses,
      errors: this.errors.length,
      bookings: this.bookings,
      conflicts: this.conflicts,
      atCap: this.atCap,
      payments: this.payments,
      cancels: this.cancels,
      reschedules: this.reschedules,
      signIns: this.signIns,
      byKind,
    };
  }
}

interface Reply {
  status: number;
  location: string | null;
  body: string;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const chance = (p: number) => Math.random() < p;

/** yyyy-MM-dd at hour h in Lagos (UTC+1 all year) as the app stores it. */
export const lagosInstant = (day: string, hour: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + (hour - 1) * 3_600_000).toISOString();

/** Lagos days from `from` to `to` days ahead on which a vendor with these ISO weekdays opens. */
export function openDays(openDaysCsv: string, from: number, to: number): string[] {
  const open = openDaysCsv.split(",").map(Number);
  const days: string[] = [];
  for (let d = from; d <= to; d++) {
    const date = new Date(Date.now() + 3_600_000 + d * 86_400_000);
    if (open.includes(date.getUTCDay() || 7)) days.push(date.toISOString().slice(0, 10));
  }
  return days;
}

/** The active services with their vendors' open days (2 to `daysAhead` days out). */
export async function loadServices(sql: SqlHandle, daysAhead: number): Promise<Service[]> {
  const rows = await sql.all<{ id: number; vendor_id: number; refundable: number; open_days: string }>(
    "select s.id, s.vendor_id, c.refundable, v.open_days from services s join vendors v on v.id = s.vendor_id join categories c on c.id = s.category_id where s.status = 'active' order by s.id",
  );
  return rows.map((r) => ({ id: r.id, vendorId: r.vendor_id, refundable: Number(r.refundable) === 1, days: openDays(r.open_days, 2, daysAhead) }));
}

const BROWSE_PAGES = ["/", "/submenu/women", "/submenu/men", "/submenu/spa", "/search/hair", "/search/nails", "/search/braids", "/main/women"];

export class Customer {
  private readonly jar = new Map<string, string>();
  private readonly mine: Ack[] = [];
  signIns = 0;
  cancels = 0;

  constructor(
    private readonly run: Run,
    readonly person: { id: number; email: string },
    private readonly password: string,
    /** This client's address, as the proxy would append it (TEST-NET ranges: a header, never a destination). */
    private readonly ip: string,
  ) {}

  private cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keepCookies(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]!) < Date.now()));
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** One request; null when it failed (recorded as an error of the run, or as cut off by the crash). */
  async send(
    label: string,
    method: "GET" | "POST",
    target: string,
    expect: number[],
    form?: Record<string, string>,
    options: { anonymous?: boolean; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Reply | null> {
    if (this.run.crashing) return null;
    const url = target.startsWith("http") ? target : this.run.base + target;
    const headers: Record<string, string> = { "X-Forwarded-For": this.ip, "User-Agent": "glow-resilience-test", ...options.headers };
    if (!options.anonymous && this.jar.size) headers.Cookie = this.cookieHeader();
    let body: string | undefined = options.body;
    if (form) {
      body = new URLSearchParams(form).toString();
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    }
    if (method === "POST" && !options.anonymous) headers.Origin = this.run.base;
    const started = performance.now();
    try {
      const response = await fetch(url, { method, headers, body, redirect: "manual", signal: AbortSignal.timeout(this.run.timeoutMs) });
      const text = await response.text();
      const ms = performance.now() - started;
      if (!options.anonymous) this.keepCookies(response.headers.getSetCookie());
      this.run.samples.push({ label, status: response.status, ms });
      if (!expect.includes(response.status)) {
        // The form's own error messages say why; otherwise the start of the page.
        const messages = [...text.matchAll(/class="(?:field__error|notice notice--error)"[^>]*>([^<]+)/g)].map((m) => m[1]).join(" | ");
        const snippet =
          messages ||
          text
            .replace(/<[^>]+>/g, " ")
            .replace(/\s+/g, " ")
            .slice(0, 300);
        this.run.error(`${label} ${method} ${target}: HTTP ${response.status} (expected ${expect.join("/")}) ${snippet}`);
        return null;
      }
      return { status: response.status, location: response.headers.get("Location"), body: text };
    } catch (error) {
      const e = error as Error & { cause?: { code?: string; message?: string } };
      const what = e.name === "TimeoutError" ? `timeout after ${this.run.timeoutMs} ms` : `connection error ${e.cause?.code ?? e.cause?.message ?? e.message}`;
      this.run.error(`${label} ${method} ${target}: ${what}`);
      return null;
    }
  }

  /** Follows a redirect as a browser would (a GET of its Location). */
  follow(label: string, reply: Reply, expect = [200]): Promise<Reply | null> {
    return this.send(`${label}`, "GET", reply.location!, expect);
  }

  async signIn(): Promise<boolean> {
    const page = await this.send("login page", "GET", "/login", [200]);
    if (!page) return false;
    const reply = await this.send("login submit", "POST", "/login", [303], {
      email: this.person.email,
      password: this.password,
      redirectTo: "",
      company_fax: "",
    });
    if (!reply) return false;
    if (!this.jar.has("glow_session")) {
      this.run.error(`login submit: no session cookie for ${this.person.email}`);
      return false;
    }
    this.signIns++;
    this.run.signIns++;
    return (await this.follow("login landing", reply)) !== null;
  }

  async signOut(): Promise<boolean> {
    const reply = await this.send("logout", "POST", "/logout", [303], {});
    if (!reply) return false;
    if (this.jar.has("glow_session")) this.run.error("logout: the session cookie was not cleared");
    return (await this.follow("browse home", reply)) !== null;
  }

  async browse(): Promise<void> {
    for (let i = 0, n = 1 + Math.floor(Math.random() * 3); i < n; i++) {
      const service = pick(this.run.services);
      const target = chance(0.35) ? `/details/${service.id}` : pick(BROWSE_PAGES);
      if (!(await this.send(`browse ${target.split("/")[1] || "home"}`, "GET", target, [200]))) return;
    }
  }

  /** Step 1 and step 2: a free time of a service, then one way of paying. */
  async bookAndPay(): Promise<void> {
    const service = chance(0.4) ? pick(this.run.hot) : pick(this.run.services);
    if (!service.days.length) return;
    const day = pick(service.days);
    const page = await this.send("book page", "GET", `/booking?service=${service.id}&date=${day}`, [200]);
    if (!page) return;
    const key = /name="key" value="([\w-]+)"/.exec(page.body)?.[1];
    const times = [...page.body.matchAll(/href="\/booking\?service=\d+&amp;date=[\d-]+&amp;time=(\d+)"/g)].map((m) => Number(m[1]));
    if (!key) return this.run.error(`book page /booking?service=${service.id}&date=${day}: no form key`);
    if (times.length === 0) return; // the day is full: people pick another day
    const hour = pick(times);
    const form: Record<string, string> = { service: String(service.id), date: day, time: String(hour), key };
    // A home service (or a "both" one done at home) needs the address where it happens, as a person would type it.
    if (page.body.includes('name="address"')) form.address = "12 Admiralty Way, Lekki, Lagos";
    if (page.body.includes('name="location"') && chance(0.3)) form.location = "home";
    const booked = await this.send("book submit", "POST", `/booking?service=${service.id}&date=${day}&time=${hour}`, [303, 400, 409], form);
    if (!booked) return;
    // Vendors under load answer no requests, so a customer's "Pay to vendor" requests stay open: at the cap on open
    // unpaid bookings, Book Now is refused with its message, as it should be. Any other 400 is an error.
    if (booked.status === 400) {
      if (!booked.body.includes("unpaid bookings open")) return this.run.error("book submit: 400 without the cap's message");
      this.run.atCap++;
      return;
    }
    if (booked.status === 409) {
      this.run.conflicts++;
      if (!booked.body.includes("That time was just taken")) this.run.error("book submit: 409 without the slot-taken message");
      return;
    }
    const ref = /^\/payment\?order=(GLW-[A-Z0-9]{6})$/.exec(booked.location ?? "")?.[1];
    if (!ref) return this.run.error(`book submit: unexpected redirect ${booked.location}`);
    const ack: Ack = {
      ref,
      customerId: this.person.id,
      refundable: service.refundable,
      days: service.days,
      state: { status: "held", payment_status: "unpaid", payment_method: null, starts_at: lagosInstant(day, hour) },
      pending: null,
      references: [],
    };
    this.run.acks.set(ref, ack);
    this.mine.push(ack);
    this.run.bookings++;

    const step2 = await this.follow("pay page", booked);
    if (!step2) return;
    if (!step2.body.includes(ref)) return this.run.error(`pay page for ${ref} does not show the order`);
    const hasCredit = !step2.body.includes("is less than the total");
    if (hasCredit && chance(0.7)) return void (await this.payWith(ack, "credit"));
    if (chance(0.7)) {
      const paid = await this.payOnline(ack);
      if (paid !== "failed") return;
    }
    await this.payWith(ack, "vendor");
  }

  /** "Pay to vendor" or "Pay with AutoCredit" at step 2. */
  private async payWith(ack: Ack, method: "vendor" | "credit"): Promise<void> {
    ack.pending = { ...ack.state, status: "requested", payment_method: method, payment_status: method === "credit" ? "paid" : "unpaid" };
    const reply = await this.send(`pay ${method}`, "POST", `/payment?order=${ack.ref}`, [303], { order: ack.ref, method, comment: "" });
    if (!reply) return;
    if (reply.location !== `/user/appointment?ref=${ack.ref}`) return this.run.error(`pay ${method} ${ack.ref}: redirected to ${reply.location}`);
    ack.state = ack.pending;
    ack.pending = null;
    this.run.payments[method]++;
    await this.follow("pay done", reply);
  }

  /** Online through the fake Paystack: mostly succeeds; the webhook often races the payer's return. */
  private async payOnline(ack: Ack): Promise<"paid" | "failed" | "error"> {
    const started = await this.send("pay online", "POST", `/payment?order=${ack.ref}`, [303], { order: ack.ref, method: "online", comment: "" });
    if (!started) return "error";
    const reference = /\/pay\/(glw-[0-9a-f]{24})$/.exec(started.location ?? "")?.[1];
    if (!reference || !started.location!.startsWith(this.run.fake.url)) {
      this.run.error(`pay online ${ack.ref}: redirected to ${started.location}, not to the provider`);
      return "error";
    }
    ack.references.push(reference);
    const succeed = chance(0.9);
    ack.pending = succeed ? { ...ack.state, status: "requested", payment_status: "paid", payment_method: "online" } : null;
    const back = this.run.fake.pay(reference, succeed ? "success" : "failed");
    const webhook = succeed && chance(0.5) ? this.webhook(reference) : Promise.resolve(true);
    const [returned] = await Promise.all([this.send("pay return", "GET", back, [303]), webhook]);
    if (!returned) return "error";
    const landed = await this.follow("pay done", returned);
    if (!landed) return "error";
    if (!succeed) {
      this.run.payments.failedOnline++;
      if (!landed.body.includes("The payment did not go through")) this.run.error(`pay return ${ack.ref}: a failed payment did not say so`);
      return "failed";
    }
    if (!landed.body.includes("Payment received")) {
      this.run.error(`pay return ${ack.ref}: no "Payment received" after a successful payment (landed on ${returned.location})`);
      return "error";
    }
    ack.state = ack.pending!;
    ack.pending = null;
    this.run.payments.online++;
    return "paid";
  }

  /** Paystack's server telling us about a charge: signed, no cookies, no browser. */
  async webhook(reference: string): Promise<boolean> {
    const { body, signature } = this.run.fake.webhook(reference);
    const reply = await this.send("webhook", "POST", "/webhooks/paystack", [200], undefined, {
      anonymous: true,
      body,
      headers: { "Content-Type": "application/json", "x-paystack-signature": signature, "X-Forwarded-For": "192.0.2.10" },
    });
    if (reply) this.run.payments.webhooks++;
    return reply !== null;
  }

  /** Cancels one of this customer's requests; a paid, refundable one goes back to AutoCredit. */
  async cancelOne(): Promise<void> {
    const open = this.mine.filter((a) => a.state.status === "requested" && a.pending === null);
    // Paid, refundable ones first: their refund is AutoCredit to pay with later.
    const ack = open.find((a) => a.state.payment_status === "paid" && a.refundable) ?? open[0];
    if (!ack) return;
    const refunded = ack.state.payment_status === "paid" && ack.refundable;
    ack.pending = { ...ack.state, status: "cancelled", payment_status: refunded ? "refunded" : ack.state.payment_status };
    const reply = await this.send("cancel", "POST", "/user/appointment", [303], { intent: "cancel", ref: ack.ref });
    if (!reply) return;
    ack.state = ack.pending;
    ack.pending = null;
    this.cancels++;
    this.run.cancels++;
    await this.follow("cancel done", reply);
  }

  /** Moves one request to another free time of its day (or the next open day); someone may take it first. */
  async rescheduleOne(): Promise<void> {
    const ack = this.mine.find((a) => a.state.status === "requested" && a.pending === null);
    if (!ack) return;
    const day = chance(0.5) ? ack.state.starts_at.slice(0, 10) : pick(ack.days);
    const page = await this.send("reschedule page", "GET", `/user/appointment?ref=${ack.ref}&rdate=${day}`, [200]);
    if (!page) return;
    const hours = [...page.body.matchAll(/name="time"[^>]*value="(\d+)"/g)].map((m) => Number(m[1]));
    if (!hours.length) return;
    const hour = pick(hours);
    ack.pending = { ...ack.state, status: "requested", starts_at: lagosInstant(day, hour) };
    const reply = await this.send("reschedule submit", "POST", "/user/appointment", [303, 409], {
      intent: "reschedule",
      ref: ack.ref,
      date: day,
      time: String(hour),
    });
    if (!reply) return;
    if (reply.status === 409) {
      ack.pending = null;
      this.run.conflicts++;
      return;
    }
    ack.state = ack.pending;
    ack.pending = null;
    this.run.reschedules++;
    await this.follow("reschedule done", reply);
  }

  /** The mix of one load client until `until` (or until the server is killed). */
  async loop(until: () => boolean, options: { browse: number; maxSignIns: number; startAfterMs?: number }): Promise<void> {
    // People arrive over a few seconds rather than at one instant: sign-in is deliberately slow (scrypt).
    if (options.startAfterMs) await new Promise((resolve) => setTimeout(resolve, options.startAfterMs));
    if (until() || this.run.crashing || !(await this.signIn())) return;
    while (!until() && !this.run.crashing) {
      const r = Math.random();
      const paidOnce = this.mine.some((a) => a.state.status === "requested" && a.state.payment_status === "paid" && a.refundable);
      if (r < options.browse) await this.browse();
      else if (this.cancels === 0 && paidOnce && chance(0.5)) await this.cancelOne();
      else if (r < 0.86) await this.bookAndPay();
      else if (r < 0.93) await this.cancelOne();
      else if (r < 0.97) await this.rescheduleOne();
      else if (this.signIns < options.maxSignIns) {
        if (!(await this.signOut())) continue;
        await this.browse();
        await this.signIn();
      } else await this.browse();
      if (!this.jar.has("glow_session") && !(await this.signIn())) return;
    }
  }
}
