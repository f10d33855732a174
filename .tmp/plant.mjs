import Database from "better-sqlite3";
import { plantSessionRow } from "/work/wt/14/scripts/plant-session.mjs";
const db = new Database("/tmp/a14/glow.db");
const id = db.prepare("select id from users where email = ?").get(process.argv[2]).id;
console.log(plantSessionRow(db, id));
