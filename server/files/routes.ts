import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { PUBLIC, SIGNED_IN } from '../http/permissions.ts';
import { HttpError, badRequest, forbidden, notFound, spoken, unauthorized } from '../http/errors.ts';
import type { Db } from '../db/client.ts';
import { mayUpload } from './who-may-upload.ts';
import { mayReadDocument } from './private-documents.ts';
import { describeSize, withinQuota, type UploadQuota } from './quota.ts';
import { said } from '../resources/messages.ts';
import { fileDocs, uploadBody } from '../openapi/files.ts';

export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
/** One's own avatar through the profile: the only upload a role without an upload form may make. */
export const AVATAR_LIMIT_BYTES = 1024 * 1024;
export const NO_UPLOAD_MESSAGE = said('api.files.noUpload');
export const UPLOAD_MAX_FILES = 10;
export const WRONG_TYPE_MESSAGE = said('api.files.wrongType');
const FOLDERS = ['IMAGE', 'DOC'] as const;
type Folder = (typeof FOLDERS)[number];

interface Kind {
  ext: string;
  type: string;
  magic: number[];
}
const KINDS: Kind[] = [
  { ext: 'jpg', type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { ext: 'png', type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { ext: 'pdf', type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];
/** What each folder accepts: images are jpeg and png only (spec), documents may also be PDF. */
const ACCEPTED: Record<Folder, string[]> = { IMAGE: ['jpg', 'png'], DOC: ['jpg', 'png', 'pdf'] };

/** The file's kind from its first bytes, never from its name or the browser's claim. */
export function sniff(bytes: Buffer): Kind | undefined {
  return KINDS.find((k) => k.magic.every((b, i) => bytes[i] === b));
}

/**
 * POST /file (multipart: folder, files) stores uploads under generated names and answers
 * data.url; GET /file/{folder}/{name} serves them back with their type. Names are random UUIDs,
 * so an image is reachable only by whoever was given its address (certificate pages are public);
 * a DOC upload (KYC documents) only by a signed-in caller its organisations concern (private-documents.ts).
 * Only holders of a form with an upload field may upload, any signed-in user their avatar
 * (?for=avatar: one small image), and each upload counts towards the user's and organisation's quota.
 */
export async function fileRoutes(
  app: FastifyInstance,
  db: Db,
  { uploadDir, uploadQuota }: { uploadDir: string; uploadQuota: UploadQuota },
) {
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: UPLOAD_MAX_FILES, fields: 5 } });

  app.post<{ Querystring: { for?: 'avatar' } }>(
    '/file',
    {
      config: { permission: SIGNED_IN, swaggerTransform: uploadBody },
      schema: {
        tags: ['files'],
        summary:
          "Upload files (multipart: folder IMAGE or DOC, files); answers data.url. ?for=avatar: one's own avatar, one image",
        consumes: ['multipart/form-data'],
        querystring: { type: 'object', properties: { for: { type: 'string', enum: ['avatar'] } } },
        response: fileDocs.uploaded,
      },
    },
    async (request) => {
      const caller = await request.loadCaller();
      if (!caller) throw unauthorized();
      const avatar = request.query.for === 'avatar';
      if (!avatar && !mayUpload(caller)) throw forbidden(NO_UPLOAD_MESSAGE);
      if (!request.isMultipart()) throw badRequest(said('api.files.notMultipart'));
      let folder: Folder = 'IMAGE';
      const files: { bytes: Buffer; kind: Kind | undefined }[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'folder') {
              const value = String(part.value).toUpperCase();
              if (!(FOLDERS as readonly string[]).includes(value)) throw badRequest(said('api.files.folder'));
              folder = value as Folder;
            }
            continue;
          }
          const bytes = await part.toBuffer();
          files.push({ bytes, kind: sniff(bytes) });
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, said('api.files.tooLarge', { size: describeSize(UPLOAD_LIMIT_BYTES) }));
        if (code === 'FST_FILES_LIMIT') throw new HttpError(413, said('api.files.tooMany', { max: UPLOAD_MAX_FILES }));
        throw error;
      }
      if (!files.length) throw badRequest(said('api.files.chooseFile'));
      if (files.some((f) => !f.kind || !ACCEPTED[folder].includes(f.kind.ext))) throw badRequest(WRONG_TYPE_MESSAGE);
      if (avatar) {
        if (folder !== 'IMAGE' || files.length !== 1) throw badRequest(said('api.files.avatarOne'));
        if (files[0]!.bytes.length > AVATAR_LIMIT_BYTES)
          throw new HttpError(413, said('api.files.avatarTooLarge', { size: describeSize(AVATAR_LIMIT_BYTES) }));
      }
      const dir = path.join(uploadDir, folder.toLowerCase());
      const named = files.map((file) => {
        const name = `${crypto.randomUUID()}.${file.kind!.ext}`;
        return { ...file, file: path.join(dir, name), url: `/api/file/${folder.toLowerCase()}/${name}` };
      });
      const urls = named.map((f) => f.url);
      await withinQuota(
        db,
        caller,
        uploadQuota,
        named.map((f) => ({ url: f.url, bytes: f.bytes.length })),
        async () => {
          await fs.mkdir(dir, { recursive: true });
          for (const file of named) await fs.writeFile(file.file, file.bytes, { flag: 'wx' });
        },
      );
      return {
        success: true,
        // the spec's words, plural even for one
        ...spoken(said('api.files.uploaded', { count: urls.length })),
        data: { url: urls[0], urls },
      };
    },
  );

  app.get<{ Params: { folder: string; name: string } }>(
    '/file/:folder/:name',
    {
      config: { permission: PUBLIC },
      schema: {
        tags: ['files'],
        summary:
          'An uploaded file: images to anyone with the address, DOC uploads (KYC) to signed-in users of the organisations concerned',
        params: {
          type: 'object',
          properties: {
            folder: { type: 'string', enum: ['image', 'doc'] },
            name: { type: 'string', pattern: '^[0-9a-f-]{36}\\.(jpg|png|pdf)$' },
          },
          required: ['folder', 'name'],
        },
        response: fileDocs.download,
      },
    },
    async (request, reply) => {
      const { folder, name } = request.params;
      const isPrivate = folder === 'doc';
      if (isPrivate) {
        const caller = await request.loadCaller();
        if (!caller) throw unauthorized();
        // another organisation's document is as unknown as a missing one
        if (!(await mayReadDocument(db, caller, `/api/file/doc/${name}`))) throw notFound();
      }
      const kind = KINDS.find((k) => name.endsWith(`.${k.ext}`))!;
      // a PDF (or anything not an image) opened from its address is downloaded, never shown in the console's origin
      const disposition = kind.type.startsWith('image/') ? 'inline' : `attachment; filename="${name}"`;
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(path.join(uploadDir, folder, name));
      } catch {
        throw notFound();
      }
      return reply
        .type(kind.type)
        .header('Cache-Control', isPrivate ? 'private, no-store' : 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', disposition)
        .send(bytes);
    },
  );
}
