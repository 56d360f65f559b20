/**
 * Keeps keyboard focus on the page when an action removes or disables the control that had it
 * (WCAG 2.2 success criterion 2.4.3 Focus Order). A browser drops focus
 * to the page body when the focused element leaves the document or becomes disabled; a keyboard or
 * screen reader user then starts again from the top. The rules:
 * - a row's action that takes its row away (approve, reject, decline, delete) puts focus on the
 *   next row's first action (the same column), else the previous row's, else the page's h1; a
 *   card's action that takes its card away (delete, close) the same control of the next card;
 * - a sent message form puts focus back on its first emptied field;
 * - a request's button stays focusable while it runs (`pendingButtonProps`), looking disabled.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { focusPageHeading } from './use-route-focus';

/** Controls a keyboard can reach (a `tabindex="-1"` element is reached only by script). */
const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** How long a watch waits for its row to leave before giving up (ms). */
const WATCH_MS = 30_000;

/** The controls in `root` a keyboard can use now: shown, neither disabled nor busy. */
function controlsIn(root: Element | null | undefined): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) =>
      !el.hasAttribute('data-disabled') &&
      el.getAttribute('aria-disabled') !== 'true' &&
      el.getClientRects().length > 0,
  );
}

/**
 * Where a control stands in its list: a table row (the control's cell is its slot) or a card of a
 * list (`li`; the control's place among the card's controls is its slot).
 */
interface Place {
  item: HTMLElement;
  /** The rows' or cards' parent (a table body, a `ul`). */
  list: HTMLElement;
  index: number;
  /** A row's cell index, or a card's control index. */
  slot: number;
  row: boolean;
}

function placeOf(trigger: HTMLElement): Place | null {
  const row = trigger.closest('tr');
  if (row?.parentElement) {
    const slot = trigger.closest('td')?.cellIndex ?? 0;
    return { item: row, list: row.parentElement, index: row.sectionRowIndex, slot, row: true };
  }
  const card = trigger.closest('li');
  if (!card?.parentElement) return null;
  const index = Array.from(card.parentElement.children).indexOf(card);
  return { item: card, list: card.parentElement, index, slot: controlsIn(card).indexOf(trigger), row: false };
}

/** The control of `item` in `slot` (a row's cell, a card's n-th control), else its first one. */
function controlOf(item: Element, slot: number, row: boolean): HTMLElement | null {
  if (row) {
    const cell = (item as HTMLTableRowElement).cells[slot];
    return controlsIn(cell)[0] ?? controlsIn(item)[0] ?? null;
  }
  const controls = controlsIn(item);
  return controls[slot] ?? controls[0] ?? null;
}

/**
 * Focuses the nearest item of `list` (a table body's rows, a list's cards) that has a control: the
 * item now at `index` (the one after a removed item), then those after it, then those before it,
 * skipping `skip` (an item that stayed but has nothing left to press). In each item the control in
 * `slot` comes first: the same column of a row (the first action of the next row), the same place
 * in a card. With no such item (the list is empty), focuses the page's h1. Answers the element
 * focused, or null when there was nothing to focus.
 */
export function focusNextItem(
  list: Element,
  index: number,
  {
    slot = 0,
    row = list instanceof HTMLTableSectionElement,
    skip,
  }: { slot?: number; row?: boolean; skip?: Element } = {},
): HTMLElement | null {
  const items = Array.from(list.children);
  const start = Math.min(Math.max(index, 0), items.length);
  const order = [...items.slice(start), ...items.slice(0, start).reverse()];
  for (const item of order) {
    const control = item === skip ? null : controlOf(item, slot, row);
    if (control) {
      control.focus();
      return control;
    }
  }
  return focusPageHeading() ? (document.activeElement as HTMLElement) : null;
}

/** Whether the focus is nowhere a user put it: on the body or on an element that has left. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * Watches `trigger` (a row's or card's button whose action was confirmed and now runs) and, once
 * the action takes its row away or disables it, moves focus by `focusNextItem` if it was left on
 * the body: the same item's next usable control when the item stays, the next (or previous) item's
 * when it leaves, the page's h1 when the list is gone. While the trigger stays usable and focus
 * falls to the body (a closing dialog handing focus back), focus goes back to the trigger. Stops
 * once it placed focus, when the user moves focus elsewhere (outside a dialog), or after 30 s.
 * Works outside React: the row's component unmounts with the row, the watch does not.
 */
export function keepFocusAfterRemoval(trigger: HTMLElement): void {
  const place = placeOf(trigger);

  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  const check = () => {
    const active = document.activeElement;
    if (!focusLost() && active !== trigger) {
      // focus is in the closing confirmation, or the user went on: the latter ends the watch
      if (!active?.closest('[role="dialog"]')) stop();
      return;
    }
    if (trigger.isConnected && !trigger.matches(':disabled')) {
      if (active !== trigger) trigger.focus();
      return;
    }
    if (place?.list.isConnected) {
      const { item, list, index, slot, row } = place;
      const stayed = item.isConnected ? item : undefined;
      const inItem = stayed ? controlOf(stayed, slot, row) : null;
      if (inItem) inItem.focus();
      else focusNextItem(list, stayed ? index + 1 : index, { slot, row, skip: stayed });
    } else {
      focusPageHeading();
    }
    stop();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  const timer = window.setTimeout(stop, WATCH_MS);
}

/**
 * The props of a button while its request runs: it looks disabled (Mantine's `data-disabled`) and
 * says so (`aria-disabled`) but keeps focus, which a `disabled` button would drop to the body. Its
 * click handler must ignore presses while `pending`.
 */
export function pendingButtonProps(pending: boolean) {
  return pending ? { 'data-disabled': true, 'aria-disabled': true } : {};
}

/** Text fields a message form empties after sending. */
const TEXT_FIELDS = 'input:not(:disabled):not([type="hidden"]), textarea:not(:disabled)';

/** Focuses the first empty text field of `form` (else its first field); false when it has none. */
export function focusFirstEmptyField(form: HTMLFormElement | null): boolean {
  const fields = Array.from(
    form?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS) ?? [],
  );
  const field = fields.find((f) => f.value === '') ?? fields[0];
  field?.focus();
  return Boolean(field);
}

/**
 * Focus for a message form that empties itself once sent (its send button is disabled while the
 * request runs, which drops focus to the body): `capture(event)` in the submit handler remembers
 * the form; `refocus(empty)` in the success callback empties the form (`empty`, e.g. its reset)
 * and focuses its first emptied field after React has rendered the emptied values.
 */
export function useFocusAfterSend() {
  const form = useRef<HTMLFormElement | null>(null);
  const [sent, setSent] = useState(0);
  useEffect(() => {
    if (sent > 0) focusFirstEmptyField(form.current);
  }, [sent]);
  return {
    capture: (event?: FormEvent<HTMLFormElement>) => {
      form.current = event?.currentTarget ?? null;
    },
    refocus: (empty?: () => void) => {
      empty?.();
      setSent((n) => n + 1);
    },
  };
}
