import type { SwaggerTransform } from '@fastify/swagger';
import { said } from '../resources/messages.ts';
import { spoken } from '../http/errors.ts';
import { envelope, errors, obj } from './shared.ts';

/**
 * The OpenAPI document of the uploads (server/files/routes.ts). An upload is multipart, which
 * @fastify/multipart reads in the handler (request.parts()), so its body is described to the
 * document alone (`uploadBody`), never given to Fastify to validate: there is no JSON body to check.
 */

const URL = '/api/file/image/0f8e2c1a-6b3d-4e5f-9a7b-1c2d3e4f5a6b.jpg';

/** The multipart form of an upload, for the document. */
const UPLOAD_FORM = {
  type: 'object',
  required: ['files'],
  properties: {
    folder: {
      type: 'string',
      enum: ['IMAGE', 'DOC', 'image', 'doc'],
      default: 'IMAGE',
      description: 'IMAGE: jpeg or png (certificates, vehicles, avatars); DOC: jpeg, png or PDF, private (KYC)',
    },
    files: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: { type: 'string', format: 'binary' },
      description:
        'One part per file, at most 5 MiB each (an avatar: one image of at most 1 MiB); read by its first bytes, not its name',
    },
  },
  examples: [{ folder: 'IMAGE', files: ['(the bytes of rc-front.jpg)'] }],
};

/** Puts the upload's multipart form in the document as the route's body. */
export const uploadBody: SwaggerTransform = ({ schema, url }) => ({
  schema: { ...schema, consumes: ['multipart/form-data'], body: UPLOAD_FORM },
  url,
});

const binary = { schema: { type: 'string', format: 'binary' } };

const uploaded = envelope(
  obj(
    {
      url: { type: 'string', description: 'the first file' },
      urls: { type: 'array', items: { type: 'string' }, description: 'every file, in the order sent' },
    },
    ['url', 'urls'],
  ),
  undefined,
);

export const fileDocs = {
  uploaded: {
    200: {
      ...uploaded,
      examples: [
        { success: true, ...spoken(said('api.files.uploaded', { count: 1 })), data: { url: URL, urls: [URL] } },
      ],
    },
    ...errors(400, 401, 403, 413, 429),
  },
  download: {
    200: {
      description:
        'The file, with its type; images are cached for a year (their names never change), DOC files are never cached and come as an attachment',
      content: { 'image/jpeg': binary, 'image/png': binary, 'application/pdf': binary },
    },
    ...errors(400, 401, 404, 429),
  },
};
