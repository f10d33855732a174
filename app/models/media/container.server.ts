// What the video re-write (models/media/remux.server.ts) shares between its MP4 and WebM readers.

/** Random access to a file's bytes, from its path or from memory. */
export interface Source {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

/** What the re-written file is made of, in order: ranges of the source, or bytes of our own. */
export type Piece = { from: number; to: number } | { bytes: Buffer };

export class NotAVideo extends Error {}
