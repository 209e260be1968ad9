import type { RuleName } from '../core/rules.ts';
import type { GlobalSearch } from './global-search.ts';
import type { ResourceMessages } from './resource-messages.ts';

/**
 * The resource declaration: one entity declared once, as plain data, read by the console (list
 * table, forms, menu, exports, search) and by the server (CRUD routes, validation, filter and
 * sort whitelists, search, permission checks, organisation scoping). No React, no server imports.
 * docs/adding-an-entity.md walks through it.
 */

export type FieldType =
  | 'text'
  | 'email'
  | 'phone'
  | 'password'
  | 'number'
  | 'boolean'
  | 'date'
  | 'choice'
  | 'reference'
  | 'array'
  | 'object'
  | 'image'
  | 'geometry'
  | 'json';

export type GeometryKind = 'Point' | 'LineString' | 'Polygon';

interface FieldBase {
  type: FieldType;
  /** i18n key of the label; defaults to resources.{resource}.fields.{field}. */
  label?: string;
  required?: boolean;
  default?: unknown;
  /** Shown as a column of the list table (and so in exports) unless the declaration's `list` says otherwise. */
  listed?: boolean;
  /** How much the column matters on a narrow table (resources/column-priority.ts): 1 always in view, then 2, then 3. */
  priority?: 1 | 2 | 3;
  /** Usable as a filter (?filter={"field":...}) and offered in the table's filter bar. */
  filterable?: boolean;
  sortable?: boolean;
  /** Searched by the table's search box (filter q), and by the global search when the declaration has `globalSearch`. */
  searchable?: boolean;
  /** Set by the server or by a dedicated action; never written through create or edit. */
  readOnly?: boolean;
  /** Accepted on create only (a user's initial password), never returned. */
  createOnly?: boolean;
  /** One row per value across the whole table. */
  unique?: boolean;
  /** Column name when it differs from the field name in snake_case. */
  column?: string;
  /**
   * The column may hold null although the field is required or has a default (rows from before
   * the rule, or written by the gateway); such a column has no database default either.
   */
  nullable?: true;
  /**
   * Read from the row a reference field of the same declaration names (an alert's IMEI, from its
   * device): no column of the table, read-only, neither filtered, sorted nor searched.
   */
  via?: { reference: string; field: string };
  /** The form shows the input only while another field holds one of these values (a rule's group, when its vehicles are a group's). */
  shownWhen?: { field: string; is: readonly string[] };
}

export interface TextField extends FieldBase {
  type: 'text' | 'email' | 'phone' | 'password';
  minLength?: number;
  maxLength?: number;
  /**
   * A shared rule of core/rules.ts (IMEI, registration number, GST...): its pattern, lengths,
   * normaliser and message. Phone, e-mail and password fields follow their rule without naming it.
   */
  rule?: RuleName;
  /** For a rule of this field alone: a regular expression source the trimmed value must match. */
  pattern?: string;
  /** i18n key of the message when the pattern does not match. */
  patternMessage?: string;
  multiline?: boolean;
  /** A secret made by the server, answered masked: the edit form reveals it whole from `GET {api}/{id}/{path}` to holders of `permission`. */
  reveal?: { permission: string; path: string };
}
export interface NumberField extends FieldBase {
  type: 'number';
  min?: number;
  max?: number;
  integer?: boolean;
  /** Stored as a 4-byte real instead of a double (a position's speed, heading and altitude). */
  precision?: 'single';
  /** 'duration': a count of days shown as years, months and days (the spec's duration display); 'money': paise shown and typed in rupees. */
  format?: 'duration' | 'money';
}
export interface BooleanField extends FieldBase {
  type: 'boolean';
}
export interface DateField extends FieldBase {
  type: 'date';
}
export interface ChoiceField extends FieldBase {
  type: 'choice';
  choices: readonly string[];
  /** i18n prefix of the choices' labels (`prefix.VALUE`); without it the value itself shows. */
  choiceLabels?: string;
}
export interface ReferenceField extends FieldBase {
  type: 'reference';
  /** The console name of the referenced resource. */
  reference: string;
  /**
   * The name of the referenced row as an object in read answers (`role: {id, name}` beside
   * `roleId`), which writes accept in place of the id too; by default the field's name without `Id`.
   */
  seenAs?: string;
  /** What deleting the referenced row does to this one; by default such a delete is refused while rows point at it. */
  onDelete?: 'cascade' | 'set null';
  /**
   * false: no foreign key, checked on every row written. For the tables the gateway appends to in
   * bulk (positions, raw_logs), with ids it has just looked up, where the checks were a fifth of the
   * database's work; what `onDelete` says (or the refusal) is done by a trigger on the referenced
   * table instead (migration 0045).
   */
  foreignKey?: false;
}
export interface ArrayField extends FieldBase {
  /** Items are text, numbers, mobile numbers (kept with +91, as phone fields are) or objects of `item`'s fields. */
  type: 'array';
  of: 'text' | 'number' | 'phone' | 'object';
  minItems?: number;
  maxItems?: number;
  /** The fields of each item when `of` is 'object' (a customer's KYC documents). */
  item?: Record<string, Field>;
  /** i18n keys of the messages for too few and too many items. */
  minItemsMessage?: string;
  maxItemsMessage?: string;
  /** For text items: a pattern each must match, and its message. */
  itemPattern?: string;
  itemPatternMessage?: string;
  /** For text items: each is the id of a row of this resource, picked by name, seen in the caller's scope, labelled by name in reads. */
  reference?: string;
  /** For text items: the values offered as boxes to tick, named by `choiceLabels.VALUE` (a rule's channels). */
  choices?: readonly string[];
  choiceLabels?: string;
}
export interface ObjectField extends FieldBase {
  type: 'object';
  fields: Record<string, Field>;
}
export interface ImageField extends FieldBase {
  type: 'image';
}
export interface GeometryField extends FieldBase {
  type: 'geometry';
  kinds: readonly GeometryKind[];
}
/** Free JSON with a dedicated editor (a role's authScopes). */
export interface JsonField extends FieldBase {
  type: 'json';
  editor?: 'auth-scopes';
}

