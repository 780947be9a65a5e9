/** What picking files into a list of files came to: the list, and what was skipped and why. */
export interface FilesPick {
  files: File[];
  /** Picked files already in the list (same name and size): skipped. */
  duplicates: number;
  /** Files of a kind the list does not take: skipped. */
  rejected: number;
  /** Files left out because the list was full. */
  overflow: number;
}

/**
 * Adds picked files to a list (a product's gallery, a request's pictures): files `accepts`
 * refuses and duplicates by name and size are skipped, and no more than `room` are held.
 */
export function addFiles(current: File[], picked: File[], accepts: (file: File) => boolean, room: number): FilesPick {
  const files = [...current];
  let duplicates = 0;
  let rejected = 0;
  let overflow = 0;
  for (const file of picked) {
    if (!accepts(file)) rejected++;
    else if (files.some((f) => f.name === file.name && f.size === file.size)) duplicates++;
    else if (files.length >= room) overflow++;
    else files.push(file);
  }
  return { files, duplicates, rejected, overflow };
}
