// The calendar's URL: which view, which day, whose column (docs/domain.md, "The calendar"). Shared by the loader's
// reading (query.server.ts) and the page's links, so a link always reads back as what it shows.

export type CalendarView = "day" | "week";

export interface CalendarPlace {
  view: CalendarView;
  day: string;
  member: number | null;
}

export function calendarHref({ view, day, member }: CalendarPlace): string {
  return `/vendor/calendar?view=${view}&date=${day}${member === null ? "" : `&member=${member}`}`;
}
