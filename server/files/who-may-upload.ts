import {
  UPLOADED_DOCUMENT_PATTERN,
  UPLOADED_IMAGE_PATTERN,
  type Field,
  type ResourceDeclaration,
} from '../../resources/define.ts';
import { resources } from '../../resources/modules.ts';
import { hasPermission } from '../../core/permissions.ts';
import type { Caller } from '../auth/caller.ts';

/** Whether a declared field takes an uploaded file: an image field, or text (or its items) that must be an upload's address. */
function takesUpload(field: Field): boolean {
  switch (field.type) {
    case 'image':
      return true;
    case 'text':
      return field.pattern === UPLOADED_IMAGE_PATTERN || field.pattern === UPLOADED_DOCUMENT_PATTERN;
    case 'object':
      return Object.values(field.fields).some(takesUpload);
    case 'array':
      return field.itemPattern === UPLOADED_IMAGE_PATTERN || Object.values(field.item ?? {}).some(takesUpload);
    default:
      return false;
  }
}

function formPermissions(resource: ResourceDeclaration): string[] {
  const { create, edit } = resource.permissions;
  return [create, edit, ...(resource.alsoPermittedBy?.create ?? []), ...(resource.alsoPermittedBy?.edit ?? [])].filter(
    (p): p is string => Boolean(p),
  );
}

/**
 * The permissions that open a form with an upload field (user and organisation forms, the
 * fitment form with its RC, device and KYC images): holding any one of them lets a caller upload.
 * Read from the declarations each time, as an integration may register an entity at run time.
 */
export function uploadPermissions(): string[] {
  return [...new Set(resources.filter((r) => Object.values(r.fields).some(takesUpload)).flatMap(formPermissions))];
}

export function mayUpload(caller: Caller): boolean {
  return uploadPermissions().some((p) => hasPermission(caller.isSuperAdmin, caller.permissions, p));
}
