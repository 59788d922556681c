// Copying a value to the clipboard: the Clipboard API where the page has it, else the older
// selection copy (a hub opened over plain HTTP on the home network is not a secure context, and
// browsers give such pages no navigator.clipboard).

/** Whether the text reached the clipboard. */
export async function copyToClipboard(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, page not focused): the selection copy may still work.
    }
  }
  return copyBySelection(text);
}

function copyBySelection(text: string): boolean {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen and out of the accessibility tree for the instant it exists.
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  const focused = document.activeElement;
  // Inside an open modal dialog the rest of the page is inert: the textarea must be in the dialog.
  (document.querySelector('dialog[open]') ?? document.body).appendChild(area);
  try {
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    if (focused instanceof HTMLElement) focused.focus();
  }
}