export type Field =
  | TextField
  | NumberField
  | BooleanField
  | DateField
  | ChoiceField
  | ReferenceField
  | ArrayField
  | ObjectField
  | ImageField
  | GeometryField
  | JsonField;

/**
 * Who owns a row: `organisation` rows carry organisationId and are seen by the owning organisation
 * and those above it; `organisation-tree` is the organisations table itself; `global` rows belong
 * to no organisation (a catalogue) and are guarded by permissions alone; `device-history` rows (a
 * position, an alert) are seen by the organisations that held their device at the row's time
 * (`history` names the two fields), whatever organisation the row carries.
 */
export type Scope = 'organisation' | 'organisation-tree' | 'global' | 'device-history';

export type Action = 'list' | 'create' | 'edit' | 'delete' | 'export';

export type { ResourceMessages } from './resource-messages.ts';

export interface ResourceDeclaration {
  /** The console's resource name, used in i18n keys and the data provider. */
  name: string;
  /** The API collection under /api, as the spec names it. */
  api: string;
  table: string;
  /** The console's list path; add and edit live below it. */
  path: string;
  /** i18n key of the menu entry and page title. */
  title: string;
  /** The module id: the permission to open the screen and to read the collection. */
  module: string;
  scope: Scope;
  /** For `device-history` scope: the fields holding each row's device and its time. */
  history?: { device: string; time: string };
  /** Row ids: uuids, or the bigint serials of the history tables (positions, alerts). */
  ids?: 'uuid' | 'serial';
  /** A small reference list (roles): asked without a range, its list answers every row up to the page limit, not the first ten. */
  referenceList?: true;
  /** false: the table has no created_at and updated_at, and rows carry neither (the history tables). */
  timestamps?: false;
  /** false: rows carry no `labels` and no as-seen objects of their references (they name them with `via` fields). */
  labels?: false;
  /** For `organisation` scope: rows without an organisation are shared with everyone (built-in roles). */
  sharedWhenUnowned?: boolean;
  /** Permission ids of the actions; an action without one does not exist for this entity. */
  permissions: Partial<Record<Exclude<Action, 'list'>, string>>;
  /** Any signed-in user may read the collection for option lists and labels (scoped as usual). */
  readableBySignedIn?: boolean;
  /** Further permission ids, any of which also allows the action (a device's raise-sim-activation creates an order). */
  alsoPermittedBy?: Partial<Record<Exclude<Action, 'list'>, readonly string[]>>;
  /**
   * Permission ids whose holders may list and read the rows too, to pick one in another screen's
   * form (the fitment form's IMEI picker), without the entity's own screen or its export.
   */
  pickableBy?: readonly string[];
  /**
   * Permission ids whose holders may list the rows' ids and names alone (the recordLabel fields,
   * scoped as usual), to pick one in a form of theirs (the item form's vehicle), without reading the
   * rows: no other field, no read of one row, no filter but the search and ids (server/resources/picker.ts).
   */
  namePickableBy?: readonly string[];
  /** Fields a name picker sees besides the recordLabel, to tell rows of one name apart (a user's e-mail). */
  pickerDetail?: readonly string[];
  /** Other modules whose users may list and read the rows too (a report over the same data). */
  readableByModules?: string[];
  fields: Record<string, Field>;
  /** Columns of the list table and the exports, in order. */
  list: readonly string[];
  /** Field(s) that name a row in option lists and search results. */
  recordLabel: readonly string[];
  /** Field(s) that name a referenced row in lists and exports, when not the recordLabel. */
  displayLabel?: readonly string[];
  defaultSort: readonly [string, 'ASC' | 'DESC'];
  /** Its texts in English and Hindi, when they live with the declaration rather than in core/i18n (a unit test checks Hindi has every English key). */
  messages?: { en: ResourceMessages; hi: ResourceMessages };
  /** Extra row actions by permission id, with their i18n label key. */
  rowActions?: readonly { id: string; label: string }[];
  /** Buttons in the list's page header beside Add, by permission id: pages of the entity's own. */
  headerActions?: readonly { id: string; label: string; path: string }[];
  /**
   * Views the console generates; an entity may be list-only, have no edit form, or a form of its own ('custom', routed elsewhere).
   * `list: false`: no screen and no module of its own; the pages of its `module` (a report, the playback) show the rows.
   */
  views?: { list?: false; create?: boolean | 'custom'; edit?: boolean | 'custom' };
  /** i18n key of the list's no-results message. */
  emptyMessage?: string;
  /** i18n key of the search box's placeholder, when the screen has its own. */
  searchPlaceholder?: string;
  /** The filter the list opens with (the SIM orders open on INITIATED). */
  defaultFilter?: Record<string, unknown>;
  /** Choice fields offered as a side panel of filters on wide screens. */
  filterPanel?: readonly string[];
  /** The menu group badge, as the module registry shows it. */
  menu?: { group?: 'management' | 'top' | 'hidden'; badge?: 'new' | 'beta' };
  /** Module actions the registry lists beyond the CRUD ones (permission ids of extra pages). */
  extraPermissions?: readonly string[];
  /** false: its list pages are never kept in memory nor its table watched (raw logs, appended to on every gateway batch). */
  listCache?: false;
  /** Searched by the global search, under this category (resources/global-search.ts); its `searchable` fields are. */
  globalSearch?: GlobalSearch;
  /** A field the create answers whole this once (a signing secret): the Add form shows it in a dialog before going back to the list; i18n keys of its title and text. */
  shownOnce?: { field: string; title: string; message: string };
}

