import { choice, date, defineResource, json, number, organisationField, reference, text } from '../define.ts';

/** What an audit row tells: a sign-in, a refused one, a sign-out, a change made through the API, or a secret revealed. */
export const AUDIT_EVENTS = ['sign-in', 'sign-in-failed', 'sign-out', 'change', 'secret-revealed'] as const;

/**
 * Who changed what, and from where (server/audit/plugin.ts, docs/security.md): every change made
 * through the API, every sign-in, refused sign-in and sign-out, and every secret revealed. Append-only, like the wallet's
 * ledger (a trigger refuses updates and deletes); read by administrators for their own tree, with
 * the organisation of the user who acted.
 */
export default defineResource({
  name: 'audit-log',
  api: '/audit-log',
  table: 'audit_log',
  path: '/management/audit-log',
  title: 'menu.management.auditLog',
  module: 'management-audit-log',
  scope: 'organisation',
  ids: 'serial',
  timestamps: false,
  labels: false,
  permissions: { export: 'export-audit-log' },
  views: { create: false, edit: false },
  // written by every change: a kept page would be forgotten at once
  listCache: false,
  fields: {
    at: date({ priority: 1, readOnly: true, default: 'now', sortable: true, filterable: true }),
    event: choice(AUDIT_EVENTS, {
      priority: 1,
      readOnly: true,
      required: true,
      filterable: true,
      sortable: true,
      choiceLabels: 'resources.audit-log.events',
    }),
    actorId: reference('user', { priority: 1, readOnly: true, filterable: true, onDelete: 'set null' }),
    /** The account a sign-in named: the actor's username, or what was typed when it matched no account. */
    account: text({ priority: 2, readOnly: true, searchable: true }),
    /** The call: its method and route, e.g. PUT /api/roles/:id. */
    action: text({ priority: 1, readOnly: true, required: true, searchable: true, filterable: true, sortable: true }),
    targetId: text({ priority: 2, readOnly: true, filterable: true }),
    status: number({ priority: 3, readOnly: true }),
    address: text({ priority: 2, readOnly: true, filterable: true }),
    /** What the call sent, passwords, secrets, codes and tokens left out. */
    details: json({ readOnly: true, default: {} }),
    // the acting user's organisation; none for a sign-in that named no account
    organisationId: organisationField({ readOnly: true, nullable: true, onDelete: 'set null' }),
  },
  list: ['at', 'event', 'actorId', 'action', 'targetId', 'address'],
  recordLabel: ['action'],
  defaultSort: ['at', 'DESC'],
  emptyMessage: 'resources.audit-log.empty',
});
