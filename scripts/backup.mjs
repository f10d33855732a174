// `npm run backup [-- --to DIR]`: a consistent copy of the database and the uploads, taken while the app runs, in a
// new dated folder under DIR (default ./backups). Reads the app's own settings (DATABASE_URL, DATABASE_SCHEMA,
// S3_BUCKET...). How it works and how to schedule it: scripts/backup-lib.mjs, docs/operations.md#backups.
import { backup, Refusal, settingsFrom } from "./backup-lib.mjs";

const at = process.argv.indexOf("--to");
const into = at >= 0 ? process.argv[at + 1] : process.env.BACKUP_DIR || "backups";
if (!into) {
  console.error("usage: npm run backup [-- --to DIR]");
  process.exit(2);
}
try {
  const { folder, manifest } = await backup(settingsFrom(process.env), into);
  const { files, bytes } = manifest.uploads;
  console.log(`backup written to ${folder} (${manifest.dialect}, ${files} upload${files === 1 ? "" : "s"} of ${bytes} bytes, ${manifest.seconds} s)`);
} catch (error) {
  console.error(error instanceof Refusal ? error.message : error);
  process.exit(1);
}