/** Whether the console has a list screen of the resource, and the registry a module for it. */
export const hasOwnScreen = (declaration: ResourceDeclaration): boolean => declaration.views?.list !== false;

export function defineResource<const T extends ResourceDeclaration>(declaration: T): T {
  return declaration;
}

type Options<F> = Omit<F, 'type'>;
type NoOptions = Record<never, never>;
// The helpers keep the options' literal types (required: true, default: 0), so server/db/declared.ts
// can type each field's column: whether it is NOT NULL, has a default, which value it holds.
export const text = <const O extends Options<TextField> = NoOptions>(o: O = {} as O) => ({
  type: 'text' as const,
  ...o,
});
export const email = <const O extends Options<TextField> = NoOptions>(o: O = {} as O) => ({
  type: 'email' as const,
  ...o,
});
export const phone = <const O extends Options<TextField> = NoOptions>(o: O = {} as O) => ({
  type: 'phone' as const,
  ...o,
});
export const password = <const O extends Options<TextField> = NoOptions>(o: O = {} as O) => ({
  type: 'password' as const,
  createOnly: true,
  ...o,
});
export const number = <const O extends Options<NumberField> = NoOptions>(o: O = {} as O) => ({
  type: 'number' as const,
  ...o,
});
export const boolean = <const O extends Options<BooleanField> = NoOptions>(o: O = {} as O) => ({
  type: 'boolean' as const,
  ...o,
});
/** `default: 'now'` on a read-only date: the database stamps the time of the insert. */
export const date = <const O extends Options<DateField> = NoOptions>(o: O = {} as O) => ({
  type: 'date' as const,
  ...o,
});
export const choice = <const O extends Options<Omit<ChoiceField, 'choices'>> = NoOptions>(
  choices: readonly string[],
  o: O = {} as O,
) => ({ type: 'choice' as const, choices, ...o });
export const reference = <const O extends Options<Omit<ReferenceField, 'reference'>> = NoOptions>(
  target: string,
  o: O = {} as O,
) => ({ type: 'reference' as const, reference: target, ...o });

