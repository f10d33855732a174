import { Link } from "@remix-run/react";

/** A vendor's earned verification level, linking to what it means (/badges); nothing before Level 1. */
export function LevelBadge({ level }: { level: number }) {
  if (level < 1) return null;
  return (
    <Link to="/badges" className="level-badge" aria-label={`Level ${level}: what our badges mean`}>
      Level {level}
    </Link>
  );
}
