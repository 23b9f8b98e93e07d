// Saving a file the console made or the server wrote as the browser's own download.
import { CSV_MIME } from '../../protocol/csv';

const save = (href: string, fileName: string): void => {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  // in the document: some browsers ignore a click on a detached link
  document.body.append(a);
  a.click();
  a.remove();
};

/** Saves text made here as a CSV file `fileName` (the name includes its extension). */
export function saveCsv(text: string, fileName: string): void {
  const href = URL.createObjectURL(new Blob([text], { type: CSV_MIME }));
  save(href, fileName);
  // the download has started by then; the object URL would otherwise live as long as the page
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Saves a file the server wrote (an export job's short-lived link). */
export const saveLink = (url: string, fileName: string): void => save(url, fileName);
