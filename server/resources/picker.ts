/**
 * A name picker's answer: a role that may pick a row in a form of its own (the item form's
 * vehicle) without reading the rows gets their ids and names alone, within its organisation scope
 * as every list is (the declaration's namePickableBy). Its search is the picker's: the text typed
 * (`q`) and the ids of the value shown (`id`), no filter that would tell it more of a row.
 */
import type { ResourceDeclaration } from '../../resources/define.ts';
import { hasPermission } from '../../core/permissions.ts';
import type { Caller } from '../auth/caller.ts';
import { forbidden } from '../http/errors.ts';
import type { ResourceRecord } from './records.ts';

/** The permission ids that read a resource's rows in full: its module, the modules reading it and its pickableBy. */
export const fullReaders = (resource: ResourceDeclaration): string[] => [
  resource.module,
  ...(resource.readableByModules ?? []),
  ...(resource.pickableBy ?? []),
];

/** Who may list the rows: their full readers and the name pickers. */
export const listReaders = (resource: ResourceDeclaration): string[] => [
  ...fullReaders(resource),
  ...(resource.namePickableBy ?? []),
];

/** Whether the caller lists the resource only to pick a row by its name (it holds namePickableBy, no full read). */
export function picksNamesOnly(resource: ResourceDeclaration, caller: Caller): boolean {
  if (!resource.namePickableBy?.length || resource.readableBySignedIn) return false;
  return !fullReaders(resource).some((p) => hasPermission(caller.isSuperAdmin, caller.permissions, p));
}

const PICKER_FILTERS = new Set(['q', 'id']);

const parsed = (raw: unknown): unknown => {
  try {
    return typeof raw === 'string' && raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined; // the list's own parsing answers a malformed query
  }
};

/**
 * A name picker asks with the text typed and the ids shown, sorted by id or name, nothing else: a
 * filter or an order on another field would tell it that field.
 */
export function checkPickerQuery(resource: ResourceDeclaration, query: Record<string, unknown>) {
  const filter = parsed(query.filter);
  if (filter && typeof filter === 'object' && Object.keys(filter).some((name) => !PICKER_FILTERS.has(name)))
    throw forbidden();
  const sort = parsed(query.sort);
  if (Array.isArray(sort) && !['id', ...resource.recordLabel].includes(String(sort[0]))) throw forbidden();
}

/** The rows as a name picker sees them: the id, the fields that name the row and those that tell rows of one name apart. */
export function namesOnly(resource: ResourceDeclaration, rows: ResourceRecord[]): ResourceRecord[] {
  const fields = ['id', ...resource.recordLabel, ...(resource.pickerDetail ?? [])];
  return rows.map((row) => Object.fromEntries(fields.map((name) => [name, row[name]])) as ResourceRecord);
}
