import { Form, Link } from "@remix-run/react";
import type { CalendarBlock, CalendarPayment } from "~/models/team/calendar";
import { formatTime, hourLabel, lagosInstant } from "~/utils/time";

// The calendar's drawing: columns of hour rows (a member's day, or a day of a member's week) with each appointment
// and blocked time placed by its start and end, and the same day as a plain list for a phone. Pure rendering: what
// to show and who may see it comes from the loader.

export const STATE_LABEL: Record<string, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  completed: "Completed",
  no_show: "No-show",
};

export const PAYMENT_LABEL: Record<CalendarPayment, string> = {
  paid: "Paid",
  deposit: "Deposit paid",
  unpaid: "Pay at visit",
  refunded: "Refunded",
};

/** Quarter-hour rows: a block starts and ends on the quarter it falls in. */
const ROWS_PER_HOUR = 4;

function rowsOf(block: CalendarBlock, day: string, hours: number[]): { start: number; end: number } {
  const first = hours[0]!;
  const last = hours[hours.length - 1]! + 1;
  if (block.allDay) return { start: 1, end: hours.length * ROWS_PER_HOUR + 1 };
  const midnight = Date.parse(lagosInstant(day, 0));
  const minutes = (iso: string) => Math.min(last * 60, Math.max(first * 60, (Date.parse(iso) - midnight) / 60_000));
  const start = Math.floor((minutes(block.startsAt) - first * 60) / 15) + 1;
  const end = Math.max(start + 1, Math.ceil((minutes(block.endsAt) - first * 60) / 15) + 1);
  return { start, end };
}

/** What a block says: "10:00 am – 12:00 pm", then client, service, state and payment, or the blocked time's note. */
export function BlockText({ block }: { block: CalendarBlock }) {
  const when = block.allDay ? "All day" : `${formatTime(block.startsAt)} – ${formatTime(block.endsAt)}`;
  if (block.kind === "time-off") {
    return (
      <>
        <span className="cal-block__time">{when}</span>
        <strong>Blocked{block.note ? `: ${block.note}` : ""}</strong>
      </>
    );
  }
  return (
    <>
      <span className="cal-block__time">{when}</span>
      <strong className="cal-block__client">{block.clientName}</strong>
      <span>{block.service}</span>
      <span className="cal-block__state">
        {STATE_LABEL[block.status!] ?? block.status} · {PAYMENT_LABEL[block.payment!]}
      </span>
    </>
  );
}

export interface Column {
  key: string;
  heading: string;
  /** Where the heading leads: a member's week, or a day of the week. */
  headingHref: string;
  day: string;
  memberId: number;
  blocks: CalendarBlock[];
  /** The salon's own booking form for an empty hour; null: no link (a stylist, or a day gone by). */
  newHref: ((hour: number) => string) | null;
  /** Hours already past (no "new appointment" link). */
  pastBefore: number;
}

export interface BlockLinks {
  /** The move panel of an appointment, for whoever may move it. */
  moveHref: ((block: CalendarBlock) => string) | null;
}

function ColumnView({ column, hours, links }: { column: Column; hours: number[]; links: BlockLinks }) {
  const taken = new Set<number>();
  for (const b of column.blocks) {
    const { start, end } = rowsOf(b, column.day, hours);
    for (let r = start; r < end; r++) taken.add(Math.floor((r - 1) / ROWS_PER_HOUR));
  }
  return (
    <section className="cal-col" aria-label={column.heading}>
      <h3 className="cal-col__head">
        <Link to={column.headingHref}>{column.heading}</Link>
      </h3>
      <ol className="cal-col__body" style={{ gridTemplateRows: `repeat(${hours.length * ROWS_PER_HOUR}, var(--cal-quarter))` }}>
        {column.blocks.map((b) => {
          const { start, end } = rowsOf(b, column.day, hours);
          const moveHref = b.kind === "appointment" ? links.moveHref?.(b) : undefined;
          return (
            <li
              key={`${b.kind}-${b.id}`}
              className={`cal-block cal-block--${b.kind === "appointment" ? b.status : "off"}`}
              style={{ gridRow: `${start} / ${end}` }}
            >
              {moveHref ? (
                <Link to={moveHref} className="cal-block__link" aria-label={`${b.clientName}, ${b.service}, ${formatTime(b.startsAt)}: move`}>
                  <BlockText block={b} />
                </Link>
              ) : (
                <BlockText block={b} />
              )}
            </li>
          );
        })}
        {column.newHref
          ? hours.map((h, i) =>
              taken.has(i) || h < column.pastBefore ? null : (
                <li key={`new-${h}`} className="cal-free" style={{ gridRow: `${i * ROWS_PER_HOUR + 1} / ${(i + 1) * ROWS_PER_HOUR + 1}` }}>
                  <Link to={column.newHref!(h)} className="cal-free__link">
                    <span className="visually-hidden">
                      New appointment, {column.heading}, {hourLabel(h)}
                    </span>
                    <span aria-hidden="true">+</span>
                  </Link>
                </li>
              ),
            )
          : null}
      </ol>
    </section>
  );
}

/** Columns side by side over one column of hour labels. */
export function CalendarGrid({ columns, hours, links, label }: { columns: Column[]; hours: number[]; links: BlockLinks; label: string }) {
  return (
    <div className="cal-grid" role="group" aria-label={label}>
      <div className="cal-hours" aria-hidden="true">
        <span className="cal-col__head" />
        <ol className="cal-col__body" style={{ gridTemplateRows: `repeat(${hours.length}, calc(var(--cal-quarter) * ${ROWS_PER_HOUR}))` }}>
          {hours.map((h) => (
            <li key={h} className="cal-hours__label">
              {hourLabel(h)}
            </li>
          ))}
        </ol>
      </div>
      <div className="cal-cols" style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(9rem, 1fr))` }}>
        {columns.map((c) => (
          <ColumnView key={c.key} column={c} hours={hours} links={links} />
        ))}
      </div>
    </div>
  );
}

/** One member's day as a list (the phone's view). */
export function DayList({ blocks, links, emptyText }: { blocks: CalendarBlock[]; links: BlockLinks; emptyText: string }) {
  if (blocks.length === 0) return <p className="empty">{emptyText}</p>;
  return (
    <ol className="cal-list">
      {blocks.map((b) => {
        const moveHref = b.kind === "appointment" ? links.moveHref?.(b) : undefined;
        return (
          <li key={`${b.kind}-${b.id}`} className={`cal-block cal-block--${b.kind === "appointment" ? b.status : "off"}`}>
            <BlockText block={b} />
            {b.kind === "appointment" && b.clientPhone ? <span className="booking__muted">{b.clientPhone}</span> : null}
            {moveHref ? (
              <Link to={moveHref} className="btn btn--outline btn--small cal-list__move">
                Move
              </Link>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The "Remove" button of a blocked time. */
export function UnblockForm({ id, back }: { id: number; back: string }) {
  return (
    <Form method="post" className="row-form">
      <input type="hidden" name="intent" value="unblock" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="btn btn--outline btn--small">
        Remove
      </button>
    </Form>
  );
}
