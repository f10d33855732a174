// `npm run restore -- FOLDER [--force]`: puts a backup made by `npm run backup` back into the database and uploads
// folder that the app's settings name (DATABASE_URL, DATABASE_SCHEMA). Run it with the app stopped. It refuses a
// database that already holds data unless --force says to replace it. See docs/operations.md#backups.
import { Refusal, restore, settingsFrom } from "./backup-lib.mjs";

const args = process.argv.slice(2);
const force = args.includes("--force");
const folder = args.find((a) => !a.startsWith("--"));
if (!folder) {
  console.error("usage: npm run restore -- FOLDER [--force]");
  process.exit(2);
}
try {
  const { manifest, uploads, seconds } = await restore(settingsFrom(process.env), folder, { force });
  console.log(`restored the backup of ${manifest.takenAt} (${manifest.dialect}, ${uploads} upload${uploads === 1 ? "" : "s"} copied) in ${seconds} s`);
} catch (error) {
  console.error(error instanceof Refusal ? error.message : error);
  process.exit(1);
}
