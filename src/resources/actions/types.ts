import type { RaRecord } from 'react-admin';

export interface ActionDialogProps {
  /** The rows the action applies to: one from a row menu, several from a bulk selection. */
  ids: string[];
  record?: RaRecord;
  onClose(done: boolean): void;
}

/**
 * An extra action of a declared resource, keyed by its permission id: either `run` at once
 * (answering the server's message) or open `Dialog` to ask for what it needs.
 */
export interface ResourceAction {
  /** Whether the row offers the action (tracking on only when off, and so on). */
  visible?(record: RaRecord): boolean;
  /** Whether the offered action can be used on the row now; otherwise it shows greyed out. */
  enabled?(record: RaRecord): boolean;
  /** i18n key of the tooltip that says why a greyed-out action cannot be used on the row. */
  disabledHint?(record: RaRecord): string;
  run?(record: RaRecord): Promise<{ message: string }>;
  /** Asked before `run`, for an action that changes what the row stands for: i18n keys, the message's values from the row. */
  confirm?: { title: string; message: string; confirmLabel: string; values(record: RaRecord): Record<string, unknown> };
  /** Goes to another screen about the row (live tracking, playback, a report). */
  to?(record: RaRecord): string;
  /** Opens an address in a new tab (a public page about the row, such as its certificate). */
  href?(record: RaRecord): string;
  Dialog?: React.ComponentType<ActionDialogProps>;
  /**
   * What else the action's calls need besides its own permission id, every one of them (as
   * react-admin access checks): the page it opens, the lists its dialog reads. Without them the
   * server answers 403, so the action is not offered.
   */
  needs?: { resource: string; action?: string }[];
  /** Offered for a selection of rows as well. */
  bulk?: boolean;
}
