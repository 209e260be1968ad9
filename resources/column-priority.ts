/**
 * Which columns of a table stay in view when it is narrow. Each column says how much it matters
 * where it is declared (a field's `priority`, a report column's `priority`): 1 first (in view on a
 * phone), then 2 (a tablet), then 3 (when there is room). A column that says nothing gets a derived
 * one: the first column names the row (1), any other waits for room (3). The table
 * (src/resources/ColumnFit.tsx) shows, at its width, the columns that fit in that order, in their
 * declared places; the rest open under each row. Plain data, shared by the list and report tables.
 */
import type { Field, ResourceDeclaration } from './define.ts';
import type { ReportColumn } from './reports/define.ts';

export type ColumnPriority = NonNullable<Field['priority']>;

export interface PrioritisedColumn {
  name: string;
  priority: ColumnPriority;
}

/** A column's priority: the declared one, else 1 for the first column (it names the row) and 3 for the others. */
export const derivedPriority = (declared: ColumnPriority | undefined, index: number): ColumnPriority =>
  declared ?? (index === 0 ? 1 : 3);

/** The list table's columns of a declared entity, in their order, with their priorities. */
export const listColumnPriorities = (resource: ResourceDeclaration): PrioritisedColumn[] =>
  resource.list.map((name, index) => ({ name, priority: derivedPriority(resource.fields[name]?.priority, index) }));

/** A report's columns (the shown ones, in their order), with their priorities. */
export const reportColumnPriorities = (columns: readonly ReportColumn[]): PrioritisedColumn[] =>
  columns.map((column, index) => ({ name: column.name, priority: derivedPriority(column.priority, index) }));

export interface Room {
  /** The width the table has. */
  available: number;
  /** What the table takes besides its columns (the selection checkboxes, the row actions). */
  fixed: number;
  /** What the row's expand button takes, needed as soon as one column is left out. */
  expander: number;
}

/**
 * The columns left out at this width (none when all fit): the columns are taken by priority, in
 * their order within one, while they fit beside what is taken already; the first that does not
 * fit ends the taking, so no column is in view while one that matters more is not. The first
 * column taken stays whatever its width (past the width, the table scrolls sideways).
 */
export function columnsToLeaveOut(
  columns: readonly PrioritisedColumn[],
  widths: Readonly<Record<string, number>>,
  room: Room,
): string[] {
  const width = (name: string) => widths[name] ?? 0;
  const all = columns.reduce((sum, c) => sum + width(c.name), 0);
  if (room.fixed + all <= room.available) return [];
  const ranked = [...columns].sort((a, b) => a.priority - b.priority);
  let used = room.fixed + room.expander;
  let full = false;
  const out: string[] = [];
  for (const [index, column] of ranked.entries()) {
    if (index > 0 && (full || used + width(column.name) > room.available)) {
      full = true;
      out.push(column.name);
    } else used += width(column.name);
  }
  return out;
}
