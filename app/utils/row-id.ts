import * as z from "~/utils/zod";

/** The largest id an integer column holds on both databases; a bigger number is no row of ours, not an error. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id sent by a form (a hidden field, a select, a radio). */
export const rowId = (message = "Choose one of the listed items") => z.number({ error: message }).int(message).positive(message).max(MAX_ROW_ID, message);
