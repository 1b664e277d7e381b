/**
 * Hands a file the page holds to the browser's download (a link with `download`, clicked): the API's files need the
 * Bearer token, which a plain link cannot send. The object URL is revoked once the browser has taken the file.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task in every browser; revoking at once may cancel it in some.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
