/**
 * A file the user picked, read in the browser as a data URL (`data:<type>;base64,...`), the form
 * the API's image fields take. Rejects with the reader's error when the file cannot be read.
 */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}
