// Loaders import the clock through this module. A `.server` module is empty in the browser build, so a page
// whose component never formats a date does not pull date-fns into its JavaScript: importing ~/utils/time
// directly keeps the shared chunk that holds date-fns attached to the page even when nothing from it is used.
export { addDaysToDay, formatDate, formatDay, formatTime, isBeforeToday, lagosInstant, lagosToday, parseDayInput } from "./time";