/**
 * The as-seen name of a reference field (`roleId` → `role`), or undefined where there is none: a
 * field not named `…Id` without `seenAs`, or one whose as-seen name is a field of its own.
 */
export function seenAsName(resource: ResourceDeclaration, name: string): string | undefined {
  const field = resource.fields[name];
  if (field?.type !== 'reference') return undefined;
  const seen = field.seenAs ?? (name.endsWith('Id') && name.length > 2 ? name.slice(0, -2) : undefined);
  return seen && !(seen in resource.fields) ? seen : undefined;
}
export const array = <const Of extends ArrayField['of'], const O extends Options<Omit<ArrayField, 'of'>> = NoOptions>(
  of: Of,
  o: O = {} as O,
) => ({ type: 'array' as const, of, ...o });
export const object = <
  const F extends Record<string, Field>,
  const O extends Options<Omit<ObjectField, 'fields'>> = NoOptions,
>(
  fields: F,
  o: O = {} as O,
) => ({ type: 'object' as const, fields, ...o });
export const image = <const O extends Options<ImageField> = NoOptions>(o: O = {} as O) => ({
  type: 'image' as const,
  ...o,
});
export const geometry = <const O extends Options<Omit<GeometryField, 'kinds'>> = NoOptions>(
  kinds: readonly GeometryKind[],
  o: O = {} as O,
) => ({ type: 'geometry' as const, kinds, ...o });
/** Free JSON; the server types its column by the default's type (`default: [] as AuthScope[]`), else unknown. */
export const json = <const O extends Options<JsonField> = NoOptions>(o: O = {} as O) => ({
  type: 'json' as const,
  ...o,
});

/** The organisation a row belongs to; added to every `organisation`-scoped declaration. */
export const organisationField = (o: Options<Omit<ReferenceField, 'reference'>> = {}): ReferenceField =>
  reference('organisation', { label: 'resources.common.organisation', listed: true, filterable: true, ...o });

/**
 * What every read-only history of a device shares (positions, event logs): rows written by the
 * gateway, seen by who held the device at `time`, serial ids, no timestamps, no labels, no writes
 * and no screen of their own.
 */
export const deviceHistory = (time: string) => ({
  scope: 'device-history' as const,
  history: { device: 'deviceId', time },
  ids: 'serial' as const,
  timestamps: false as const,
  labels: false as const,
  permissions: {},
  views: { list: false as const, create: false, edit: false },
});

/** The usual CRUD permission ids of an entity: add-x, edit-x, delete-x, export-x. */
export function crudPermissions(entity: string): Required<ResourceDeclaration['permissions']> {
  return { create: `add-${entity}`, edit: `edit-${entity}`, delete: `delete-${entity}`, export: `export-${entity}` };
}

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function columnOf(name: string, field: Field): string {
  return field.column ?? snakeCase(name);
}

export function fieldLabel(declaration: ResourceDeclaration, name: string): string {
  return declaration.fields[name]?.label ?? `resources.${declaration.name}.fields.${name}`;
}

/** A text field (or array items) holding the address of an image uploaded to /api/file: the server lets the entity's editors upload. */
export const UPLOADED_IMAGE_PATTERN = '^/api/file/image/[A-Za-z0-9._-]+$';
/** An uploaded KYC document: the DOC folder, readable only by signed-in users of the organisations concerned; an image address is still accepted from older records and API clients. */
export const UPLOADED_DOCUMENT_PATTERN = '^/api/file/(doc|image)/[A-Za-z0-9._-]+$';
